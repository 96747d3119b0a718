import { type Kysely } from 'kysely';

/*
 * No-class periods and lifted holidays.
 * - school_holidays.span_start: the first day of the period a row belongs to when staff declared several days at
 *   once (a Christmas break is one entry of the calendar, listed and removed as one); null for a single day.
 * - school_lifted_days: national or special non-working days a school lifted (it holds classes): loading the
 *   year's holidays again does not bring them back. Declaring the date a no-class day again clears the mark.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('school_holidays').addColumn('span_start', 'varchar(10)').execute();
  await db.schema
    .createTable('school_lifted_days')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('lifted_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('school_lifted_days_pk', ['school_id', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('school_lifted_days').execute();
  await db.schema.alterTable('school_holidays').dropColumn('span_start').execute();
}
