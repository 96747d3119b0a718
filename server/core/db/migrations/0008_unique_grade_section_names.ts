import { sql, type Kysely } from 'kysely';

/*
 * Grade names are unique per school and section names per grade, whatever their case, in the
 * database itself — the services' check-then-insert let two concurrent requests (PostgreSQL) both pass.
 * Duplicates that already exist are renamed first ('Grade 7' → 'Grade 7 (2)', oldest keeps its name) so
 * the index can be built; nothing is deleted.
 */
async function renameDuplicates(db: Kysely<any>, table: 'grades' | 'sections', scope: 'school_id' | 'grade_id') {
  const rows: Array<{ id: number; scope: number; name: string }> = await db
    .selectFrom(table)
    .select(['id', `${scope} as scope`, 'name'])
    .orderBy('id')
    .execute();
  const taken = new Set(rows.map((r) => `${r.scope}\n${r.name.toLowerCase()}`));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.scope}\n${row.name.toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${row.scope}\n${`${row.name} (${n})`.toLowerCase()}`)) n += 1;
    const name = `${row.name} (${n})`;
    taken.add(`${row.scope}\n${name.toLowerCase()}`);
    await db.updateTable(table).set({ name }).where('id', '=', row.id).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await renameDuplicates(db, 'grades', 'school_id');
  await renameDuplicates(db, 'sections', 'grade_id');
  await sql`create unique index grades_school_name_uq on grades (school_id, lower(name))`.execute(db);
  await sql`create unique index sections_grade_name_uq on sections (grade_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sections_grade_name_uq').execute();
  await db.schema.dropIndex('grades_school_name_uq').execute();
}
