import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Students: archiving, search and the list indexes, on SQLite and PostgreSQL alike.
 *
 * - archived_rfid_card_id: an archived student's card is kept here and rfid_card_id is cleared, so the
 *   card may be given to an active student (rfid_card_id stays unique among the rows that hold one, and
 *   taps never match an archived student). Restore moves it back, or answers 409 when the card was
 *   reassigned meanwhile. Every other field stays in place while archived.
 * - student_search_terms: the words a list search matches by prefix (searchTerms() in
 *   src/domain/students.ts), one index range per typed word instead of scanning every student. The
 *   PostgreSQL column uses the "C" collation so ranges compare code points, as SQLite does.
 * - the lists are ordered by last name, first name, id: one index for all schools and one per school
 *   give a page without sorting the whole table (grade/section filters use 0001's
 *   (is_archived, school_id, grade_id, section_id) and sort the few rows they leave). The archived list
 *   is ordered by archived_at (0001's (is_archived, archived_at)).
 */
const INDEXES: Array<[name: string, columns: string[]]> = [
  ['students_name_order_idx', ['is_archived', 'last_name', 'first_name', 'id']],
  ['students_school_name_idx', ['is_archived', 'school_id', 'last_name', 'first_name', 'id']],
];

/** The term rule as of this migration (a later change of the rule re-indexes in its own migration). */
function termsOf(s: { first_name: string; last_name: string; email: string; lrn: string }): string[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  const nameWords = fold(`${s.first_name} ${s.last_name}`)
    .split(/\s+/)
    .flatMap((w) => [w, ...w.split(/[-']+/)]);
  const email = fold(s.email);
  return [...new Set([...nameWords, email, email.split('@')[0]!, s.lrn])].filter((t) => t !== '' && t.length <= 200);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('students').addColumn('archived_rfid_card_id', 'text').execute();
  await db.schema
    .createTable('student_search_terms')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('term', postgres ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('student_search_terms_term_idx')
    .on('student_search_terms')
    .columns(['term', 'student_id'])
    .execute();
  await db.schema.createIndex('student_search_terms_student_idx').on('student_search_terms').column('student_id').execute();
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('students').columns(columns).execute();

  // Archived rows of earlier versions give their card up the same way.
  await db
    .updateTable('students')
    .set({ archived_rfid_card_id: sql.ref('rfid_card_id'), rfid_card_id: null })
    .where('is_archived', '=', 1)
    .execute();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('students')
      .select(['id', 'first_name', 'last_name', 'email', 'lrn'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    const values = rows.flatMap((r) => termsOf(r).map((term) => ({ student_id: r.id, term })));
    for (let i = 0; i < values.length; i += 1000)
      await db
        .insertInto('student_search_terms')
        .values(values.slice(i, i + 1000))
        .execute();
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('student_search_terms').execute();
  await db
    .updateTable('students')
    .set({ rfid_card_id: sql.ref('archived_rfid_card_id') })
    .where('is_archived', '=', 1)
    .execute();
  await db.schema.alterTable('students').dropColumn('archived_rfid_card_id').execute();
}
