import { sql, type Kysely } from 'kysely';

/*
 * An SMS device's day counts what the gateway accepted (the daily limit) and, apart from it, the
 * attempts it did not accept, so Device Management can show both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sms_device_usage')
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_device_usage').dropColumn('failed').execute();
}
