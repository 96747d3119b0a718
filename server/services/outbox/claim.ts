import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { isPostgres, type Executor } from '../../db/index';
import type { Database, NotificationOutboxTable } from '../../db/schema';

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
  /** An attendance notice not sent in time (issue #20): never sent late. */
  expired: 'expired',
} as const;

/** Due: pending rows whose time has come, and rows a crashed worker left 'sending' after their lease ran out. */
const isDue = (nowIso: string) => (eb: ExpressionBuilder<Database, 'notificationOutbox'>) =>
  eb.or([
    eb.and([eb('status', '=', OUTBOX.pending), eb('nextAttemptAt', '<=', nowIso)]),
    eb.and([eb('status', '=', OUTBOX.sending), eb('lockedUntil', '<', nowIso)]),
  ]);

/**
 * Claims up to `limit` due rows in ONE statement, most urgent first (issue #20, see urgency.ts): by urgency class,
 * then round-robin between schools within a class (each school's newest row, then each school's second…), then
 * the newest event first. PostgreSQL: FOR UPDATE SKIP LOCKED on the picked rows (the window function is in a
 * sub-select, where PostgreSQL allows it), so several server processes take disjoint rows without waiting on each
 * other; a row another claimer committed meanwhile is re-checked against `isDue` and left out. SQLite runs one
 * write statement at a time, so the same UPDATE is a single claimer across processes too.
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number, now = new Date()): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const eventAt = sql`coalesce(event_at, created_at)`;
  const ranked = db
    .selectFrom('notificationOutbox')
    .select(['id', 'priority', sql<string>`${eventAt}`.as('eventAt')])
    .select(sql<number>`row_number() over (partition by priority, school_id order by ${eventAt} desc, id desc)`.as('turn'))
    .where(isDue(nowIso));
  const picked = db
    .selectFrom(ranked.as('r'))
    .select('r.id')
    .orderBy('r.priority')
    .orderBy('r.turn')
    .orderBy('r.eventAt', 'desc')
    .orderBy('r.id')
    .limit(limit);
  let due = db.selectFrom('notificationOutbox').select('id').where('id', 'in', picked).where(isDue(nowIso));
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  // One token per claim: a worker whose lease ran out (and whose rows another worker took) finishes nothing.
  const leaseToken = randomUUID();
  return (
    db
      .updateTable('notificationOutbox')
      .set({
        status: OUTBOX.sending,
        lockedUntil: new Date(now.getTime() + leaseMs).toISOString(),
        leaseToken,
        updatedAt: nowIso,
      })
      .where('id', 'in', due)
      .returningAll()
      .execute()
      // RETURNING comes in no particular order: the worker takes rows in this order, so the most urgent go first.
      .then((rows) => rows.sort(byUrgency))
  );
}

const byUrgency = (a: OutboxRow, b: OutboxRow) =>
  a.priority - b.priority || (b.eventAt ?? b.createdAt).localeCompare(a.eventAt ?? a.createdAt) || a.id - b.id;

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
