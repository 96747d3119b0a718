import { sql } from 'kysely';
import type { Executor } from '@core/db/index';
import { deviceCandidates, OUTBOX } from '../outbox';

/*
 * A school's SMS queue as the outbox sees it: the pool of ACTIVE phones its messages go through (the outbox's own
 * choice, deviceCandidates), the messages waiting, and each waiting message's place in the outbox's order.
 */

export interface Pool {
  phones: number;
  /** Each phone's rate when they all share one, else null. */
  ratePerPhone: number | null;
  /** The pool's rates summed: what it sends a minute. */
  messagesPerMinute: number;
}

/** The ACTIVE phones a message of `schoolId` may go through (its own, the global ones it uses) and their rates. */
export async function schoolPool(db: Executor, schoolId: number): Promise<Pool> {
  const devices = await deviceCandidates(db, schoolId, null);
  const rates = [...new Set(devices.map((d) => d.sendRatePerMinute))];
  return {
    phones: devices.length,
    ratePerPhone: rates.length === 1 ? rates[0]! : null,
    messagesPerMinute: devices.reduce((sum, d) => sum + d.sendRatePerMinute, 0),
  };
}

/**
 * The school's SMS messages waiting (pending), counted in the outbox's partial index of pending rows (its status a
 * literal, so PostgreSQL's plan uses it whatever the statistics say).
 */
export async function waitingCount(db: Executor, schoolId: number): Promise<number> {
  const row = await db
    .selectFrom('notificationOutbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`status = ${sql.lit(OUTBOX.pending)}`)
    .where('schoolId', '=', schoolId)
    .where('channel', '=', 'SMS')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * For each pending SMS message of `requestIds` (its outbox key), how many of its school's pending SMS messages go
 * before it by the outbox's order (claim.ts, urgency.ts): a higher urgency class first; within a class the fresh
 * window (events since `cutoff`) oldest first, then older events newest first, then those without an event time,
 * each by id among equals. ONE statement, a count per message over the index of pending rows.
 */
export async function aheadOf(db: Executor, requestIds: string[], cutoff: string): Promise<Map<string, number>> {
  if (!requestIds.length) return new Map();
  const before = sql<boolean>`case
      when t.event_at >= ${cutoff} then
        x.event_at >= ${cutoff} and (x.event_at < t.event_at or (x.event_at = t.event_at and x.id < t.id))
      when t.event_at is not null then
        x.event_at >= ${cutoff} or x.event_at > t.event_at or (x.event_at = t.event_at and x.id < t.id)
      else x.event_at is not null or x.id < t.id
    end`;
  const rows = await db
    .selectFrom('notificationOutbox as t')
    .select([
      't.idempotencyKey',
      sql<number>`(select count(*) from notification_outbox x
        where x.status = ${sql.lit(OUTBOX.pending)} and x.school_id = t.school_id and x.channel = 'SMS' and x.id <> t.id
          and (x.priority > t.priority or (x.priority = t.priority and (${before}))))`.as('ahead'),
    ])
    .where('t.idempotencyKey', 'in', requestIds)
    .where('t.status', '=', OUTBOX.pending)
    .where('t.channel', '=', 'SMS')
    .where('t.schoolId', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.idempotencyKey, Number(r.ahead)]));
}
