import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearDependents, filtersOf, nextQuery, parseQuery, serializeQuery } from '@kit/list/list-query';
import { dateShortcuts } from '@kit/list/date-shortcuts';
import { clampPage, countText, pageOfItems, pageOfText, pageWindow, rangeText } from '@kit/list/paging';
import { badgeLabel, badgeTone } from '@kit/display/badges';

const DEFAULTS = { action: '', entity: '', limit: 10, mine: false, view: 'table' };

describe('URL ↔ list state', () => {
  it('reads filters typed like their defaults, page ≥ 1, junk → defaults', () => {
    expect(parseQuery({ action: 'LOGIN', limit: '20', mine: 'true', page: '3' }, DEFAULTS)).toEqual({
      action: 'LOGIN',
      entity: '',
      limit: 20,
      mine: true,
      view: 'table',
      page: 3,
    });
    expect(parseQuery({ limit: 'ten', page: '-2' }, DEFAULTS)).toMatchObject({ limit: 10, page: 1 });
    expect(parseQuery({ page: 'abc' }, DEFAULTS).page).toBe(1);
    expect(parseQuery({ limit: '' }, DEFAULTS).limit).toBe(10);
  });

  it('writes only what differs from the defaults, in the defaults order, page last', () => {
    expect(serializeQuery({ ...parseQuery({}, DEFAULTS), entity: 'School', action: 'CREATE_SCHOOL', page: 2 }, DEFAULTS)).toBe(
      '?action=CREATE_SCHOOL&entity=School&page=2',
    );
    expect(serializeQuery(parseQuery({}, DEFAULTS), DEFAULTS)).toBe('');
    expect(serializeQuery({ action: 'a b&c' }, DEFAULTS)).toBe('?action=a+b%26c');
  });

  it('keeps parameters of the address that the list does not own', () => {
    expect(serializeQuery({ action: 'X', page: 1 }, DEFAULTS, { gradeId: '4', action: 'OLD', page: '9' })).toBe(
      '?action=X&gradeId=4',
    );
  });

  it('round-trips: parse(serialize(state)) === state', () => {
    const state = { action: 'UPDATE_STUDENT', entity: 'Student', limit: 50, mine: true, view: 'cards', page: 7 };
    const search = Object.fromEntries(new URLSearchParams(serializeQuery(state, DEFAULTS)));
    expect(parseQuery(search, DEFAULTS)).toEqual(state);
  });

  it('a filter change returns to page 1; a page change keeps the filters', () => {
    const at5 = parseQuery({ action: 'LOGIN', page: '5' }, DEFAULTS);
    expect(nextQuery(at5, { entity: 'School' })).toMatchObject({ action: 'LOGIN', entity: 'School', page: 1 });
    expect(nextQuery(at5, { limit: 50 }).page).toBe(1);
    expect(nextQuery(at5, { page: 6 })).toMatchObject({ action: 'LOGIN', page: 6 });
    expect(nextQuery(at5, { action: 'LOGIN' }).page).toBe(5); // same value: not a change
    expect(nextQuery(at5, { view: 'cards' }, { keepPage: true }).page).toBe(5);
    expect(nextQuery(at5, { page: 0 }).page).toBe(1);
    // a whole draft (filters + the unchanged current page) still counts as a filter change
    expect(nextQuery(at5, { ...at5, action: 'LOGOUT' }).page).toBe(1);
    expect(nextQuery(at5, { ...at5 }).page).toBe(5);
  });

  it('counts active filters and strips page and empty values for data calls', () => {
    const q = parseQuery({ action: 'LOGIN', limit: '20', page: '2' }, DEFAULTS);
    expect(activeFilterCount(q, DEFAULTS)).toBe(2);
    expect(activeFilterCount(q, DEFAULTS, ['limit'])).toBe(1);
    expect(filtersOf(q)).toEqual({ action: 'LOGIN', limit: 20, mine: false, view: 'table' });
  });
});

describe('pager', () => {
  it('shows at most 5 consecutive pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual({ pages: [1], gapBefore: false, gapAfter: false });
    expect(pageWindow(2, 3)).toEqual({ pages: [1, 2, 3], gapBefore: false, gapAfter: false });
    expect(pageWindow(1, 5).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 20)).toEqual({ pages: [1, 2, 3, 4, 5], gapBefore: false, gapAfter: true });
    expect(pageWindow(10, 20)).toEqual({ pages: [8, 9, 10, 11, 12], gapBefore: true, gapAfter: true });
    expect(pageWindow(20, 20)).toEqual({ pages: [16, 17, 18, 19, 20], gapBefore: true, gapAfter: false });
    expect(pageWindow(19, 20).pages).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(3, 6)).toEqual({ pages: [1, 2, 3, 4, 5], gapBefore: false, gapAfter: true });
    expect(pageWindow(99, 7).pages).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0).pages).toEqual([1]);
  });

  it('keeps pages inside 1..totalPages', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });

  it('writes the spec footers', () => {
    expect(pageOfText({ page: 2, totalPages: 7 })).toBe('Page 2 of 7');
    expect(rangeText({ page: 1, limit: 10, total: 23 }, 'inquiries')).toBe('Showing 1 to 10 of 23 inquiries');
    expect(rangeText({ page: 3, limit: 10, total: 23 }, 'inquiries')).toBe('Showing 21 to 23 of 23 inquiries');
    expect(rangeText({ page: 1, limit: 10, total: 0 }, 'inquiries')).toBe('Showing 0 to 0 of 0 inquiries');
    expect(countText(20, 45, 'archived students')).toBe('Showing 20 of 45 archived students');
  });

  it('pages a list held in the browser, clamping a page past the end', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOfItems(items, 3, 10)).toEqual({
      rows: [21, 22, 23],
      pagination: { total: 23, page: 3, limit: 10, totalPages: 3, hasNextPage: false, hasPrevPage: true },
    });
    expect(pageOfItems(items, 9, 10).pagination.page).toBe(3);
    expect(pageOfItems([], 1, 10)).toEqual({
      rows: [],
      pagination: { total: 0, page: 1, limit: 10, totalPages: 1, hasNextPage: false, hasPrevPage: false },
    });
  });
});

describe('badge colours (System Logs)', () => {
  it('SMS: SENT/DELIVERED green, FAILED red, others neutral', () => {
    expect(badgeTone('sms', 'SENT')).toBe('green');
    expect(badgeTone('sms', 'DELIVERED')).toBe('green');
    expect(badgeTone('sms', 'FAILED')).toBe('red');
    expect(badgeTone('sms', 'UNCERTAIN')).toBe('yellow');
    expect(badgeTone('sms', 'PENDING')).toBe('gray');
    expect(badgeTone('sms', undefined)).toBe('gray');
  });

  it('Active/Inactive', () => {
    expect([badgeTone('active', true), badgeLabel('active', true)]).toEqual(['green', 'Active']);
    expect([badgeTone('active', 1), badgeLabel('active', 0)]).toEqual(['green', 'Inactive']);
    expect(badgeTone('active', false)).toBe('gray');
  });

  it('attendance, order and device statuses each have their own colour', () => {
    expect(['PRESENT', 'ABSENT', 'LATE', 'EXCUSED'].map((s) => badgeTone('attendance', s))).toEqual([
      'green',
      'red',
      'yellow',
      'blue',
    ]);
    const orders = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'];
    expect(new Set(orders.map((s) => badgeTone('order', s))).size).toBe(5);
    expect(orders.map((s) => badgeLabel('order', s))).toEqual(['Pending', 'Confirmed', 'In Progress', 'Completed', 'Cancelled']);
    expect(['ACTIVE', 'INACTIVE', 'MAINTENANCE'].map((s) => badgeTone('device', s))).toEqual(['green', 'gray', 'yellow']);
  });

  it('log actions by keyword: four distinct colours, anything else neutral', () => {
    const tones = ['LOGIN', 'CREATE_SCHOOL', 'UPDATE_STUDENT', 'DELETE_DEVICE'].map((a) => badgeTone('logAction', a));
    expect(new Set(tones).size).toBe(4);
    expect(badgeTone('logAction', 'LOGOUT')).toBe(badgeTone('logAction', 'LOGIN'));
    expect(badgeTone('logAction', 'ADD_FEATURE')).toBe(badgeTone('logAction', 'CREATE_SCHOOL'));
    expect(badgeTone('logAction', 'EDIT_ADMIN')).toBe(badgeTone('logAction', 'UPDATE_PROFILE'));
    expect(badgeTone('logAction', 'REMOVE_IMAGE')).toBe(badgeTone('logAction', 'DELETE_SYSTEM'));
    expect(badgeTone('logAction', 'update_school')).toBe(badgeTone('logAction', 'UPDATE_SCHOOL'));
    // whole words only: ADDRESS is not ADD
    expect(badgeTone('logAction', 'VERIFY_ADDRESS')).toBe('gray');
    expect(badgeTone('logAction', 'ARCHIVE_STUDENT')).toBe('gray');
  });

  it('log actions read as words, a code nobody named by its verb in the past tense', () => {
    const cases: Array<[string, string]> = [
      ['CREATE_RFID_READER', 'Created RFID reader'],
      ['CREATE_SCHOOL', 'Created school'],
      ['LOGIN', 'Signed in'],
      ['LOGIN_FAILED', 'Sign-in failed'],
      ['SMS_FAILED', 'SMS failed'],
      ['DELETE_FACEBOOK_PAGE', 'Deleted Facebook page'],
      ['RECORD_LEARNER_MOVEMENT', 'Recorded learner movement'],
      ['SEND_GROUP_MESSAGE', 'Messaged a class'],
      // Unknown codes: a known verb, or the words as they are.
      ['RETIRE_GATE_BEACON', 'Retired gate beacon'],
      ['FROBNICATE_SMS_WIDGET', 'Frobnicate SMS widget'],
      ['', ''],
    ];
    for (const [code, words] of cases) expect(badgeLabel('logAction', code), code).toBe(words);
  });
});

describe('dependent filters and date shortcuts', () => {
  const DEPENDENTS = { schoolId: ['gradeId', 'sectionId', 'readerId'], gradeId: ['sectionId'] } as const;
  type F = { schoolId: string; gradeId: string; sectionId: string; readerId: string; status: string };

  it('clears what hangs on a changed filter, keeps what the change sets itself and what does not depend on it', () => {
    expect(clearDependents<F>({ schoolId: '2' }, DEPENDENTS)).toEqual({
      schoolId: '2',
      gradeId: '',
      sectionId: '',
      readerId: '',
    });
    expect(clearDependents<F>({ gradeId: '3' }, DEPENDENTS)).toEqual({ gradeId: '3', sectionId: '' });
    expect(clearDependents<F>({ gradeId: '3', sectionId: '9' }, DEPENDENTS)).toEqual({ gradeId: '3', sectionId: '9' });
    expect(clearDependents<F>({ status: 'LATE' }, DEPENDENTS)).toEqual({ status: 'LATE' });
  });

  it('offers today, this month so far and the whole last month, across a year and a leap February', () => {
    expect(dateShortcuts('2026-11-04')).toEqual([
      { label: 'Today', startDate: '2026-11-04', endDate: '2026-11-04' },
      { label: 'This month', startDate: '2026-11-01', endDate: '2026-11-04' },
      { label: 'Last month', startDate: '2026-10-01', endDate: '2026-10-31' },
    ]);
    expect(dateShortcuts('2027-01-15')[2]).toEqual({ label: 'Last month', startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(dateShortcuts('2028-03-31')[2]).toEqual({ label: 'Last month', startDate: '2028-02-01', endDate: '2028-02-29' });
  });
});
