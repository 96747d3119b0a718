import type { Updateable } from 'kysely';
import type { Executor } from '../../db/index';
import type { NotificationOutboxTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { OUTBOX, type OutboxRow } from './claim';

/*
 * How a claimed per-channel row ends an attempt. Every update is guarded by the row still being 'sending'
 * under THIS claim's lease token: a worker whose lease ran out (another worker took the row) changes nothing,
 * neither the outbox row nor its history. History statuses only move forward: PENDING → SENT → DELIVERED,
 * PENDING/SENT → FAILED, PENDING → UNCERTAIN.
 */

/** The end of an attempt clears its in-flight marker (its outcome is known now). */
const SETTLED = { lockedUntil: null, leaseToken: null, inflightAt: null, inflightDeviceId: null } as const;

/** Updates the row only while this worker holds it; true when it did. */
async function updateHeld(db: Executor, row: OutboxRow, set: Updateable<NotificationOutboxTable>): Promise<boolean> {
  const r = await db
    .updateTable('notificationOutbox')
    .set({ ...set, updatedAt: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', OUTBOX.sending)
    .where('leaseToken', '=', row.leaseToken)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Returns false when the lease was lost (nothing changed). */
export async function markSent(
  db: Executor,
  row: OutboxRow,
  ids: { deviceId?: number | null; pageId?: number | null; providerMsgId: string | null },
): Promise<boolean> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const held = await updateHeld(trx, row, {
      ...SETTLED,
      status: OUTBOX.sent,
      attempts: row.attempts + 1,
      deviceId: ids.deviceId ?? row.deviceId,
      pageId: ids.pageId ?? row.pageId,
      providerMsgId: ids.providerMsgId,
      lastError: null,
    });
    if (!held || row.smsNotificationId == null) return held;
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
    return true;
  });
}

/** A final state of the history row with a reason: FAILED, or UNCERTAIN (nobody can tell whether it went). */
async function markFinal(db: Executor, row: OutboxRow, reason: string, uncertain: boolean): Promise<boolean> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const held = await updateHeld(trx, row, {
      ...SETTLED,
      status: uncertain ? OUTBOX.uncertain : OUTBOX.failed,
      attempts: row.attempts + 1,
      lastError: reason,
      // An uncertain attempt keeps the device it went through (the admin sees which phone to check).
      ...(uncertain ? { inflightAt: row.inflightAt, inflightDeviceId: row.inflightDeviceId } : {}),
    });
    if (!held || row.smsNotificationId == null) return held;
    await trx
      .updateTable('smsNotifications')
      .set({ status: uncertain ? 'UNCERTAIN' : 'FAILED', failureReason: reason, updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('status', 'in', uncertain ? ['PENDING'] : ['PENDING', 'SENT'])
      .execute();
    return true;
  });
}

export const markFailed = (db: Executor, row: OutboxRow, reason: string) => markFinal(db, row, reason, false);
export const markUncertain = (db: Executor, row: OutboxRow, reason: string) => markFinal(db, row, reason, true);

/**
 * Schedules the next attempt; `deviceId` remembers which device failed, so the next attempt tries it last.
 * `unknown`: the attempt got no answer and may have been sent: its in-flight marker stays, so the next
 * attempt asks the provider first instead of sending again.
 */
export async function markRetry(
  db: Executor,
  row: OutboxRow,
  reason: string,
  delayMs: number,
  deviceId?: number | null,
  unknown = false,
): Promise<boolean> {
  const { inflightAt, inflightDeviceId, ...lease } = SETTLED;
  return updateHeld(db, row, {
    ...lease,
    ...(unknown ? {} : { inflightAt, inflightDeviceId }),
    status: OUTBOX.pending,
    attempts: row.attempts + 1,
    lastError: reason,
    nextAttemptAt: new Date(Date.now() + delayMs).toISOString(),
    deviceId: deviceId ?? row.deviceId,
  });
}
