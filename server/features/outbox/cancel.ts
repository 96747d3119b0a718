import type { Executor } from '@core/db/index';
import { nowIso } from '@core/time/time';
import { OUTBOX } from './claim';

/**
 * Attendance notices that must not reach a parent any more (their absence was undone because the day
 * became a no-class day). Given the intents' idempotency keys, every row not sent yet stops, in the caller's
 * transaction: an intent not expanded yet, and its per-channel messages still pending (outbox 'expired' with the
 * reason; History EXPIRED with the reason). A message a worker holds right now ('sending') is left to it: its HTTP
 * call may be under way, and a message is never both sent and cancelled. Returns how many rows were stopped.
 */
export async function cancelUnsentNotices(trx: Executor, intentKeys: string[], reason: string): Promise<number> {
  let stopped = 0;
  const now = nowIso();
  for (let i = 0; i < intentKeys.length; i += 300) {
    const intents = intentKeys.slice(i, i + 300);
    const keys = intents.flatMap((k) => [k, `${k}:SMS`, `${k}:MESSENGER`]);
    const rows = await trx
      .updateTable('notificationOutbox')
      .set({ status: OUTBOX.expired, lastError: reason, lockedUntil: null, updatedAt: now })
      .where('idempotencyKey', 'in', keys)
      .where('status', '=', OUTBOX.pending)
      .returning('smsNotificationId')
      .execute();
    const history = rows.flatMap((r) => (r.smsNotificationId == null ? [] : [r.smsNotificationId]));
    if (history.length) {
      await trx
        .updateTable('smsNotifications')
        .set({ status: 'EXPIRED', failureReason: reason, updatedAt: now })
        .where('id', 'in', history)
        .where('status', '=', 'PENDING')
        .execute();
    }
    // An intent not expanded yet counts as one notice; so does each pending per-channel message.
    stopped += rows.length;
  }
  return stopped;
}
