import { type Kysely } from 'kysely';

/*
 * A learner's movement as DepEd's forms record it, on the learner's row:
 * - transfer_in_from: the school a learner transferred in from (their enrolment_date is the day they came);
 * - left_detail: with left_on and left_reason (TRANSFERRED_OUT, DROPPED_OUT, NLPA), the school transferred to or the
 *   drop-out's reason code from SF2's legend ('b.1', or 'f: …' in words).
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').addColumn('transfer_in_from', 'varchar(200)').execute();
  await db.schema.alterTable('students').addColumn('left_detail', 'varchar(220)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('left_detail').execute();
  await db.schema.alterTable('students').dropColumn('transfer_in_from').execute();
}
