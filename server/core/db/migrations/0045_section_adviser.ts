import { type Kysely } from 'kysely';

/*
 * sections.adviser_name: the section's class adviser, who signs its School Form 2 ("I certify that this is a true and
 * correct report") and is named on SF4. Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sections').addColumn('adviser_name', 'varchar(100)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sections').dropColumn('adviser_name').execute();
}
