import { sql, type Kysely } from 'kysely';

/*
 * The claim's index holds the pending rows only (a partial index), by school, urgency class and
 * event time. Replaces outbox_school_idx (status, school_id, priority, event_at), whose first column every other
 * outbox index shares: right after a burst (a backlog committed at once, the absence job), PostgreSQL's
 * statistics still said 'pending' was rare, so the planner read the undated and schoolless ranges through
 * outbox_expiry_idx, every pending row each, which made a claim many times slower. A partial index is chosen
 * whatever the statistics say, as long as the statement names status = 'pending' as a literal.
 * Runs on SQLite and PostgreSQL alike (both have partial indexes; no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index outbox_pending_idx on notification_outbox (school_id, priority, event_at)
    where status = 'pending'`.execute(db);
  await db.schema.dropIndex('outbox_school_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_school_idx')
    .on('notification_outbox')
    .columns(['status', 'school_id', 'priority', 'event_at'])
    .execute();
  await db.schema.dropIndex('outbox_pending_idx').execute();
}
