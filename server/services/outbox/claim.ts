import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isPostgres, type Executor } from '../../db/index';
import type { NotificationOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/**
 * Outbox row states: pending → sending (claimed) → sent | failed; an expanded intent ends 'done'. An attempt
 * whose outcome nobody can tell is 'uncertain' until an admin resends (→ pending) or dismisses it (→ dismissed).
 */
export const OUTBOX = {
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  done: 'done',
  uncertain: 'uncertain',
  dismissed: 'dismissed',
} as const;

/**
 * Claims up to `limit` due rows in ONE statement: pending rows whose time has come, and rows a crashed
 * worker left 'sending' after their lease ran out. PostgreSQL: FOR UPDATE SKIP LOCKED, so several server
 * processes take disjoint rows without waiting on each other. SQLite runs one write statement at a time, so
 * the same UPDATE is a single claimer across processes too.
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number, now = new Date()): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  let due = db
    .selectFrom('notificationOutbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', OUTBOX.pending), eb('nextAttemptAt', '<=', nowIso)]),
        eb.and([eb('status', '=', OUTBOX.sending), eb('lockedUntil', '<', nowIso)]),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  // One token per claim: a worker whose lease ran out (and whose rows another worker took) finishes nothing.
  const leaseToken = randomUUID();
  return db
    .updateTable('notificationOutbox')
    .set({ status: OUTBOX.sending, lockedUntil: new Date(now.getTime() + leaseMs).toISOString(), leaseToken, updatedAt: nowIso })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Extends the lease of a claim's rows still being worked on (a long batch must not be taken from under it). */
export async function renewLease(db: Executor, leaseToken: string, leaseMs: number): Promise<void> {
  await db
    .updateTable('notificationOutbox')
    .set({ lockedUntil: new Date(Date.now() + leaseMs).toISOString() })
    .where('leaseToken', '=', leaseToken)
    .where('status', '=', OUTBOX.sending)
    .execute();
}

/**
 * Records an attempt as in flight, committed on its own BEFORE the HTTP call: if the process dies during the
 * call, the next claim sees the marker and reconciles instead of sending again. False = the lease was lost
 * (another worker holds the row): do not send.
 */
export async function beginAttempt(db: Executor, row: OutboxRow, deviceId: number | null): Promise<boolean> {
  const r = await db
    .updateTable('notificationOutbox')
    .set({ inflightAt: new Date().toISOString(), inflightDeviceId: deviceId })
    .where('id', '=', row.id)
    .where('status', '=', OUTBOX.sending)
    .where('leaseToken', '=', row.leaseToken)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
