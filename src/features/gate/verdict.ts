import type { TapOutcome } from '@domain/rfid';
import type { GateStation } from '@domain/gate';

/*
 * A tap's outcome as the gate shows it. The page tells it at once from its own roster and the day's taps on this
 * device (the school's rules as the server sends them: school days, holidays, the late cutoff, the repeat window,
 * the check-out delay); the server's verdict, when it comes, replaces it.
 */

export type Rules = GateStation['rules'];

/** The school's local date, time and weekday of an instant. */
export function schoolClock(at: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday };
}

/** An earlier tap of the same learner today on this device. */
export interface EarlierTap {
  at: number;
  outcome: TapOutcome;
}

/** The outcome the page expects for a tap, from what it knows (the server decides). */
export function localOutcome(
  tap: { at: number; known: boolean },
  earlier: readonly EarlierTap[],
  rules: Rules,
  timeZone: string,
): TapOutcome {
  const { date, time, weekday } = schoolClock(new Date(tap.at), timeZone);
  if (!rules.schoolDays.includes(weekday) || rules.holidays.includes(date)) return 'NOT_SCHOOL_DAY';
  if (!tap.known) return 'UNKNOWN_CARD';
  const last = earlier.at(-1);
  if (last && tap.at - last.at < rules.debounceSeconds * 1000) return 'DEBOUNCED';
  const checkIn = earlier.find((e) => e.outcome === 'CHECK_IN' || e.outcome === 'LATE');
  if (!checkIn) return time > rules.lateCutoff ? 'LATE' : 'CHECK_IN';
  if (earlier.some((e) => e.outcome === 'CHECK_OUT')) return 'NO_CHANGE';
  return tap.at - checkIn.at >= rules.checkoutMinMinutes * 60_000 ? 'CHECK_OUT' : 'NO_CHANGE';
}

/** The five things a guard tells apart, each with its colour and sound. */
export type Tone = 'accepted' | 'late' | 'unknown' | 'closed' | 'repeated';

export interface Shown {
  tone: Tone;
  /** IN or OUT; null when the tap changed nothing. */
  direction: 'IN' | 'OUT' | null;
  /** PRESENT or LATE for a learner's check-in. */
  status: 'PRESENT' | 'LATE' | null;
  label: string;
}

export function shownOutcome(outcome: TapOutcome, status: string | null = null): Shown {
  switch (outcome) {
    case 'CHECK_IN':
      return { tone: 'accepted', direction: 'IN', status: 'PRESENT', label: 'Welcome' };
    case 'LATE':
      return { tone: 'late', direction: 'IN', status: 'LATE', label: 'Late' };
    case 'CHECK_OUT':
      return { tone: 'accepted', direction: 'OUT', status: status === 'LATE' ? 'LATE' : 'PRESENT', label: 'Goodbye' };
    case 'UNKNOWN_CARD':
      return { tone: 'unknown', direction: null, status: null, label: 'Unknown card' };
    case 'NOT_SCHOOL_DAY':
      return { tone: 'closed', direction: null, status: null, label: 'Not a school day' };
    case 'NOT_ENROLLED':
      return { tone: 'unknown', direction: null, status: null, label: 'Not on the roll: see the office' };
    default:
      return { tone: 'repeated', direction: null, status: null, label: 'Repeated tap' };
  }
}
