import { sql, type Kysely } from 'kysely';

/*
 * Fresh notifications first, expiry, channel fallback. Runs on SQLite and PostgreSQL
 * alike (no app imports):
 * - notification_outbox.school_id / priority / event_at: what the claim orders by (urgency class, then one row
 *   per school in turn, then the newest event first), written with the row so the claim needs no join;
 * - expires_at: an attendance notice not sent by then is EXPIRED instead of reaching a parent late (null: never);
 * - sms_notifications.note: what happened to a message besides its status (e.g. "Messenger window closed: sent
 *   by SMS"); rows written before keep null.
 * Rows queued before this migration get priority 1 (attendance's, the most common) and event_at = created_at (the old order: oldest first) and no
 * expiry, so nothing already queued is dropped by the upgrade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_outbox').addColumn('school_id', 'integer').execute();
  await db.schema
    .alterTable('notification_outbox')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('notification_outbox').addColumn('event_at', 'text').execute();
  await db.schema.alterTable('notification_outbox').addColumn('expires_at', 'text').execute();
  await sql`update notification_outbox set event_at = created_at`.execute(db);
  // The claim: schools with pending rows (a loose index scan), then each school's most urgent rows, in index order.
  await db.schema
    .createIndex('outbox_school_idx')
    .on('notification_outbox')
    .columns(['status', 'school_id', 'priority', 'event_at'])
    .execute();
  // The expiry sweep: pending rows whose time is up, one index range.
  await db.schema.createIndex('outbox_expiry_idx').on('notification_outbox').columns(['status', 'expires_at']).execute();
  await db.schema.alterTable('sms_notifications').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_notifications').dropColumn('note').execute();
  await db.schema.dropIndex('outbox_expiry_idx').execute();
  await db.schema.dropIndex('outbox_school_idx').execute();
  for (const column of ['expires_at', 'event_at', 'priority', 'school_id']) {
    await db.schema.alterTable('notification_outbox').dropColumn(column).execute();
  }
}
