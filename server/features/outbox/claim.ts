import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { isPostgres, type Executor } from '@core/db/index';
import type { NotificationOutboxTable } from '@core/db/schema';
import { inClaimOrder, PRIORITY } from './urgency';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/**
 * Outbox row states: pending → sending (claimed) → sent | failed; an expanded intent ends 'done', and so does an
 * arrival notice folded into its departure's message (fold.ts). An attempt whose outcome nobody can tell is
 * 'uncertain' until an admin resends (→ pending) or dismisses it (→ dismissed).
 */
export const OUTBOX = {
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  done: 'done',
  uncertain: 'uncertain',
  dismissed: 'dismissed',
  /** An attendance notice not sent in time : never sent late. */
  expired: 'expired',
} as const;

/**
 * Due: pending rows whose time has come, and rows a crashed worker left 'sending' after their lease ran out.
 * Only the picked rows are re-checked with it, so coalesce() keeps the status out of any index's reach: the
 * planner then fetches the picked rows by id. Without it, PostgreSQL with statistics from before a burst (a
 * backlog committed at once, autovacuum's ANALYZE not yet run) read every pending row through the status indexes
 * and semi-joined the picks, ten times the cost of a claim (bench/claim-burst.ts times it).
 */
const isDue = (nowIso: string) =>
  sql<boolean>`((coalesce(status, '') = ${OUTBOX.pending} and next_attempt_at <= ${nowIso})
    or (coalesce(status, '') = ${OUTBOX.sending} and locked_until < ${nowIso}))`;

/**
 * Claims up to `limit` due rows in ONE statement, most urgent first (the rule in urgency.ts): by urgency
 * class, then round-robin between schools within a class, then within a school the fresh window (events since
 * now − `freshWindowMs`) oldest first, then older rows newest first, then rows without an event time.
 *
 * Cost stays flat in the backlog's size: a sort of every due row per claim would cost more than sending a batch.
 * So the candidates are found through `outbox_pending_idx` (school_id, priority, event_at, of the pending rows
 * only: migration 0024 says why a partial index): the schools with pending rows by a loose index scan (a
 * recursive CTE hopping from one school_id to the next), then for each school and class three index ranges of at most `limit` rows each: the fresh window read
 * forwards from the cutoff, the older rows read backwards from it, the undated ones; plus rows without a school
 * (the same ranges) and rows a crashed worker left 'sending' after their lease. Only those few are ranked.
 * The statement names the status as a literal wherever that index is to serve (a parameter cannot prove a partial
 * index's condition in a prepared statement's plan). PostgreSQL: FOR UPDATE SKIP LOCKED on the
 * picked rows, so several server processes take disjoint rows without waiting on each other; a row another
 * claimer committed meanwhile is re-checked against `isDue` and left out. SQLite runs one write statement at a
 * time, so the same UPDATE is a single claimer across processes too.
 */
export async function claimDue(
  db: Executor,
  limit: number,
  leaseMs: number,
  freshWindowMs: number,
  now: Date,
): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - freshWindowMs).toISOString();
  // coalesce() keeps SQLite's planner off outbox_due_idx here (a range over every due row, then a sort): each
  // range is read from outbox_pending_idx in order, and the walk stops at `limit`.
  const isPending = sql`status = ${sql.lit(OUTBOX.pending)}`;
  const pending = sql`x.${isPending} and coalesce(x.next_attempt_at, '') <= ${nowIso}`;
  const all = sql`x.id, x.priority, x.school_id, x.event_at`;
  // One school's (or the schoolless rows') ranges, one class after another: each a walk of the index, in order.
  // Every row's priority is one of PRIORITY's (priorityOf writes them; migration 0033 gave rows queued before theirs).
  const ranges = (school: RawBuilder<unknown>, cols = all) =>
    Object.values(PRIORITY).flatMap((p) => [
      sql`select ${cols} from notification_outbox x where ${school} and ${pending} and x.priority = ${p}
        and x.event_at >= ${cutoff} order by x.event_at limit ${limit}`,
      sql`select ${cols} from notification_outbox x where ${school} and ${pending} and x.priority = ${p}
        and x.event_at < ${cutoff} order by x.event_at desc limit ${limit}`,
      sql`select ${cols} from notification_outbox x where ${school} and ${pending} and x.priority = ${p}
        and x.event_at is null order by x.id limit ${limit}`,
    ]);
  const perSchool = isPostgres(db)
    ? // A LATERAL join (a correlated IN makes PostgreSQL scan the whole table once per claim).
      sql`select x.* from schools s cross join lateral (${sql.join(
        ranges(sql`x.school_id = s.sid`).map((r) => sql`(${r})`),
        sql` union all `,
      )}) x`
    : // SQLite has no LATERAL: per range, an index walk per school, then rowid lookups.
      sql.join(
        ranges(sql`x.school_id = s.sid`, sql`x.id`).map(
          (r) => sql`select o.id, o.priority, o.school_id, o.event_at from schools s
            join notification_outbox o on o.id in (${r})`,
        ),
        sql` union all `,
      );
  const withoutSchool = sql.join(
    ranges(sql`x.school_id is null`).map((r) => sql`select * from (${r}) as r`),
    sql` union all `,
  );
  const tier = sql`case when event_at >= ${cutoff} then 0 when event_at is not null then 1 else 2 end`;
  // Within a school and class: tier, then the fresh window oldest first, older rows newest first (urgency.ts).
  const withinSchool = sql`tier, case when tier = 0 then event_at end, event_at desc, id`;
  const picked = sql<{ id: number }>`
    with recursive schools(sid) as (
      select min(school_id) from notification_outbox where ${isPending}
      union all
      select (select min(school_id) from notification_outbox where ${isPending} and school_id > sid)
      from schools where sid is not null
    ),
    candidates as (
      ${perSchool}
      union all
      ${withoutSchool}
      union all
      select * from (select id, priority, school_id, event_at from notification_outbox
        where status = ${OUTBOX.sending} and locked_until < ${nowIso} order by id limit ${limit}) as stuck
    ),
    tiered as (select id, priority, school_id, event_at, ${tier} as tier from candidates),
    ranked as (
      select id, priority, tier, event_at,
        row_number() over (partition by priority, school_id order by ${withinSchool}) as turn
      from tiered
    )
    select id from ranked order by priority desc, turn, ${withinSchool} limit ${limit}`;
  let due = db
    .selectFrom('notificationOutbox')
    .select('id')
    .where('id', 'in', sql<number>`(${picked})`)
    .where(isDue(nowIso));
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
      .then((rows) => inClaimOrder(rows, cutoff))
  );
}

/** Extends the lease of a claim's rows still being worked on (a long batch must not be taken from under it). */
export async function renewLease(db: Executor, leaseToken: string, leaseMs: number, now: Date): Promise<void> {
  await db
    .updateTable('notificationOutbox')
    .set({ lockedUntil: new Date(now.getTime() + leaseMs).toISOString() })
    .where('leaseToken', '=', leaseToken)
    .where('status', '=', OUTBOX.sending)
    .execute();
}

/**
 * Records an attempt as in flight, committed on its own BEFORE the HTTP call: if the process dies during the
 * call, the next claim sees the marker and reconciles instead of sending again. False = the lease was lost
 * (another worker holds the row): do not send.
 */
export async function beginAttempt(db: Executor, row: OutboxRow, deviceId: number | null, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('notificationOutbox')
    .set({ inflightAt: now.toISOString(), inflightDeviceId: deviceId })
    .where('id', '=', row.id)
    .where('status', '=', OUTBOX.sending)
    .where('leaseToken', '=', row.leaseToken)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
