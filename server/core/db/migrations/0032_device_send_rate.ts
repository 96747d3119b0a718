import { sql, type Kysely } from 'kysely';

/*
 * Pacing and pooling of SMS devices:
 * - sms_devices.send_rate_per_minute: how many messages a minute the outbox hands the phone (httpSMS's own
 *   "messages per minute" setting, 10 by default);
 * - sms_devices.next_send_at: ISO time before which the phone has no room (taken by one atomic update, so every
 *   server process shares it); null = free;
 * - schools.allow_global_overflow: 0/1, whether global devices take a school's messages when its own phones are busy.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sms_devices')
    .addColumn('send_rate_per_minute', 'integer', (c) => c.notNull().defaultTo(sql`10`))
    .execute();
  await db.schema.alterTable('sms_devices').addColumn('next_send_at', 'text').execute();
  await db.schema
    .alterTable('schools')
    .addColumn('allow_global_overflow', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').dropColumn('allow_global_overflow').execute();
  await db.schema.alterTable('sms_devices').dropColumn('next_send_at').execute();
  await db.schema.alterTable('sms_devices').dropColumn('send_rate_per_minute').execute();
}
