import { addDays, localDate, startOfLocalDay } from '@core/time/time';
import type { SmsType as NotificationType } from '@domain/sms-history';

/*
 * Issue #20 item 3: fresh notifications first, and none sent past its use.
 *
 * The claim (claim.ts) orders due rows by urgency class (`priority`), then takes one row per school in turn
 * within a class (so one school's backlog does not starve another's), then the newest event first (a tap that
 * just happened goes before a backlog of older ones: a stale notice is worth less than a fresh one, and it expires
 * anyway). The columns are written with each row (intent and per-channel message), so the claim needs no join.
 */

/**
 * Urgency classes, the higher the sooner: attendance notices, then CUSTOM messages (no deadline). Higher-first, so
 * the claim reads each school's rows from its index backwards (priority desc, event_at desc) without a sort.
 */
export const PRIORITY = { attendance: 1, custom: 0 } as const;

export const priorityOf = (type: NotificationType): number => (type === 'CUSTOM' ? PRIORITY.custom : PRIORITY.attendance);

/** Why a message was not sent (history failureReason): the rule that expired it. */
export const EXPIRY_REASONS = {
  endOfDay: 'Expired: not sent by the end of the school day, and an attendance notice is never sent late',
  hours: (h: number) =>
    `Expired: not sent within ${h} hour${h === 1 ? '' : 's'} of the attendance event, and an attendance notice is never sent late`,
} as const;

export const expiryReason = (hours: number | null) => (hours == null ? EXPIRY_REASONS.endOfDay : EXPIRY_REASONS.hours(hours));

/**
 * When an attendance notice stops being worth sending (OUTBOX_ATTENDANCE_EXPIRY): the end of the school-local
 * day of the event (default), or `hours` after it. CUSTOM messages never expire (null).
 */
export function expiresAt(type: NotificationType, occurredAt: string, timeZone: string, hours: number | null): string | null {
  if (type === 'CUSTOM') return null;
  if (hours != null) return new Date(new Date(occurredAt).getTime() + hours * 3_600_000).toISOString();
  return startOfLocalDay(addDays(localDate(occurredAt, timeZone), 1), timeZone).toISOString();
}
