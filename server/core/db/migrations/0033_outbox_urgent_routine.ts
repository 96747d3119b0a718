import { sql, type Kysely, type RawBuilder } from 'kysely';

/*
 * The outbox's urgency classes change meaning: 1 was every attendance notice and 0 CUSTOM messages; now 1 is urgent
 * (absence, late, correction and staff messages) and 0 routine (arrival and departure notices). Rows that may still
 * be claimed (pending, sending, or uncertain until an admin resends them) get the value of their type, read from
 * their JSON payload; finished rows keep theirs (nothing reads it again). outbox_pending_idx (school_id, priority,
 * event_at) serves the new values as it did the old ones. Runs on SQLite and PostgreSQL alike (no app imports).
 */
const ROUTINE = sql`(payload like '%"type":"CHECK_IN"%' or payload like '%"type":"CHECK_OUT"%')`;
const CUSTOM = sql`payload like '%"type":"CUSTOM"%'`;
const LIVE = sql`status in ('pending', 'sending', 'uncertain')`;

async function recompute(db: Kysely<any>, value: RawBuilder<number>): Promise<void> {
  await sql`update notification_outbox set priority = ${value} where ${LIVE} and priority <> ${value}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await recompute(db, sql<number>`case when ${ROUTINE} then 0 else 1 end`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recompute(db, sql<number>`case when ${CUSTOM} then 0 else 1 end`);
}
