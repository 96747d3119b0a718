import type { Kysely } from 'kysely';

/*
 * The school calendar and DepEd School Form 2. Runs on SQLite and PostgreSQL alike (no app imports):
 * - schools.deped_school_id: the DepEd School ID printed on the forms; school_year_start / _end: the school year
 *   ('YYYY-MM-DD'; its first Friday is the enrolment cut-off);
 * - school_holidays gains `kind` (HOLIDAY: national, loaded from date-holidays; SUSPENSION; EVENT) and
 *   `grade_levels` (JSON list of grade levels the no-class day is for; null = the whole school). It stays the one
 *   table of no-class days: the attendance rules, the absence job and the calendar read it. Rows kept before
 *   this migration become whole-school HOLIDAYs;
 * - students.middle_name, enrolment_date ('YYYY-MM-DD'; null = the day the student was registered, in the
 *   school's zone), left_on / left_reason (TRANSFERRED_OUT or DROPPED_OUT, the form's remarks): what SF2 needs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').addColumn('deped_school_id', 'text').execute();
  await db.schema.alterTable('schools').addColumn('school_year_start', 'text').execute();
  await db.schema.alterTable('schools').addColumn('school_year_end', 'text').execute();
  await db.schema
    .alterTable('school_holidays')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('HOLIDAY'))
    .execute();
  await db.schema.alterTable('school_holidays').addColumn('grade_levels', 'text').execute();
  for (const column of ['middle_name', 'enrolment_date', 'left_on', 'left_reason']) {
    await db.schema.alterTable('students').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['left_reason', 'left_on', 'enrolment_date', 'middle_name']) {
    await db.schema.alterTable('students').dropColumn(column).execute();
  }
  await db.schema.alterTable('school_holidays').dropColumn('grade_levels').execute();
  await db.schema.alterTable('school_holidays').dropColumn('kind').execute();
  for (const column of ['school_year_end', 'school_year_start', 'deped_school_id']) {
    await db.schema.alterTable('schools').dropColumn(column).execute();
  }
}
