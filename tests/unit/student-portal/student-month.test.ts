import { describe, expect, it } from 'vitest';
import {
  datesOfMonth,
  monthOf,
  noClassReason,
  shiftMonth,
  weekdayOf,
  type AttendanceDay,
  type DayStatus,
  type LearnerCalendar,
} from '@shared/student-month';
import { maskPhone } from '@domain/student-portal';

/** The portal's month — one mark per day and SF2's monthly totals, from class days and records. */
describe('student month', () => {
  const week: LearnerCalendar = {
    schoolDays: [1, 2, 3, 4, 5],
    noClassDays: [
      { date: '2026-11-02', name: "All Souls' Day", gradeLevels: null },
      { date: '2026-11-12', name: 'Grade 7 field trip', gradeLevels: [7] },
    ],
    schoolYear: { start: '2026-06-08', end: '2027-04-09' },
    gradeLevel: 8,
  };
  const enrolled = { enrolmentDate: '2026-06-08', leftOn: null };

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
    // A grade-level no-class day is one for that level only; days outside the school year have no class.
    expect(noClassReason('2026-11-12', week)).toBeNull();
    expect(noClassReason('2026-11-12', { ...week, gradeLevel: 7 })).toBe('Grade 7 field trip');
    expect(noClassReason('2027-04-12', week)).toBe('Outside the school year');
  });

  const rec = (status: DayStatus, checkInAt: string | null = null): AttendanceDay & { status: DayStatus } => ({
    status,
    checkInAt,
  });

  it('counts SF2 totals: late is present and tardy, excused and no check-in are absent, days not over are not counted', () => {
    const records = new Map([
      ['2026-11-03', rec('PRESENT', '2026-11-02T23:10:00.000Z')],
      ['2026-11-04', rec('LATE', '2026-11-04T00:10:00.000Z')],
      ['2026-11-05', rec('ABSENT')],
      ['2026-11-06', rec('EXCUSED')],
      ['2026-11-07', rec('PRESENT', '2026-11-07T00:00:00.000Z')],
    ]);
    const { days, totals } = monthOf('2026-11', week, records, '2026-11-09', enrolled);
    // Class days marked: 3–6 and 9 (the 2nd is a holiday; the 7th a Saturday, its record not counted); the 9th
    // has no record → absent; the 10th is not over yet.
    expect(totals).toEqual({ classDays: 20, classDaysSoFar: 5, present: 2, absent: 3, tardy: 1, excused: 1 });
    const mark = (date: string) => days.find((d) => d.date === date)!.mark;
    expect([mark('2026-11-02'), mark('2026-11-07'), mark('2026-11-09'), mark('2026-11-10'), mark('2026-11-11')]).toEqual([
      'NO_CLASS',
      'PRESENT',
      'NO_RECORD',
      'UPCOMING',
      'UPCOMING',
    ]);
    // A grade 7 learner has one class day less (the 12th).
    expect(monthOf('2026-11', { ...week, gradeLevel: 7 }, records, '2026-11-09', enrolled).totals.classDays).toBe(19);
  });

  it('does not count class days before the learner was enrolled, nor from the day they left', () => {
    const { totals, days } = monthOf('2026-11', week, new Map(), '2026-11-13', {
      enrolmentDate: '2026-11-09',
      leftOn: '2026-11-12',
    });
    // On the roll on the 9th, 10th and 11th only.
    expect(totals).toMatchObject({ classDaysSoFar: 3, absent: 3 });
    expect(days.find((d) => d.date === '2026-11-05')!.mark).toBe('UPCOMING');
    expect(days.find((d) => d.date === '2026-11-13')!.mark).toBe('UPCOMING');
  });

  it('masks a phone number to its last four digits', () => {
    expect(maskPhone('+639171234567')).toBe('••••••••4567');
    expect(maskPhone('123')).toBe('••••');
    expect(maskPhone(null)).toBeNull();
  });
});
