import type { Executor } from '../db/index';
import { nowIso } from '../lib/time';

/**
 * The contract between attendance (issue #11) and the notification outbox worker (issue #12).
 *
 * Whatever should reach a parent is written as ONE intent row in `notification_outbox`, in the same
 * transaction as the change that caused it (INTEGRATIONS.md §4: transactional outbox), with
 * `channel = 'INTENT'`, an empty recipient and the intent as JSON payload. The worker claims intent rows,
 * resolves the student's notificationPreference and contact details at send time, and writes the
 * per-channel messages ('SMS' / 'MESSENGER' rows whose idempotency keys extend the intent's) that it sends.
 * The unique idempotency key makes writing the same intent twice a no-op, so a replayed tap never
 * notifies twice.
 */
export const INTENT_CHANNEL = 'INTENT';

export type NotificationType = 'CHECK_IN' | 'CHECK_OUT' | 'LATE_ARRIVAL' | 'ABSENCE' | 'CUSTOM';

export interface NotificationIntent {
  type: NotificationType;
  studentId: number;
  schoolId: number | null;
  /** ISO instant of the event the parent is told about (tap time, absence cutoff, or now for CUSTOM). */
  occurredAt: string;
  attendanceId?: number;
  /** CUSTOM messages only: the text the super admin wrote. */
  text?: string;
  /** Who asked for a CUSTOM message (system log / SMS history "sender"). */
  sender?: { role: string; id: number };
}

/**
 * Writes the intent unless one with the same key exists. Keys: `${type}:attendance:${attendanceId}` for
 * attendance changes (one per change), or the caller's own unique key for CUSTOM messages.
 * Returns true when a row was written.
 */
export async function writeNotificationIntent(
  db: Executor,
  intent: NotificationIntent,
  idempotencyKey = intent.attendanceId != null ? `${intent.type}:attendance:${intent.attendanceId}` : undefined,
): Promise<boolean> {
  if (!idempotencyKey) throw new Error('A notification intent needs an idempotency key');
  const now = nowIso();
  const result = await db
    .insertInto('notificationOutbox')
    .values({
      idempotencyKey,
      channel: INTENT_CHANNEL,
      studentId: intent.studentId,
      recipient: '',
      payload: JSON.stringify(intent),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
