import { describe, expect, it } from 'vitest';
import type { Inquiry } from '@domain/inquiries';
import {
  dayEnd,
  dayStart,
  filterInquiries,
  INQUIRY_DEFAULT_PAGE_SIZE,
  INQUIRY_PAGE_SIZES,
  INQUIRY_TRUNCATE,
  inquiryPageSize,
} from '@features/inquiries/inquiry-list';
import { truncateText } from '@shared/printable';

/** Local wall-clock time → ISO (the browser compares in its own time zone, as these tests do). */
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).toISOString();

let nextId = 1;
const inquiry = (over: Partial<Inquiry>): Inquiry => {
  const id = nextId++;
  return {
    _id: id,
    id,
    email: 'parent@school.test',
    subject: 'Question',
    inquiry: 'Hello',
    createdAt: local(2025, 11, 16, 12),
    updatedAt: local(2025, 11, 16, 12),
    ...over,
  };
};
const none = { email: '', subject: '', startDate: '', endDate: '' };
const ids = (list: Inquiry[]) => list.map((q) => q.id);

describe('truncateText (subject 30, message 60)', () => {
  it('keeps text up to the limit and cuts longer text with ...', () => {
    expect(INQUIRY_TRUNCATE).toEqual({ subject: 30, message: 60 });
    expect(truncateText('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(truncateText('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncateText('b'.repeat(61), 60)).toBe(`${'b'.repeat(60)}...`);
    expect(truncateText('', 30)).toBe('');
    expect(truncateText(null, 30)).toBe('');
  });

  it('never cuts a character in half', () => {
    expect(truncateText('😀'.repeat(31), 30)).toBe(`${'😀'.repeat(30)}...`);
    expect(truncateText('😀'.repeat(30), 30)).toBe('😀'.repeat(30));
  });

  it('returns markup as plain text (the screen renders it as text)', () => {
    expect(truncateText('<img src=x onerror=alert(1)>', 60)).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('inquiryPageSize (5, 10, 20, 50; default 10)', () => {
  it('accepts the listed sizes and falls back to 10', () => {
    // Literal values: comparing the module's constants with themselves could never fail.
    expect(INQUIRY_PAGE_SIZES).toEqual([5, 10, 20, 50]);
    expect([5, 10, 20, 50].map(inquiryPageSize)).toEqual([5, 10, 20, 50]);
    expect([0, 7, 100, -5, Number.NaN].map(inquiryPageSize)).toEqual([10, 10, 10, 10, 10]);
    expect(INQUIRY_DEFAULT_PAGE_SIZE).toBe(10);
  });
});

describe('dayStart / dayEnd', () => {
  it('bound a local day from 00:00:00.000 to 23:59:59.999', () => {
    expect(dayStart('2025-11-16')).toEqual(new Date(2025, 10, 16, 0, 0, 0, 0));
    expect(dayEnd('2025-11-16')).toEqual(new Date(2025, 10, 16, 23, 59, 59, 999));
  });

  it('give null for empty or impossible dates', () => {
    for (const bad of ['', '2025-02-30', '2025-13-01', '16/11/2025', 'junk']) {
      expect(dayStart(bad)).toBeNull();
      expect(dayEnd(bad)).toBeNull();
    }
  });
});

describe('filterInquiries', () => {
  const a = inquiry({
    email: 'Maria.Santos@School.test',
    subject: 'Enrollment Question',
    createdAt: local(2025, 11, 15, 23, 59, 59),
  });
  const b = inquiry({ email: 'juan@example.com', subject: 'Pricing', createdAt: local(2025, 11, 16, 0, 0, 0) });
  const c = inquiry({ email: 'ana@example.com', subject: 'RFID cards', createdAt: local(2025, 11, 16, 23, 59, 59, 500) });
  const d = inquiry({ email: 'pedro@school.test', subject: 'enrollment fees', createdAt: local(2025, 11, 17, 0, 0, 0) });
  const all = [d, c, b, a];

  it('keeps everything (in order) without filters', () => {
    expect(ids(filterInquiries(all, none))).toEqual(ids(all));
  });

  it('matches email and subject as case-insensitive substrings', () => {
    expect(ids(filterInquiries(all, { ...none, email: 'MARIA' }))).toEqual([a.id]);
    expect(ids(filterInquiries(all, { ...none, email: 'school.TEST' }))).toEqual([d.id, a.id]);
    expect(ids(filterInquiries(all, { ...none, subject: 'ENROLLMENT' }))).toEqual([d.id, a.id]);
    expect(ids(filterInquiries(all, { ...none, email: 'school', subject: 'fees' }))).toEqual([d.id]);
    expect(ids(filterInquiries(all, { ...none, email: '  juan  ' }))).toEqual([b.id]);
    expect(filterInquiries(all, { ...none, email: 'nobody' })).toEqual([]);
  });

  it('From is inclusive from the start of the day, To inclusive to 23:59:59', () => {
    expect(ids(filterInquiries(all, { ...none, startDate: '2025-11-16' }))).toEqual([d.id, c.id, b.id]);
    expect(ids(filterInquiries(all, { ...none, endDate: '2025-11-16' }))).toEqual([c.id, b.id, a.id]);
    expect(ids(filterInquiries(all, { ...none, startDate: '2025-11-16', endDate: '2025-11-16' }))).toEqual([c.id, b.id]);
    expect(filterInquiries(all, { ...none, startDate: '2025-11-18' })).toEqual([]);
    expect(filterInquiries(all, { ...none, startDate: '2025-11-17', endDate: '2025-11-16' })).toEqual([]);
  });

  it('combines text and date filters', () => {
    expect(ids(filterInquiries(all, { ...none, subject: 'enrollment', startDate: '2025-11-16' }))).toEqual([d.id]);
  });

  it('leaves out inquiries without a readable date only while a date bound is set', () => {
    const undated = inquiry({ createdAt: '' });
    const junk = inquiry({ createdAt: 'not a date' });
    expect(ids(filterInquiries([undated, junk], none))).toEqual([undated.id, junk.id]);
    expect(filterInquiries([undated, junk], { ...none, startDate: '2000-01-01' })).toEqual([]);
    expect(filterInquiries([undated, junk], { ...none, endDate: '2999-01-01' })).toEqual([]);
  });

  it('ignores an impossible date bound', () => {
    expect(ids(filterInquiries(all, { ...none, startDate: '2025-02-30' }))).toEqual(ids(all));
  });
});
