/*
 * A learner's month by DepEd School Form 2's rules, shared by SF2 (server/features/reports/sf2-form.ts)
 * and the student portal's calendar and totals, so the two cannot count differently:
 * - class days: the school's weekly class days within the school year, less the no-class days of the whole school
 *   or of the learner's grade level;
 * - a class day counts once it is over (the school's "last marked day": today after its absence cutoff) and while
 *   the learner is on the roll (from the enrolment date until the day before leaving);
 * - such a day with a check-in is present, tardy when the check-in was LATE; without one it is absent, whether or
 *   not an ABSENT record was written, and when EXCUSED too (the form counts excused absences as absences).
 * Pure functions on calendar dates ('YYYY-MM-DD', 'YYYY-MM'): no instants, no time zones (the server resolves the
 * dates in the school's zone first), no zod (the portal's island imports this module).
 */

export type DayStatus = 'PRESENT' | 'LATE' | 'ABSENT' | 'EXCUSED';

/** One calendar day of the month. */
export interface MonthDay {
  date: string;
  /** A day the school holds class. */
  classDay: boolean;
  /** Why there is no class (a holiday's name, 'Weekend'); null on class days. */
  reason: string | null;
  /** The attendance record's status, when there is one. */
  status: DayStatus | null;
  /** The mark the calendar draws: a status, 'NO_RECORD' (a past class day without a record), 'UPCOMING', 'NO_CLASS'. */
  mark: DayStatus | 'NO_RECORD' | 'UPCOMING' | 'NO_CLASS';
}

/** SF2's monthly totals for one learner: days present (tardy included), absent (excused included), tardy. */
export interface MonthTotals {
  /** Class days of the month for the learner's grade level (the whole month). */
  classDays: number;
  /** Class days marked so far while on the roll (present + absent). */
  classDaysSoFar: number;
  present: number;
  absent: number;
  tardy: number;
  /** Of the absent days, those the school excused (still absences on SF2). */
  excused: number;
}

export const NO_CLASS_WEEKEND = 'Weekend';
export const NO_CLASS_DAY = 'No class';
export const NO_CLASS_OUTSIDE_YEAR = 'Outside the school year';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string): boolean => MONTH.test(value);

/** Every date of a month, in order. */
export function datesOfMonth(month: string): string[] {
  const m = MONTH.exec(month);
  if (!m) return [];
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  const days = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** ISO weekday of a calendar date (1 = Monday … 7 = Sunday). */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The month before or after ('2026-01' − 1 = '2025-12'). */
export function shiftMonth(month: string, by: number): string {
  const m = MONTH.exec(month);
  if (!m) return month;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A no-class day of the school calendar (school_holidays): the whole school (gradeLevels null) or some grade levels. */
export interface NoClassDate {
  date: string;
  name: string;
  gradeLevels: number[] | null;
}

/** Whether a no-class day applies to a learner of this grade level (null grade levels: everybody). */
export const appliesToLevel = (day: Pick<NoClassDate, 'gradeLevels'>, level: number | null) =>
  day.gradeLevels == null || (level != null && day.gradeLevels.includes(level));

/** The calendar as one learner (or one section's grade level) meets it. */
export interface LearnerCalendar {
  /** ISO weekdays the school holds class. */
  schoolDays: number[];
  /** The school's no-class days (of any grade level: the learner's level picks its own). */
  noClassDays: NoClassDate[];
  /** Days outside it have no class; null (not set yet): no bound. */
  schoolYear: { start: string; end: string } | null;
  gradeLevel: number | null;
}

/** Why a date has no class for the learner, or null when it is a class day. */
export function noClassReason(date: string, cal: LearnerCalendar): string | null {
  const day = cal.noClassDays.find((d) => d.date === date && appliesToLevel(d, cal.gradeLevel));
  if (day) return day.name;
  const weekday = weekdayOf(date);
  if (!cal.schoolDays.includes(weekday)) return weekday >= 6 ? NO_CLASS_WEEKEND : NO_CLASS_DAY;
  if (cal.schoolYear && (date < cal.schoolYear.start || date > cal.schoolYear.end)) return NO_CLASS_OUTSIDE_YEAR;
  return null;
}

/** The class days of a month (SF2's columns). */
export const classDaysOf = (month: string, cal: LearnerCalendar): string[] =>
  datesOfMonth(month).filter((date) => noClassReason(date, cal) === null);

/** What SF2 reads of a day's attendance record. */
export interface AttendanceDay {
  status: string;
  checkInAt: string | null;
}

/** SF2's mark of a counted class day: '' present, 'T' tardy (a LATE check-in), 'x' absent (no check-in, EXCUSED too). */
export type Sf2DayMark = '' | 'x' | 'T';
export const sf2Mark = (record: AttendanceDay | undefined): Sf2DayMark =>
  record?.checkInAt ? (record.status === 'LATE' ? 'T' : '') : 'x';

/** When the learner is on the roll: from the enrolment date until the day before leaving. */
export interface LearnerTerm {
  enrolmentDate: string;
  leftOn: string | null;
}
export const onRoll = (term: LearnerTerm, date: string) =>
  date >= term.enrolmentDate && (term.leftOn == null || date < term.leftOn);

export interface LearnerMarks {
  /** One per class day: SF2's mark, or null when the day is not over yet or the learner was not on the roll. */
  marks: Array<Sf2DayMark | null>;
  present: number;
  absent: number;
  tardy: number;
  /** Absent days whose record is EXCUSED. */
  excused: number;
  /** Absent 5 class days in a row (SF2's summary counts these learners). */
  fiveInARow: boolean;
}

/** A learner's marks and totals over the month's class days (`days`, from classDaysOf), up to `lastMarkedDay`. */
export function learnerMarks(
  days: string[],
  lastMarkedDay: string,
  term: LearnerTerm,
  recordOf: (date: string) => AttendanceDay | undefined,
): LearnerMarks {
  const out: LearnerMarks = { marks: [], present: 0, absent: 0, tardy: 0, excused: 0, fiveInARow: false };
  let run = 0;
  for (const date of days) {
    if (date > lastMarkedDay || !onRoll(term, date)) {
      out.marks.push(null);
      continue;
    }
    const record = recordOf(date);
    const mark = sf2Mark(record);
    out.marks.push(mark);
    if (mark === 'x') {
      out.absent += 1;
      if (record?.status === 'EXCUSED') out.excused += 1;
      if (++run >= 5) out.fiveInARow = true;
    } else {
      run = 0;
      out.present += 1;
      if (mark === 'T') out.tardy += 1;
    }
  }
  return out;
}

/**
 * The portal's month: a mark per day for the calendar and SF2's totals for the learner (learnerMarks over
 * classDaysOf, the very functions SF2 uses). `records`: the learner's records by date; `lastMarkedDay`: the
 * school's last day with marks (today once its absence cutoff has passed, else yesterday).
 * A day's mark is its record's status when it has one; a counted class day on the roll without one is
 * NO_RECORD (absent); later days and days off the roll are UPCOMING.
 */
export function monthOf(
  month: string,
  cal: LearnerCalendar,
  records: Map<string, AttendanceDay & { status: DayStatus }>,
  lastMarkedDay: string,
  term: LearnerTerm,
): { days: MonthDay[]; totals: MonthTotals } {
  const classDays = classDaysOf(month, cal);
  const counted = learnerMarks(classDays, lastMarkedDay, term, (date) => records.get(date));
  const totals: MonthTotals = {
    classDays: classDays.length,
    classDaysSoFar: counted.marks.filter((m) => m !== null).length,
    present: counted.present,
    absent: counted.absent,
    tardy: counted.tardy,
    excused: counted.excused,
  };
  const days = datesOfMonth(month).map((date): MonthDay => {
    const reason = noClassReason(date, cal);
    const status = records.get(date)?.status ?? null;
    const classDay = reason === null;
    let mark: MonthDay['mark'];
    if (status) mark = status;
    else if (!classDay) mark = 'NO_CLASS';
    else if (date > lastMarkedDay || !onRoll(term, date)) mark = 'UPCOMING';
    else mark = 'NO_RECORD';
    return { date, classDay, reason, status, mark };
  });
  return { days, totals };
}
