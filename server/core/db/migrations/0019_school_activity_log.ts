import type { Kysely } from 'kysely';

/*
 * A school admin reads their school's activity log. Each entry keeps the school of the admin who acted
 * (null for everyone else), and the log is read by school, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('system_logs').addColumn('school_id', 'integer').execute();
  await db.schema.createIndex('system_logs_school_created_idx').on('system_logs').columns(['school_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('system_logs_school_created_idx').execute();
  await db.schema.alterTable('system_logs').dropColumn('school_id').execute();
}
