/*
 * A learner's month as the student portal shows it (issue #24): one mark per day and the month's totals the
 * way the school's SF2 counts them. Pure functions on calendar dates ('YYYY-MM-DD', 'YYYY-MM'): no instants,
 * no time zones (the server resolves "today" in the school's zone first), no zod (the portal's island imports it).
 *
 * The class days come from the caller: today the school's weekly class days minus its holidays; a school
 * calendar (another issue) can feed the same function its own list of class days and reasons.
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

/** SF2's monthly totals for one learner: days present (tardy included), absent, tardy; excused kept apart. */
export interface MonthTotals {
  /** Class days of the month (whole month, as SF2's header counts them). */
  classDays: number;
  /** Class days up to today (the ones that can have a mark yet). */
  classDaysSoFar: number;
  present: number;
  absent: number;
  tardy: number;
  excused: number;
}

export const NO_CLASS_WEEKEND = 'Weekend';
export const NO_CLASS_DAY = 'No class';

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

export interface SchoolWeek {
  /** ISO weekdays the school holds class. */
  schoolDays: number[];
  /** Holidays: date → name. */
  holidays: Map<string, string>;
}

/** Why a date has no class, or null when it is a class day. */
export function noClassReason(date: string, week: SchoolWeek): string | null {
  const holiday = week.holidays.get(date);
  if (holiday) return holiday;
  if (!week.schoolDays.includes(weekdayOf(date))) return [6, 7].includes(weekdayOf(date)) ? NO_CLASS_WEEKEND : NO_CLASS_DAY;
  return null;
}

/**
 * The month's days and totals. `records`: the learner's status per date; `today`: the school's date now;
 * `enrolledOn`: the learner's first day (class days before it are not counted as absences).
 * A past class day without a record counts as absent (the absence job normally marks it; a day it missed must
 * not read as attended). Today without a record is not an absence yet. Records on days without class still
 * count (a make-up Saturday the school recorded).
 */
export function monthOf(
  month: string,
  week: SchoolWeek,
  records: Map<string, DayStatus>,
  today: string,
  enrolledOn = '0000-01-01',
): { days: MonthDay[]; totals: MonthTotals } {
  const totals: MonthTotals = { classDays: 0, classDaysSoFar: 0, present: 0, absent: 0, tardy: 0, excused: 0 };
  const days = datesOfMonth(month).map((date): MonthDay => {
    const reason = noClassReason(date, week);
    const status = records.get(date) ?? null;
    const classDay = reason === null;
    if (classDay) totals.classDays += 1;
    if (classDay && date <= today) totals.classDaysSoFar += 1;
    if (status === 'PRESENT' || status === 'LATE') totals.present += 1;
    if (status === 'LATE') totals.tardy += 1;
    if (status === 'EXCUSED') totals.excused += 1;
    if (status === 'ABSENT') totals.absent += 1;
    let mark: MonthDay['mark'];
    if (status) mark = status;
    else if (!classDay) mark = 'NO_CLASS';
    else if (date >= today || date < enrolledOn) mark = 'UPCOMING';
    else {
      mark = 'NO_RECORD';
      totals.absent += 1;
    }
    return { date, classDay, reason, status, mark };
  });
  return { days, totals };
}
