import type { Kysely } from 'kysely';

/*
 * Students (issue #10): archiving and the list indexes, on SQLite and PostgreSQL alike.
 *
 * - archived_rfid_card_id: an archived student's card is kept here and rfid_card_id is cleared, so the
 *   card may be given to an active student (rfid_card_id stays unique among the rows that hold one, and
 *   taps never match an archived student). Restore moves it back, or answers 409 when the card was
 *   reassigned meanwhile. Every other field stays in place while archived.
 * - the lists are ordered by last name, first name, id: one index for all schools and one per school
 *   give the first page without sorting the whole table (grade/section filters use 0001's
 *   (is_archived, school_id, grade_id, section_id) and sort the few rows they leave).
 * - the archived list is ordered by archived_at (0001's (is_archived, archived_at)).
 */
const INDEXES: Array<[name: string, columns: string[]]> = [
  ['students_name_order_idx', ['is_archived', 'last_name', 'first_name', 'id']],
  ['students_school_name_idx', ['is_archived', 'school_id', 'last_name', 'first_name', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').addColumn('archived_rfid_card_id', 'text').execute();
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('students').columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('students').dropColumn('archived_rfid_card_id').execute();
}
