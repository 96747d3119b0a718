import { addDays, isoWeekday, localDate, localDateTime } from '@core/time/time';
import type { AttendanceStatus } from '@domain/attendance';
import type { TapOutcome } from '@domain/rfid';
import { Generation } from '@core/ttl-cache';

/*
 * The attendance rules of a school day, as pure functions (unit-tested in tests/unit/attendance/attendance-rules.test.ts):
 * - the school day of a tap is its local date in the school's time zone; only school days that are not
 *   no-class days count (a no-class day of some grade levels: for learners of those levels);
 * - the first valid tap of the day is the check-in: PRESENT, or LATE when after the late cutoff;
 * - a tap at least checkoutMinMinutes after the check-in is the check-out (a later one moves it later);
 * - the same card at the same reader within debounceSeconds of a counted tap changes nothing;
 * - an ABSENT record (the absence job ran) becomes LATE when the student turns up; EXCUSED stays EXCUSED.
 */

/**
 * A school's rules as the tap intake caches them (server/core/ttl-cache.ts): another node applies a change within
 * RULES_TTL_MS; in this process `forgetSchoolRules()`, called after the commit of every change, clears them at once.
 * The outbox worker's cache of a school's time zone follows the same generation, by its name.
 */
export const RULES_TTL_MS = 5000;
export const schoolRulesChanges = Generation.named('rules');
/** A school's attendance rules were changed in this process (after the commit). */
export const forgetSchoolRules = () => schoolRulesChanges.bump();

export interface SchoolRules {
  timeZone: string;
  lateCutoff: string;
  absenceCutoff: string;
  /** ISO weekdays (1 = Monday). */
  schoolDays: number[];
  /** Whole-school no-class days (holidays, suspensions, events: the calendar's). */
  holidays: Set<string>;
  /** No-class days of some grade levels only: date → the levels without classes (the absence job skips them). */
  partialDays?: Map<string, number[]>;
}

export interface DayRecord {
  /** null while a record made by this same group of taps is not inserted yet. */
  id: number | null;
  status: AttendanceStatus;
  checkInAt: string | null;
  checkOutAt: string | null;
}

export interface TapDecision {
  outcome: TapOutcome;
  date: string;
  /** What to write: a new record, or the fields of the existing one; none when nothing changes. */
  write: { kind: 'insert'; status: AttendanceStatus; checkInAt: string } | { kind: 'update'; set: Partial<DayRecord> } | null;
  /** The notification the change causes. */
  intent: 'CHECK_IN' | 'LATE_ARRIVAL' | 'CHECK_OUT' | null;
  status: AttendanceStatus | null;
}

/** Whether a date is a class day: for the whole school, or with `gradeLevel` for a learner of that level. */
export const isSchoolDay = (
  date: string,
  rules: Pick<SchoolRules, 'schoolDays' | 'holidays' | 'partialDays'>,
  gradeLevel?: number | null,
) =>
  rules.schoolDays.includes(isoWeekday(date)) &&
  !rules.holidays.has(date) &&
  !(gradeLevel != null && rules.partialDays?.get(date)?.includes(gradeLevel));

/**
 * The school's last day with marks (SF2 and the portal's totals count class days up to it): today once its
 * absence cutoff has passed (before it, a learner without a tap is not absent yet), else yesterday.
 */
export function lastMarkedDay(now: Date, timeZone: string, absenceCutoff: string): string {
  const today = localDate(now, timeZone);
  return now >= localDateTime(today, absenceCutoff, timeZone) ? today : addDays(today, -1);
}

// The late cutoff's instant of a school day, remembered: a morning's taps all ask for the same few (a pure
// function of its key; time-zone conversion is the dearest step of deciding a tap).
const cutoffs = new Map<string, number>();
function lateCutoffAt(date: string, rules: SchoolRules): number {
  const key = `${rules.timeZone} ${date} ${rules.lateCutoff}`;
  let at = cutoffs.get(key);
  if (at === undefined) {
    if (cutoffs.size >= 1000) cutoffs.clear();
    cutoffs.set(key, (at = localDateTime(date, rules.lateCutoff, rules.timeZone).getTime()));
  }
  return at;
}

/** PRESENT or LATE for a check-in at an instant. */
export function checkInStatus(tappedAt: string, date: string, rules: SchoolRules): 'PRESENT' | 'LATE' {
  return Date.parse(tappedAt) > lateCutoffAt(date, rules) ? 'LATE' : 'PRESENT';
}

export function decideTap(input: {
  tappedAt: string;
  rules: SchoolRules;
  record: DayRecord | null;
  /** A counted tap of the same card at the same reader within the debounce window (either side). */
  debounced: boolean;
  checkoutMinMinutes: number;
  /** The tap's school day when the caller has it already (localDate of tappedAt in the school's zone). */
  date?: string;
  /** The learner's grade level: a no-class day of that level keeps the tap without a record (NOT_SCHOOL_DAY). */
  gradeLevel?: number | null;
  /** The learner's days on the roll: before `from` or from `leftOn` on, a tap is kept without a record (NOT_ENROLLED). */
  roll?: { from: string | null; leftOn: string | null };
}): TapDecision {
  const { tappedAt, rules, record } = input;
  const date = input.date ?? localDate(tappedAt, rules.timeZone);
  const none = (outcome: TapOutcome): TapDecision => ({
    outcome,
    date,
    write: null,
    intent: null,
    status: record?.status ?? null,
  });
  if (input.roll && ((input.roll.from && date < input.roll.from) || (input.roll.leftOn && date >= input.roll.leftOn)))
    return none('NOT_ENROLLED');
  if (!isSchoolDay(date, rules, input.gradeLevel)) return none('NOT_SCHOOL_DAY');
  if (input.debounced) return none('DEBOUNCED');

  if (!record) {
    const status = checkInStatus(tappedAt, date, rules);
    return {
      outcome: status === 'LATE' ? 'LATE' : 'CHECK_IN',
      date,
      write: { kind: 'insert', status, checkInAt: tappedAt },
      intent: status === 'LATE' ? 'LATE_ARRIVAL' : 'CHECK_IN',
      status,
    };
  }

  if (!record.checkInAt) {
    // Marked ABSENT by the job (or EXCUSED ahead of time) and the student turned up after all.
    const status = record.status === 'EXCUSED' ? 'EXCUSED' : checkInStatus(tappedAt, date, rules);
    return {
      outcome: status === 'LATE' ? 'LATE' : 'CHECK_IN',
      date,
      write: { kind: 'update', set: { status, checkInAt: tappedAt } },
      intent: status === 'LATE' ? 'LATE_ARRIVAL' : 'CHECK_IN',
      status,
    };
  }

  const t = Date.parse(tappedAt);
  const checkIn = Date.parse(record.checkInAt);
  if (t < checkIn) {
    // A replayed buffer delivered an earlier tap: it is the real first tap of the day.
    const status = record.status === 'EXCUSED' ? 'EXCUSED' : checkInStatus(tappedAt, date, rules);
    const changed = status !== record.status;
    return {
      outcome: status === 'LATE' ? 'LATE' : 'CHECK_IN',
      date,
      write: { kind: 'update', set: { status, checkInAt: tappedAt } },
      intent: changed ? (status === 'LATE' ? 'LATE_ARRIVAL' : 'CHECK_IN') : null,
      status,
    };
  }
  if (t - checkIn >= input.checkoutMinMinutes * 60_000) {
    if (record.checkOutAt && Date.parse(record.checkOutAt) >= t) return none('NO_CHANGE');
    return {
      outcome: 'CHECK_OUT',
      date,
      write: { kind: 'update', set: { checkOutAt: tappedAt } },
      intent: 'CHECK_OUT',
      status: record.status,
    };
  }
  return none('NO_CHANGE');
}
