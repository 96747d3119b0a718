import { sql, type WhereInterface } from 'kysely';
import type { Executor } from '@core/db/index';
import type { Database } from '@core/db/schema';
import { OUTBOX, type OutboxRow } from '../claim';
import { deviceActive, SETTLED } from '../finish';

/*
 * The set-based forms of claim.ts's beginAttempt and finish.ts's markSent and markWait, for a pass's messages taken
 * together: the same guards (a row changes only while 'sending' under its claim's lease token), the same History
 * rules, one statement per table for a group of messages instead of one per message.
 */

/** Rows of a statement at once (bound values stay well under both stores' limits). */
const CHUNK = 100;

/** The rows in parts a statement can take, each part of one claim (its lease token). */
function* heldParts(rows: OutboxRow[]) {
  const byToken = new Map<string | null, OutboxRow[]>();
  for (const row of rows) byToken.set(row.leaseToken, [...(byToken.get(row.leaseToken) ?? []), row]);
  for (const [token, group] of byToken)
    for (let i = 0; i < group.length; i += CHUNK) yield { token, ids: group.slice(i, i + CHUNK).map((r) => r.id) };
}

/** Only the rows `ids` this worker still holds ('sending' under the claim's lease `token`). */
const whereHeld = <Q extends WhereInterface<Database, 'notificationOutbox'>>(
  q: Q,
  { token, ids }: { token: string | null; ids: number[] },
): Q => q.where('id', 'in', ids).where('status', '=', OUTBOX.sending).where('leaseToken', '=', token) as Q;

/** A value per row: `case id when … then … end` (typed: PostgreSQL reads an untyped parameter as text). */
const byId = <V>(pairs: Array<[number, V]>, type: 'integer' | 'text') =>
  sql<V>`case id ${sql.join(
    pairs.map(([id, v]) => sql`when ${id} then cast(${v} as ${sql.raw(type)})`),
    sql` `,
  )} end`;

/**
 * Marks `rows` in flight through `deviceId` (committed before any of them is handed over: a crash during the calls
 * leaves markers the next claim reconciles). Returns the ids still held (the others' lease was lost: not sent).
 */
export async function beginAttempts(db: Executor, rows: OutboxRow[], deviceId: number, now: Date): Promise<Set<number>> {
  const held = new Set<number>();
  for (const part of heldParts(rows)) {
    const q = db.updateTable('notificationOutbox').set({ inflightAt: now.toISOString(), inflightDeviceId: deviceId });
    for (const { id } of await whereHeld(q, part).returning('id').execute()) held.add(id);
  }
  return held;
}

export interface SentMessage {
  row: OutboxRow;
  deviceId: number;
  providerMsgId: string | null;
}

/**
 * Messages the gateway took, SENT together: the outbox rows still held, then their History rows (SENT from PENDING
 * only; the send's time, device and provider id only on a first "sent", as markSent). One transaction, then the
 * phones' last activity. Returns the
 * History ids of the rows that were still held (the others' lease was lost: another worker has them).
 */
export async function markSentMany(db: Executor, sent: SentMessage[], at: Date): Promise<Set<number>> {
  const now = at.toISOString();
  const notes = new Set<number>();
  if (!sent.length) return notes;
  const of = new Map(sent.map((s) => [s.row.id, s]));
  const devices = new Set<number>();
  await db.transaction().execute(async (trx) => {
    for (const part of heldParts(sent.map((s) => s.row))) {
      const q = trx.updateTable('notificationOutbox').set((eb) => ({
        ...SETTLED,
        status: OUTBOX.sent,
        attempts: eb('attempts', '+', 1),
        deviceId: byId(
          part.ids.map((id) => [id, of.get(id)!.deviceId]),
          'integer',
        ),
        providerMsgId: byId(
          part.ids.map((id) => [id, of.get(id)!.providerMsgId]),
          'text',
        ),
        lastError: null,
        updatedAt: now,
      }));
      const rows = await whereHeld(q, part).returning(['id', 'smsNotificationId']).execute();
      for (const r of rows) devices.add(of.get(r.id)!.deviceId);
      const held = rows.flatMap((r) => (r.smsNotificationId == null ? [] : [[r.smsNotificationId, of.get(r.id)!] as const]));
      if (!held.length) continue;
      const firstSend = <V>(values: Array<[number, V]>, column: 'deviceId' | 'providerMsgId') =>
        sql<V>`case when sent_at is null then ${byId(values, column === 'deviceId' ? 'integer' : 'text')} else ${sql.ref(column)} end`;
      await trx
        .updateTable('smsNotifications')
        .set((eb) => ({
          sentAt: eb.fn.coalesce('sentAt', eb.val(now)),
          deviceId: firstSend(
            held.map(([note, s]) => [note, s.deviceId]),
            'deviceId',
          ),
          providerMsgId: firstSend(
            held.map(([note, s]) => [note, s.providerMsgId]),
            'providerMsgId',
          ),
          status: eb.case().when('status', '=', 'PENDING').then(eb.val('SENT')).else(eb.ref('status')).end(),
          failureReason: eb.case().when('status', '=', 'PENDING').then(null).else(eb.ref('failureReason')).end(),
          updatedAt: now,
        }))
        .where(
          'id',
          'in',
          held.map(([note]) => note),
        )
        .where((eb) => eb.or([eb('sentAt', 'is', null), eb('status', '=', 'PENDING')]))
        .execute();
      for (const [note] of held) notes.add(note);
    }
  });
  // The phones' last activity, after the commit: the device rows (the pace's, shared by every process) stay unlocked
  // while the outbox and History rows change.
  await deviceActive(db, [...devices], now);
  return notes;
}

/**
 * Messages no phone has room for yet, back to pending until `until` with History's reason, as markWait: no attempt
 * counted, nothing in flight.
 */
export async function markWaitMany(db: Executor, rows: OutboxRow[], reason: string, until: Date, at: Date): Promise<void> {
  const now = at.toISOString();
  for (const part of heldParts(rows)) {
    const q = db
      .updateTable('notificationOutbox')
      .set({ ...SETTLED, status: OUTBOX.pending, lastError: reason, nextAttemptAt: until.toISOString(), updatedAt: now });
    const held = await whereHeld(q, part).returning('smsNotificationId').execute();
    const notes = held.flatMap((x) => (x.smsNotificationId == null ? [] : [x.smsNotificationId]));
    if (!notes.length) continue;
    await db
      .updateTable('smsNotifications')
      .set({ failureReason: reason, updatedAt: now })
      .where('id', 'in', notes)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('failureReason', 'is', null), eb('failureReason', '!=', reason)]))
      .execute();
  }
}
