import type { Executor } from '../../db/index';
import { nowIso } from '../../lib/time';
import { OUTBOX, type OutboxRow } from './claim';

/*
 * How a claimed per-channel row ends an attempt. Every update is guarded by the row still being 'sending',
 * and history statuses only move forward: PENDING → SENT → DELIVERED, or PENDING/SENT → FAILED.
 */

export async function markSent(
  db: Executor,
  row: OutboxRow,
  ids: { deviceId?: number | null; pageId?: number | null; providerMsgId: string | null },
) {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notificationOutbox')
      .set({
        status: OUTBOX.sent,
        lockedUntil: null,
        attempts: row.attempts + 1,
        deviceId: ids.deviceId ?? row.deviceId,
        pageId: ids.pageId ?? row.pageId,
        providerMsgId: ids.providerMsgId,
        lastError: null,
        updatedAt: now,
      })
      .where('id', '=', row.id)
      .execute();
    if (row.smsNotificationId == null) return;
    // A delivery webhook may have arrived first (it finds the row by request_id): keep DELIVERED.
    await trx
      .updateTable('smsNotifications')
      .set({ sentAt: now, deviceId: ids.deviceId ?? null, providerMsgId: ids.providerMsgId, updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('sentAt', 'is', null)
      .execute();
    await trx
      .updateTable('smsNotifications')
      .set({ status: 'SENT', updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('status', '=', 'PENDING')
      .execute();
  });
}

export async function markFailed(db: Executor, row: OutboxRow, reason: string) {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notificationOutbox')
      .set({ status: OUTBOX.failed, lockedUntil: null, attempts: row.attempts + 1, lastError: reason, updatedAt: now })
      .where('id', '=', row.id)
      .execute();
    if (row.smsNotificationId == null) return;
    await trx
      .updateTable('smsNotifications')
      .set({ status: 'FAILED', failureReason: reason, updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('status', 'in', ['PENDING', 'SENT'])
      .execute();
  });
}

/** Schedules the next attempt; `deviceId` remembers which device failed, so the next attempt tries it last. */
export async function markRetry(db: Executor, row: OutboxRow, reason: string, delayMs: number, deviceId?: number | null) {
  await db
    .updateTable('notificationOutbox')
    .set({
      status: OUTBOX.pending,
      lockedUntil: null,
      attempts: row.attempts + 1,
      lastError: reason,
      nextAttemptAt: new Date(Date.now() + delayMs).toISOString(),
      deviceId: deviceId ?? row.deviceId,
      updatedAt: nowIso(),
    })
    .where('id', '=', row.id)
    .execute();
}
