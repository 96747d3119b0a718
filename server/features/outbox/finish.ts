import { sql, type Updateable, type WhereInterface } from 'kysely';
import { isPostgres, type Executor } from '@core/db/index';
import type { Database, NotificationOutboxTable } from '@core/db/schema';
import { OUTBOX, type OutboxRow } from './claim';
import { channelPayloadOf } from './payloads';
import { channelText } from './templates';

/*
 * How a claimed per-channel row ends an attempt. Every update is guarded by the row still being 'sending'
 * under THIS claim's lease token: a worker whose lease ran out (another worker took the row) changes nothing,
 * neither the outbox row nor its history. History statuses only move forward: PENDING → SENT → DELIVERED,
 * PENDING/SENT → FAILED, PENDING → UNCERTAIN, PENDING → EXPIRED.
 */

/** The end of an attempt clears its in-flight marker (its outcome is known now). */
export const SETTLED = { lockedUntil: null, leaseToken: null, inflightAt: null, inflightDeviceId: null } as const;

/** The row, only while this worker holds it ('sending' under this claim's lease token). */
const heldRow = <Q extends WhereInterface<Database, 'notificationOutbox'>>(q: Q, row: OutboxRow): Q =>
  q.where('id', '=', row.id).where('status', '=', OUTBOX.sending).where('leaseToken', '=', row.leaseToken) as Q;

/** Updates the row only while this worker holds it; true when it did. */
async function updateHeld(db: Executor, row: OutboxRow, set: Updateable<NotificationOutboxTable>, now: string): Promise<boolean> {
  const r = await heldRow(db.updateTable('notificationOutbox').set({ ...set, updatedAt: now }), row).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Moves the "last active" of SMS devices `ids` forward to `at` (never back: receipts and sends come in any order).
 * A phone is active when it takes a message (the gateway accepted it) or reports one sent or delivered.
 */
export async function deviceActive(db: Executor, ids: number[], at: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('smsDevices')
    .set({ lastActive: at })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('lastActive', 'is', null), eb('lastActive', '<', at)]))
    .execute();
}

/**
 * The History row of a sent message, in ONE update whatever its state: SENT from PENDING only, and the send's
 * time, device and provider id only on its first "sent" (a delivery webhook may have come first and set them:
 * it finds the row by request_id, and DELIVERED is kept). Rows with nothing to change are not touched.
 */
function recordSent(db: Executor, noteId: number, ids: { deviceId?: number | null; providerMsgId: string | null }, now: string) {
  return db
    .updateTable('smsNotifications')
    .set((eb) => ({
      sentAt: eb.fn.coalesce('sentAt', eb.val(now)),
      deviceId: eb
        .case()
        .when('sentAt', 'is', null)
        .then(eb.val(ids.deviceId ?? null))
        .else(eb.ref('deviceId'))
        .end(),
      providerMsgId: eb.case().when('sentAt', 'is', null).then(eb.val(ids.providerMsgId)).else(eb.ref('providerMsgId')).end(),
      status: eb.case().when('status', '=', 'PENDING').then(eb.val('SENT')).else(eb.ref('status')).end(),
      // A pending message's reason says why it waited: sent, it has none.
      failureReason: eb.case().when('status', '=', 'PENDING').then(null).else(eb.ref('failureReason')).end(),
      updatedAt: now,
    }))
    .where('id', '=', noteId)
    .where((eb) => eb.or([eb('sentAt', 'is', null), eb('status', '=', 'PENDING')]));
}

/**
 * Returns false when the lease was lost (nothing changed). The outbox row and its History row change together:
 * on PostgreSQL in ONE statement (a data-modifying CTE: atomic, no BEGIN/COMMIT round trips, as the tap's
 * writes), on SQLite in one transaction (a statement costs no round trip in a process).
 */
export async function markSent(
  db: Executor,
  row: OutboxRow,
  ids: { deviceId?: number | null; pageId?: number | null; providerMsgId: string | null },
  at: Date,
): Promise<boolean> {
  const now = at.toISOString();
  const set = {
    ...SETTLED,
    status: OUTBOX.sent,
    attempts: row.attempts + 1,
    deviceId: ids.deviceId ?? row.deviceId,
    pageId: ids.pageId ?? row.pageId,
    providerMsgId: ids.providerMsgId,
    lastError: null,
    updatedAt: now,
  };
  const noteId = row.smsNotificationId;
  if (isPostgres(db) && noteId != null) {
    const r = await db
      .with('held', (qb) => heldRow(qb.updateTable('notificationOutbox').set(set), row).returning('id'))
      .with('note', () =>
        recordSent(db, noteId, ids, now)
          .where(sql<boolean>`exists (select 1 from held)`)
          .returning('id'),
      )
      .selectFrom('held')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(r.n) === 1 && ids.deviceId) await deviceActive(db, [ids.deviceId], now);
    return Number(r.n) === 1;
  }
  const held = await db.transaction().execute(async (trx) => {
    const held = await updateHeld(trx, row, set, now);
    if (!held || noteId == null) return held;
    await recordSent(trx, noteId, ids, now).execute();
    return true;
  });
  // After the commit, as markSentMany: the device row is the pace's, shared by every process.
  if (held && ids.deviceId) await deviceActive(db, [ids.deviceId], now);
  return held;
}

/** The final states a row ends in with a reason, and the history statuses each may replace. */
const FINAL = {
  failed: { outbox: OUTBOX.failed, history: 'FAILED', from: ['PENDING', 'SENT'] },
  /** Nobody can tell whether it went: an admin decides. */
  uncertain: { outbox: OUTBOX.uncertain, history: 'UNCERTAIN', from: ['PENDING'] },
  /** An attendance notice whose time is up: it is not sent at all rather than late. */
  expired: { outbox: OUTBOX.expired, history: 'EXPIRED', from: ['PENDING'] },
} as const;

async function markFinal(db: Executor, row: OutboxRow, reason: string, kind: keyof typeof FINAL, at: Date): Promise<boolean> {
  const now = at.toISOString();
  const final = FINAL[kind];
  return db.transaction().execute(async (trx) => {
    const held = await updateHeld(
      trx,
      row,
      {
        ...SETTLED,
        status: final.outbox,
        attempts: row.attempts + 1,
        lastError: reason,
        // An uncertain attempt keeps the device it went through (the admin sees which phone to check).
        ...(kind === 'uncertain' ? { inflightAt: row.inflightAt, inflightDeviceId: row.inflightDeviceId } : {}),
      },
      now,
    );
    if (!held || row.smsNotificationId == null) return held;
    await trx
      .updateTable('smsNotifications')
      .set({ status: final.history, failureReason: reason, updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('status', 'in', [...final.from])
      .execute();
    return true;
  });
}

export const markFailed = (db: Executor, row: OutboxRow, reason: string, at: Date) => markFinal(db, row, reason, 'failed', at);
export const markUncertain = (db: Executor, row: OutboxRow, reason: string, at: Date) =>
  markFinal(db, row, reason, 'uncertain', at);
export const markExpired = (db: Executor, row: OutboxRow, reason: string, at: Date) => markFinal(db, row, reason, 'expired', at);

/** What the sweep reads of an expired row to name its reason. */
export type Expired = Pick<OutboxRow, 'payload' | 'eventAt' | 'expiresAt'>;

/**
 * Every pending message whose expiry has passed becomes EXPIRED (outbox 'expired', history EXPIRED with the
 * reason `reasonOf` names for it: the rule that set its deadline), set-based. The outbox rows first, with RETURNING:
 * they are locked (PostgreSQL) or the statement is alone (SQLite), so no claimer takes one in between and a row is
 * never both sent and EXPIRED. Rows being sent are left to their worker, which checks the expiry itself right before
 * the send. Returns the history ids expired.
 */
export async function expireDue(db: Executor, reasonOf: (row: Expired) => string, now: Date): Promise<number[]> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('notificationOutbox')
      .set({ status: OUTBOX.expired, lockedUntil: null, updatedAt: at })
      .where('status', '=', OUTBOX.pending)
      .where('expiresAt', '<=', at)
      .returning(['id', 'smsNotificationId', 'payload', 'eventAt', 'expiresAt'])
      .execute();
    const byReason = new Map<string, { rows: number[]; notes: number[] }>();
    for (const row of rows) {
      const reason = reasonOf(row);
      const group = byReason.get(reason) ?? { rows: [], notes: [] };
      byReason.set(reason, group);
      group.rows.push(row.id);
      if (row.smsNotificationId != null) group.notes.push(row.smsNotificationId);
    }
    for (const [reason, group] of byReason) {
      for (let i = 0; i < group.rows.length; i += 500) {
        await trx
          .updateTable('notificationOutbox')
          .set({ lastError: reason })
          .where('id', 'in', group.rows.slice(i, i + 500))
          .execute();
      }
      for (let i = 0; i < group.notes.length; i += 500) {
        await trx
          .updateTable('smsNotifications')
          .set({ status: 'EXPIRED', failureReason: reason, updatedAt: at })
          .where('id', 'in', group.notes.slice(i, i + 500))
          .where('status', '=', 'PENDING')
          .execute();
      }
    }
    return [...byReason.values()].flatMap((g) => g.notes);
  });
}

/**
 * A FACEBOOK_MESSENGER_ONLY message whose Messenger window is closed goes by SMS instead. The
 * SAME message (outbox row and history row, so the parent gets it once and History shows one row) changes channel:
 * SMS to `phone`, key `{intentKey}:SMS` (the gateway's request_id), due now, with the note shown in History, its text
 * in the SMS form (`channelText`).
 * False when the lease was lost or an SMS of this intent exists already (nothing changed).
 */
export async function switchToSms(
  db: Executor,
  row: OutboxRow,
  to: { phone: string; key: string; note: string },
  at: Date,
): Promise<boolean> {
  const { phone, key, note } = to;
  const now = at.toISOString();
  const payload = channelPayloadOf(row);
  const text = channelText('SMS', payload.text);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('notificationOutbox').select('id').where('idempotencyKey', '=', key).executeTakeFirst();
    if (taken) return false;
    // Messenger answered (or was never called): nothing is in flight, and the SMS attempt starts from scratch.
    const held = await updateHeld(
      trx,
      row,
      {
        ...SETTLED,
        status: OUTBOX.pending,
        channel: 'SMS',
        recipient: phone,
        idempotencyKey: key,
        payload: JSON.stringify({ ...payload, text }),
        nextAttemptAt: now,
        lastError: note,
      },
      now,
    );
    if (!held || row.smsNotificationId == null) return held;
    await trx
      .updateTable('smsNotifications')
      .set({ channel: 'SMS', phoneNumber: phone, requestId: key, note, message: text, updatedAt: now })
      .where('id', '=', row.smsNotificationId)
      .where('status', '=', 'PENDING')
      .execute();
    return true;
  });
}

/**
 * Schedules the next attempt at `retryAt`; `deviceId` remembers which device failed, so the next attempt tries it last.
 * `unknown`: the attempt got no answer and may have been sent: its in-flight marker stays, so the next
 * attempt asks the provider first instead of sending again.
 */
export async function markRetry(
  db: Executor,
  row: OutboxRow,
  reason: string,
  retryAt: Date,
  at: Date,
  deviceId?: number | null,
  unknown = false,
): Promise<boolean> {
  const { inflightAt, inflightDeviceId, ...lease } = SETTLED;
  return updateHeld(
    db,
    row,
    {
      ...lease,
      ...(unknown ? {} : { inflightAt, inflightDeviceId }),
      status: OUTBOX.pending,
      attempts: row.attempts + 1,
      lastError: reason,
      nextAttemptAt: retryAt.toISOString(),
      deviceId: deviceId ?? row.deviceId,
    },
    at.toISOString(),
  );
}

/**
 * Every phone the message may use is busy: it goes back to pending until `until` (when the first has room), with no
 * attempt counted and no backoff, and History shows why it waits. Nothing was handed over, so nothing is in flight.
 * Two statements, not one transaction: the outbox row is what counts; History's reason only follows it.
 */
export async function markWait(
  db: Executor,
  row: OutboxRow,
  reason: string,
  until: Date,
  at: Date,
  deviceId?: number | null,
): Promise<boolean> {
  const now = at.toISOString();
  const held = await updateHeld(
    db,
    row,
    {
      ...SETTLED,
      status: OUTBOX.pending,
      lastError: reason,
      nextAttemptAt: until.toISOString(),
      deviceId: deviceId ?? row.deviceId,
    },
    now,
  );
  if (!held || row.smsNotificationId == null) return held;
  await db
    .updateTable('smsNotifications')
    .set({ failureReason: reason, updatedAt: now })
    .where('id', '=', row.smsNotificationId)
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('failureReason', 'is', null), eb('failureReason', '!=', reason)]))
    .execute();
  return true;
}
