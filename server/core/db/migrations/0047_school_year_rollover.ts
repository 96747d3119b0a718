import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * Rolling a school's year over, and keeping the closed year readable.
 * - school_year_rollovers: one per rollover of a school (the year closed and the year opened, who, when, until
 *   when it may be undone; the closed year's sections as they were (names, grades, advisers: its forms print them);
 *   and what it made: the sections it created and the holidays it loaded, as JSON lists, so undo removes exactly those);
 * - learner_years: each learner of the closed year as the year left them (grade, section and its adviser, the
 *   movement dates and details, when they were archived if they were, and updated_at), with what the rollover did to them (outcome). The closed year's
 *   forms read it; undo writes it back.
 * - the ROLL_OVER_SCHOOL_YEAR permission.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
const PERMISSION = {
  name: 'ROLL_OVER_SCHOOL_YEAR',
  category: 'School',
  description: 'Roll the school year over (move learners up a grade, archive completers) and undo it within 7 days',
};

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('school_year_rollovers')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('from_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('from_end', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_end', 'varchar(10)', (c) => c.notNull())
    .addColumn('school_updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_sections', 'text', (c) => c.notNull())
    .addColumn('created_sections', 'text', (c) => c.notNull())
    .addColumn('added_holidays', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('undo_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('undone_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('school_year_rollovers_school_idx')
    .on('school_year_rollovers')
    .columns(['school_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('learner_years')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('rollover_id', 'integer', (c) => c.notNull().references('school_year_rollovers.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('outcome', 'varchar(12)', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('grade_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('grade_level', 'integer', (c) => c.notNull())
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('section_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('adviser_name', 'varchar(100)')
    .addColumn('enrolment_date', 'varchar(10)')
    .addColumn('transfer_in_from', 'varchar(200)')
    .addColumn('left_on', 'varchar(10)')
    .addColumn('left_reason', 'varchar(20)')
    .addColumn('left_detail', 'varchar(220)')
    .addColumn('archived_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('learner_years_rollover_idx').on('learner_years').columns(['rollover_id', 'section_id']).execute();
  await db.schema.createIndex('learner_years_student_idx').on('learner_years').column('student_id').execute();
  const now = new Date().toISOString();
  const existing = await db.selectFrom('permissions').select('id').where('name', '=', PERMISSION.name).executeTakeFirst();
  if (!existing)
    await db
      .insertInto('permissions')
      .values({ ...PERMISSION, created_at: now, updated_at: now })
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('permissions').where('name', '=', PERMISSION.name).execute();
  await db.schema.dropTable('learner_years').execute();
  await db.schema.dropTable('school_year_rollovers').execute();
}
