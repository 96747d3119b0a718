import { sql, type Kysely } from 'kysely';

/*
 * A school's notice templates:
 * - schools.notice_language: the language its attendance notices go out in, 'en' (English) or 'fil' (Filipino);
 * - schools.notice_templates: JSON text of the texts it changed, { "en": { "CHECK_IN": "…" }, "fil": { … } };
 *   null = every notice in its default text.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('schools')
    .addColumn('notice_language', 'text', (c) => c.notNull().defaultTo(sql`'en'`))
    .execute();
  await db.schema.alterTable('schools').addColumn('notice_templates', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').dropColumn('notice_templates').execute();
  await db.schema.alterTable('schools').dropColumn('notice_language').execute();
}
