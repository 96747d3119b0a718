import type { Kysely } from 'kysely';

/*
 * An honest send protocol. Runs on SQLite and PostgreSQL alike (no app imports):
 * - notification_outbox.lease_token: who holds a claimed row; only that worker may finish it;
 * - inflight_at / inflight_device_id: an attempt recorded (and committed) BEFORE its HTTP call. A row claimed
 *   again with these set had an attempt whose outcome is unknown: it is reconciled with the provider, never
 *   resent blindly;
 * - sms_notifications.dismissed_at: an admin looked at an UNCERTAIN message and chose not to resend it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_outbox').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('notification_outbox').addColumn('inflight_at', 'text').execute();
  await db.schema.alterTable('notification_outbox').addColumn('inflight_device_id', 'integer').execute();
  await db.schema.alterTable('sms_notifications').addColumn('dismissed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_notifications').dropColumn('dismissed_at').execute();
  await db.schema.alterTable('notification_outbox').dropColumn('inflight_device_id').execute();
  await db.schema.alterTable('notification_outbox').dropColumn('inflight_at').execute();
  await db.schema.alterTable('notification_outbox').dropColumn('lease_token').execute();
}
