import { addDays, localDate, startOfLocalDay } from '@core/time/time';
import type { SmsType as NotificationType } from '@domain/sms-history';
import { payloadTypeOf } from './payloads';

/*
 * Fresh notifications first, and none sent past its use.
 *
 * The claim (claim.ts) orders due rows by urgency class (`priority`), then takes one row per school in turn within
 * a class (one school's backlog does not starve another's), then within a school and class:
 * 1. the fresh window first (event in the last OUTBOX_FRESH_WINDOW_SECONDS, default 5 minutes), OLDEST first: a
 *    burst above the school's share of the drain goes out in the order it happened, each tap waiting only for the
 *    taps before it (newest-first left the burst's first taps waiting until the burst ended: p95 13–17 s);
 * 2. then older rows, NEWEST first: a school whose gateway was down for an hour has its own backlog, and a new tap
 *    goes out before all of it (the backlog's oldest notices are worth least, and expire anyway);
 * 3. then rows without an event time (none are written today), oldest id first.
 * The columns are written with each row (intent and per-channel message), so the claim needs no join.
 */

/** OUTBOX_FRESH_WINDOW_SECONDS' default: a burst of taps at the gate lasts minutes, an outage's backlog longer. */
export const FRESH_WINDOW_SECONDS = 300;

/** What the order reads of a row. */
export interface Urgency {
  id: number;
  priority: number;
  schoolId: number | null;
  eventAt: string | null;
}

/** 0 = in the fresh window (since `cutoff`), 1 = older, 2 = no event time. */
export const tierOf = (row: Urgency, cutoff: string) => (row.eventAt == null ? 2 : row.eventAt >= cutoff ? 0 : 1);

/** Binary order, as the databases compare the ISO text (localeCompare would weigh punctuation differently). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Within one school and class: the fresh window oldest first, then older rows newest first, then by id. */
function withinSchool(a: Urgency, ta: number, b: Urgency, tb: number): number {
  if (ta !== tb) return ta - tb;
  if (ta === 0) return cmp(a.eventAt!, b.eventAt!) || a.id - b.id;
  if (ta === 1) return cmp(b.eventAt!, a.eventAt!) || a.id - b.id;
  return a.id - b.id;
}

/**
 * The claim's order (the same as its SQL, see claim.ts), for the rows of one claim: the worker takes them in it,
 * so the most urgent go first. By class, then turn (a school's n-th row within the class), then as within a school.
 */
export function inClaimOrder<T extends Urgency>(rows: T[], cutoff: string): T[] {
  const tiers = new Map(rows.map((r) => [r, tierOf(r, cutoff)]));
  const byGroup = new Map<string, T[]>();
  for (const r of rows) {
    const key = `${r.priority}:${r.schoolId ?? ''}`;
    const group = byGroup.get(key);
    if (group) group.push(r);
    else byGroup.set(key, [r]);
  }
  const turns = new Map<T, number>();
  for (const group of byGroup.values()) {
    group.sort((a, b) => withinSchool(a, tiers.get(a)!, b, tiers.get(b)!));
    group.forEach((r, i) => turns.set(r, i));
  }
  return [...rows].sort(
    (a, b) => b.priority - a.priority || turns.get(a)! - turns.get(b)! || withinSchool(a, tiers.get(a)!, b, tiers.get(b)!),
  );
}

/**
 * Urgency classes, the higher the sooner. When a school's phones cannot send everything at once (the morning rush),
 * what a parent may have to act on goes first: absence and late notices, corrections, and the staff's own messages
 * (CUSTOM, group messages); the routine arrival and departure notices wait behind them.
 */
export const PRIORITY = { urgent: 1, routine: 0 } as const;

/** Arrival and departure notices: routine, and worth sending only soon after the tap (ATTENDANCE_NOTICE_MAX_DELAY). */
export const isRoutine = (type: NotificationType) => type === 'CHECK_IN' || type === 'CHECK_OUT';

export const priorityOf = (type: NotificationType): number => (isRoutine(type) ? PRIORITY.routine : PRIORITY.urgent);

/** The expiry settings (server/core/config.ts `outbox`). */
export interface ExpiryRule {
  /** OUTBOX_ATTENDANCE_EXPIRY: hours after the event, null = the end of the school day. */
  attendanceExpiryHours: number | null;
  /** ATTENDANCE_NOTICE_MAX_DELAY: minutes after the tap, for arrival and departure notices. */
  noticeMaxDelayMinutes: number;
}

/** Why a message was not sent (history failureReason): the rule that expired it. */
export const EXPIRY_REASONS = {
  endOfDay: 'Expired: not sent by the end of the school day, and an attendance notice is never sent late',
  hours: (h: number) =>
    `Expired: not sent within ${h} hour${h === 1 ? '' : 's'} of the attendance event, and an attendance notice is never sent late`,
  delay: (m: number) =>
    `Expired: not sent within ${m} minute${m === 1 ? '' : 's'} of the tap, and an arrival or departure notice is never sent late`,
} as const;

export const expiryReason = (hours: number | null) => (hours == null ? EXPIRY_REASONS.endOfDay : EXPIRY_REASONS.hours(hours));

/** The deadline of an arrival or departure notice by ATTENDANCE_NOTICE_MAX_DELAY. */
const delayDeadline = (occurredAt: string, minutes: number) => new Date(Date.parse(occurredAt) + minutes * 60_000).toISOString();

/**
 * When an attendance notice stops being worth sending: the end of the school-local day of the event (default), or
 * OUTBOX_ATTENDANCE_EXPIRY hours after it; for an arrival or departure notice, ATTENDANCE_NOTICE_MAX_DELAY minutes
 * after the tap when that comes first. CUSTOM messages never expire (null).
 */
export function expiresAt(type: NotificationType, occurredAt: string, timeZone: string, rule: ExpiryRule): string | null {
  if (type === 'CUSTOM') return null;
  const hours = rule.attendanceExpiryHours;
  const day =
    hours != null
      ? new Date(new Date(occurredAt).getTime() + hours * 3_600_000).toISOString()
      : startOfLocalDay(addDays(localDate(occurredAt, timeZone), 1), timeZone).toISOString();
  if (!isRoutine(type)) return day;
  const delay = delayDeadline(occurredAt, rule.noticeMaxDelayMinutes);
  return delay < day ? delay : day;
}

/**
 * Why a message whose deadline (`expiresAt`, from the function above) has passed is not sent: the delay rule when it
 * set that deadline, else the day rule. Read with the settings of the time of the check: a deadline set under another
 * ATTENDANCE_NOTICE_MAX_DELAY (a restart in between) is named by the day rule.
 */
export function expiryReasonOf(
  type: NotificationType | null,
  eventAt: string | null,
  deadline: string | null,
  rule: ExpiryRule,
): string {
  const minutes = rule.noticeMaxDelayMinutes;
  const byDelay =
    type != null &&
    isRoutine(type) &&
    eventAt != null &&
    !Number.isNaN(Date.parse(eventAt)) &&
    deadline === delayDeadline(eventAt, minutes);
  return byDelay ? EXPIRY_REASONS.delay(minutes) : expiryReason(rule.attendanceExpiryHours);
}

/** expiryReasonOf for an outbox row (its type is in its payload). */
export const rowExpiryReason = (row: { payload: string; eventAt: string | null; expiresAt: string | null }, rule: ExpiryRule) =>
  expiryReasonOf(payloadTypeOf(row), row.eventAt, row.expiresAt, rule);
