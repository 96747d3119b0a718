import type { Kysely } from 'kysely';

/*
 * A school's own settings, run by its staff: the MANAGE_SCHOOL_SETTINGS permission (class days, late and absence
 * cutoffs, DepEd School ID, school head), and schools.school_head_name (the head's name as DepEd's forms print it).
 * A copy, not an import: migrations never import app code. Runs on SQLite and PostgreSQL alike.
 */
const PERMISSION = {
  name: 'MANAGE_SCHOOL_SETTINGS',
  category: 'School',
  description: "Set the school's class days, late and absence cutoffs, DepEd School ID and school head",
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').addColumn('school_head_name', 'text').execute();
  const now = new Date().toISOString();
  // A database synced by hand may have it already.
  const existing = await db.selectFrom('permissions').select('id').where('name', '=', PERMISSION.name).executeTakeFirst();
  if (!existing)
    await db
      .insertInto('permissions')
      .values({ ...PERMISSION, created_at: now, updated_at: now })
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('permissions').where('name', '=', PERMISSION.name).execute();
  await db.schema.alterTable('schools').dropColumn('school_head_name').execute();
}
