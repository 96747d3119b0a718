import { describe, expect, it } from 'vitest';
import { datesOfMonth, monthOf, noClassReason, shiftMonth, weekdayOf, type DayStatus } from '@domain/student-month';
import { maskPhone } from '@domain/student-portal';

/** Issue #24: the portal's month — one mark per day and SF2's monthly totals, from class days and records. */
describe('student month', () => {
  const week = { schoolDays: [1, 2, 3, 4, 5], holidays: new Map([['2026-11-02', "All Souls' Day"]]) };

  it('lists the days of a month, leap years included, and steps across years', () => {
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(datesOfMonth('2026-13')).toEqual([]);
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(weekdayOf('2026-11-01')).toBe(7);
    expect(weekdayOf('2026-11-02')).toBe(1);
  });

  it("gives the calendar's reason for a day without class", () => {
    expect(noClassReason('2026-11-02', week)).toBe("All Souls' Day");
    expect(noClassReason('2026-11-07', week)).toBe('Weekend');
    expect(noClassReason('2026-11-04', { ...week, schoolDays: [1, 2, 4, 5] })).toBe('No class');
    expect(noClassReason('2026-11-04', week)).toBeNull();
  });

  it('counts SF2 totals: late is present and tardy, a past class day without a record is absent, today is not yet', () => {
    const records = new Map<string, DayStatus>([
      ['2026-11-03', 'PRESENT'],
      ['2026-11-04', 'LATE'],
      ['2026-11-05', 'ABSENT'],
      ['2026-11-06', 'EXCUSED'],
    ]);
    const { days, totals } = monthOf('2026-11', week, records, '2026-11-10');
    // Class days so far: 3–6 and 9–10 (the 2nd is a holiday); the 9th has no record → absent; the 10th is today.
    expect(totals).toEqual({ classDays: 20, classDaysSoFar: 6, present: 2, absent: 2, tardy: 1, excused: 1 });
    const mark = (date: string) => days.find((d) => d.date === date)!.mark;
    expect([mark('2026-11-02'), mark('2026-11-09'), mark('2026-11-10'), mark('2026-11-11')]).toEqual([
      'NO_CLASS',
      'NO_RECORD',
      'UPCOMING',
      'UPCOMING',
    ]);
  });

  it('does not count class days before the learner was enrolled', () => {
    const { totals, days } = monthOf('2026-11', week, new Map(), '2026-11-10', '2026-11-09');
    expect(totals.absent).toBe(1);
    expect(days.find((d) => d.date === '2026-11-05')!.mark).toBe('UPCOMING');
  });

  it('masks a phone number to its last four digits', () => {
    expect(maskPhone('+639171234567')).toBe('••••••••4567');
    expect(maskPhone('123')).toBe('••••');
    expect(maskPhone(null)).toBeNull();
  });
});
