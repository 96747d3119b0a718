import type { Selectable } from 'kysely';
import { isPostgres, type Executor } from '../../db/index';
import type { NotificationOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/** Outbox row states: pending → sending (claimed) → sent | failed; an expanded intent ends 'done'. */
export const OUTBOX = { pending: 'pending', sending: 'sending', sent: 'sent', failed: 'failed', done: 'done' } as const;

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
  return db
    .updateTable('notificationOutbox')
    .set({ status: OUTBOX.sending, lockedUntil: new Date(now.getTime() + leaseMs).toISOString(), updatedAt: nowIso })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}
