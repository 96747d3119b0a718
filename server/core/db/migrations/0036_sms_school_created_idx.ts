import type { Kysely } from 'kysely';

/*
 * sms_notifications (school_id, created_at): a school's last morning of notices (the capacity read on its
 * dashboard and in Device Management) is one index range, and finding that morning is one probe per day looked at,
 * instead of every school's notices of the same hours read through sms_created_idx.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sms_school_created_idx').on('sms_notifications').columns(['school_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_school_created_idx').execute();
}
