import { type Kysely } from 'kysely';

/*
 * What DepEd's School Register (SF1) asks of a learner beyond the record's other fields, all optional: mother tongue,
 * ethnic group (IP), religion, the address's barangay, municipality/city and province (the existing `address` is the
 * house no./street), father's name, mother's maiden name, and the guardian's relationship to the learner (the
 * guardian is the existing parent first/last name, their contact number the parent phone).
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
const COLUMNS: Array<[name: string, length: number]> = [
  ['mother_tongue', 100],
  ['ethnic_group', 100],
  ['religion', 100],
  ['barangay', 100],
  ['municipality', 100],
  ['province', 100],
  ['father_name', 200],
  ['mother_maiden_name', 200],
  ['guardian_relationship', 50],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, length] of COLUMNS) await db.schema.alterTable('students').addColumn(name, `varchar(${length})`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('students').dropColumn(name).execute();
}
