import { describe, expect, it } from 'vitest';
import { currentSchoolYear, philippineSchoolYear } from '@domain/calendar';
import { excuseDateProblem, EXCUSE_MESSAGES } from '@domain/attendance';

describe('the Philippine school year rule', () => {
  it('starts on 1 June and ends on 31 May of the next year', () => {
    expect(philippineSchoolYear('2026-06-01')).toEqual({ start: '2026-06-01', end: '2027-05-31' });
    expect(philippineSchoolYear('2026-12-31')).toEqual({ start: '2026-06-01', end: '2027-05-31' });
    expect(philippineSchoolYear('2027-05-31')).toEqual({ start: '2026-06-01', end: '2027-05-31' });
    expect(philippineSchoolYear('2026-05-31')).toEqual({ start: '2025-06-01', end: '2026-05-31' });
    expect(philippineSchoolYear('2026-01-15')).toEqual({ start: '2025-06-01', end: '2026-05-31' });
  });

  it("a school's own year counts while today is inside it; outside it, the rule's", () => {
    const set = { start: '2026-06-08', end: '2027-04-09' };
    expect(currentSchoolYear('2026-11-26', set)).toEqual(set);
    expect(currentSchoolYear('2027-04-20', set)).toEqual({ start: '2026-06-01', end: '2027-05-31' });
    expect(currentSchoolYear('2026-11-26', null)).toEqual({ start: '2026-06-01', end: '2027-05-31' });
  });

  it('an excuse date: from the year start, at most 30 days ahead, not past the year end', () => {
    const year = { start: '2026-06-01', end: '2027-05-31' };
    expect(excuseDateProblem('2026-11-26', '2026-11-26', year)).toBeNull();
    expect(excuseDateProblem('2026-12-26', '2026-11-26', year)).toBeNull();
    expect(excuseDateProblem('2026-12-27', '2026-11-26', year)).toBe(EXCUSE_MESSAGES.tooFar);
    expect(excuseDateProblem('2026-05-31', '2026-11-26', year)).toBe(EXCUSE_MESSAGES.beforeYear('2026-06-01'));
    expect(excuseDateProblem('2027-06-01', '2027-05-20', year)).toBe(EXCUSE_MESSAGES.afterYear('2027-05-31'));
  });
});
