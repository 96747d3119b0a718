import { sql, type Kysely } from 'kysely';

/*
 * Parent notifications. Runs on SQLite and PostgreSQL alike (no app imports):
 * - one default SMS device per school, and one global default (school_id null → 0 in the index), enforced
 *   by the database too, not only by the service that unsets the previous default in the same transaction;
 * - students: the m.me `ref` token a parent's first Messenger message carries (binds their PSID), and when
 *   that parent last wrote to the page (Messenger's 24 h messaging window);
 * - sms_notifications: the idempotency key sent to the gateway as request_id, so delivery webhooks that
 *   carry only request_id find their row;
 * - notification_outbox: the worker's picks (which rows are due, which are stuck after a crash).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index sms_devices_default_uq on sms_devices (coalesce(school_id, 0)) where is_default = 1`.execute(db);
  await db.schema.createIndex('sms_devices_school_idx').on('sms_devices').columns(['school_id', 'status']).execute();
  await db.schema.createIndex('sms_devices_phone_idx').on('sms_devices').column('phone_number').execute();

  await db.schema.alterTable('students').addColumn('messenger_ref_token', 'text').execute();
  await db.schema.alterTable('students').addColumn('parent_messenger_last_at', 'text').execute();
  await db.schema.createIndex('students_messenger_ref_uq').on('students').column('messenger_ref_token').unique().execute();
  await db.schema.createIndex('students_messenger_psid_idx').on('students').column('parent_messenger_psid').execute();

  await db.schema.alterTable('sms_notifications').addColumn('request_id', 'text').execute();
  await db.schema.createIndex('sms_request_id_idx').on('sms_notifications').column('request_id').execute();
  await db.schema.createIndex('sms_provider_msg_idx').on('sms_notifications').column('provider_msg_id').execute();
  await db.schema.createIndex('outbox_locked_idx').on('notification_outbox').columns(['status', 'locked_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'outbox_locked_idx',
    'sms_provider_msg_idx',
    'sms_request_id_idx',
    'students_messenger_psid_idx',
    'students_messenger_ref_uq',
    'sms_devices_phone_idx',
    'sms_devices_school_idx',
    'sms_devices_default_uq',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('sms_notifications').dropColumn('request_id').execute();
  await db.schema.alterTable('students').dropColumn('parent_messenger_last_at').execute();
  await db.schema.alterTable('students').dropColumn('messenger_ref_token').execute();
}
