import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * SMS alarms: when a school's messages stop going out.
 * - sms_alarms: one row per raised alarm. kind: NO_DEVICE | CREDITS_USED_UP | DEVICE_SILENT | HEARTBEAT_STALE |
 *   QUEUE_WAIT; school_id / device_id: what it is about; open_key: set while the alarm is raised, null once cleared
 *   (unique: one raised alarm per condition, whichever process saw it first); message: what the banner says;
 *   notice_status: the one notice to the school's contact number (PENDING, SENDING, SENT, UNCERTAIN, FAILED,
 *   NO_DEVICE, NO_CONTACT), notice_device_id: the device it went through.
 * - sms_devices.paused_until: ISO time before which the outbox gives the device nothing (its httpSMS credits are
 *   used up: 402); sms_devices.heartbeat_at: the phone's newest heartbeat known (polled, or from webhooks);
 *   sms_devices.unconfirmed_since: the first hand-over to the phone that no report of the phone's (a sent or delivered
 *   webhook) has followed yet; null while the phone keeps up.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sms_alarms')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.references('sms_devices.id').onDelete('set null'))
    .addColumn('open_key', 'varchar(100)')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('cleared_at', 'varchar(32)')
    .addColumn('notice_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('notice_device_id', 'integer', (c) => c.references('sms_devices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('sms_alarms_open_key_idx').on('sms_alarms').column('open_key').unique().execute();
  await db.schema.createIndex('sms_alarms_school_idx').on('sms_alarms').columns(['school_id', 'raised_at']).execute();
  await db.schema.alterTable('sms_devices').addColumn('paused_until', 'text').execute();
  await db.schema.alterTable('sms_devices').addColumn('heartbeat_at', 'text').execute();
  await db.schema.alterTable('sms_devices').addColumn('unconfirmed_since', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_devices').dropColumn('unconfirmed_since').execute();
  await db.schema.alterTable('sms_devices').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('sms_devices').dropColumn('paused_until').execute();
  await db.schema.dropTable('sms_alarms').execute();
}
