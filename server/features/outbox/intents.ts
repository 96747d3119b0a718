import type { Executor } from '@core/db/index';
import { priorityOf } from './urgency';
import type { SmsType } from '@domain/sms-history';
import type { NotificationIntent } from './payloads';

/**
 * The contract between the features that cause notices (attendance, taps, messages) and the outbox worker.
 *
 * Whatever should reach a parent is written as ONE intent row in `notification_outbox`, in the same
 * transaction as the change that caused it (a transactional outbox), with
 * `channel = 'INTENT'`, an empty recipient and the intent as JSON payload. The worker claims intent rows,
 * resolves the student's notificationPreference and contact details at send time, and writes the
 * per-channel messages ('SMS' / 'MESSENGER' rows whose idempotency keys extend the intent's) that it sends.
 * The unique idempotency key makes writing the same intent twice a no-op, so a replayed tap never
 * notifies twice.
 */
export const INTENT_CHANNEL = 'INTENT';

/** What a message is about: the SMS History types (src/domain, one list for both sides). */
export type NotificationType = SmsType;
export type { NotificationIntent };

const attendanceKeyPrefix = (type: NotificationType) => `${type}:attendance:`;
/** The key of an attendance change's intent (its per-channel messages' keys extend it). */
export const attendanceIntentKey = (type: NotificationType, attendanceId: number) =>
  `${attendanceKeyPrefix(type)}${attendanceId}`;
const attendanceKey = (intent: NotificationIntent) =>
  intent.attendanceId != null ? attendanceIntentKey(intent.type, intent.attendanceId) : undefined;

/**
 * An attendance intent whose record the same statement inserts (tap intake on PostgreSQL writes a group's rows in
 * one statement, features/rfid/tap-writes.ts): its columns, with the key and the payload left open for the
 * record's id, which the statement appends — `keyPrefix || id` and `payloadHead || ',"attendanceId":' || id ||
 * '}'` give the very key and payload that intentColumns gives `{ ...intent, attendanceId: id }`.
 */
export function openAttendanceIntent(intent: Omit<NotificationIntent, 'attendanceId'>) {
  return {
    keyPrefix: attendanceKeyPrefix(intent.type),
    payloadHead: JSON.stringify(intent).slice(0, -1),
    channel: INTENT_CHANNEL,
    studentId: intent.studentId,
    schoolId: intent.schoolId,
    priority: priorityOf(intent.type),
    eventAt: intent.occurredAt,
  };
}

/**
 * Writes the intent unless one with the same key exists. Keys: `${type}:attendance:${attendanceId}` for
 * attendance changes (one per change), or the caller's own unique key for CUSTOM messages. Due from `now` (the
 * server's clock, which the worker's claim reads too). Returns true when a row was written.
 */
export async function writeNotificationIntent(
  db: Executor,
  intent: NotificationIntent,
  now: Date,
  idempotencyKey = attendanceKey(intent),
): Promise<boolean> {
  return (await insertIntents(db, [{ intent, idempotencyKey: intentColumns(intent, idempotencyKey).idempotencyKey }], now)) > 0;
}

/** Several CUSTOM intents, each with its own key, in one statement; returns how many were new. */
export async function writeNotificationIntents(
  db: Executor,
  rows: ReadonlyArray<{ intent: NotificationIntent; idempotencyKey: string }>,
  now: Date,
): Promise<number> {
  return insertIntents(db, [...rows], now);
}

/**
 * An intent's outbox row as every writer stores it (the times are the writer's): the intent as JSON payload, and
 * what the claim orders by (urgency.ts); the expiry is set by the worker, which knows the
 * school's time zone, when it expands the intent. Keys as above.
 */
export function intentColumns(intent: NotificationIntent, idempotencyKey = attendanceKey(intent)) {
  if (!idempotencyKey) throw new Error('A notification intent needs an idempotency key');
  return {
    idempotencyKey,
    channel: INTENT_CHANNEL,
    studentId: intent.studentId,
    recipient: '',
    payload: JSON.stringify(intent),
    schoolId: intent.schoolId,
    priority: priorityOf(intent.type),
    eventAt: intent.occurredAt,
  };
}

async function insertIntents(db: Executor, rows: { intent: NotificationIntent; idempotencyKey: string }[], at: Date) {
  if (rows.length === 0) return 0;
  const now = at.toISOString();
  const result = await db
    .insertInto('notificationOutbox')
    .values(
      rows.map(({ intent, idempotencyKey }) => ({
        ...intentColumns(intent, idempotencyKey),
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
