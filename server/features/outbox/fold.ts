import type { Executor } from '@core/db/index';
import { OUTBOX } from './claim';
import { attendanceIntentKey, INTENT_CHANNEL } from './intents';
import { intentOf, type NotificationIntent } from './payloads';
import type { ExpiryRule } from './urgency';

/*
 * The fold: a learner's arrival notice still waiting when the same day's departure is expanded is not sent on its
 * own; the departure's message tells both ("… arrived at school at 7:02 AM and left at 4:10 PM, Nov 28."), one
 * message instead of two when the phones are behind.
 */

/** What History says of the arrival notice the fold stopped, and of the message that tells both. */
export const FOLD_NOTES = {
  folded: 'Folded into the departure notice',
  combined: 'Arrival and departure in one message',
} as const;

/** A channel the departure goes by, and to whom. */
export interface Addressee {
  channel: string;
  recipient: string;
}

export interface Folded {
  /** Per channel of the departure, the arrival's time its message tells too. */
  arrivals: Map<string, string>;
  /** The arrival's intent and its key when it was stopped before its expansion: the caller writes its messages FOLDED. */
  unexpanded?: { intent: NotificationIntent; key: string };
  /** The History rows of the arrival's messages the fold stopped (now FOLDED), for the live list. */
  stopped: number[];
}

/**
 * Stops the arrival notice of `departure`'s attendance record if it is still waiting, in the caller's transaction
 * (the departure's expansion, under its claim). Waiting: its intent not expanded yet, or its message on the same
 * channel to the same recipient pending and not in flight (an attempt whose outcome is unknown may have reached
 * the parent), and before its own deadline (an arrival past it is expired, not folded: never told late).
 *
 * ONE update takes the rows, guarded by their status: a worker that claimed the arrival first has it 'sending', the
 * update finds nothing and both notices go as they are. On PostgreSQL the update waits for a claim holding the row
 * and then reads it again, and a claim skips a row the update holds (SKIP LOCKED) and finds it 'done' after the
 * commit; SQLite runs one writer at a time. So an arrival is sent on its own or folded, never both.
 */
export async function foldArrival(
  trx: Executor,
  departure: NotificationIntent,
  to: Addressee[],
  rule: ExpiryRule,
  at: Date,
): Promise<Folded | null> {
  if (departure.type !== 'CHECK_OUT' || departure.attendanceId == null || to.length === 0) return null;
  const key = attendanceIntentKey('CHECK_IN', departure.attendanceId);
  const now = at.toISOString();
  // The arrival's deadline by the delay rule (and the hours rule): its tap no longer ago than that. The end-of-day
  // rule needs no check: the arrival is of the departure's day, and the departure is not expired.
  const minutes = Math.min(rule.noticeMaxDelayMinutes, (rule.attendanceExpiryHours ?? Infinity) * 60);
  const since = new Date(at.getTime() - minutes * 60_000).toISOString();
  const rows = await trx
    .updateTable('notificationOutbox')
    .set({ status: OUTBOX.done, lastError: FOLD_NOTES.folded, lockedUntil: null, updatedAt: now })
    .where('idempotencyKey', 'in', [key, ...to.map((a) => `${key}:${a.channel}`)])
    .where('status', '=', OUTBOX.pending)
    .where('inflightAt', 'is', null)
    .where('eventAt', '>', since)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .where((eb) =>
      eb.or([
        eb('channel', '=', INTENT_CHANNEL),
        ...to.map((a) => eb.and([eb('channel', '=', a.channel), eb('recipient', '=', a.recipient)])),
      ]),
    )
    .returning(['channel', 'payload', 'eventAt', 'smsNotificationId'])
    .execute();
  if (rows.length === 0) return null;
  const pending = rows.find((r) => r.channel === INTENT_CHANNEL);
  if (pending) {
    const intent = intentOf(pending);
    return { arrivals: new Map(to.map((a) => [a.channel, intent.occurredAt])), unexpanded: { intent, key }, stopped: [] };
  }
  const notes = rows.flatMap((r) => (r.smsNotificationId == null ? [] : [r.smsNotificationId]));
  if (notes.length) {
    await trx
      .updateTable('smsNotifications')
      .set({ status: 'FOLDED', note: FOLD_NOTES.folded, updatedAt: now })
      .where('id', 'in', notes)
      .where('status', '=', 'PENDING')
      .execute();
  }
  return { arrivals: new Map(rows.map((r) => [r.channel, r.eventAt!])), stopped: notes };
}
