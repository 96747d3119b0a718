import { sql, type Kysely } from 'kysely';

/*
 * A reader's token owner: the staff member who created the reader or last set its token (rfid_readers.token_set_by
 * and token_set_by_role: a user id and its role; null for readers made before they were kept). A late replay's system log entry names that person.
 * MANAGE_RFID_READERS's description says what it allows: a reader's token records attendance.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
const DESCRIPTION = 'Register and manage RFID readers; a reader’s token records attendance for the school';
const OLD_DESCRIPTION = 'Register and manage RFID readers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rfid_readers').addColumn('token_set_by', 'integer').execute();
  await db.schema.alterTable('rfid_readers').addColumn('token_set_by_role', 'text').execute();
  await sql`update permissions set description = ${DESCRIPTION} where name = 'MANAGE_RFID_READERS'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update permissions set description = ${OLD_DESCRIPTION} where name = 'MANAGE_RFID_READERS'`.execute(db);
  await db.schema.alterTable('rfid_readers').dropColumn('token_set_by_role').execute();
  await db.schema.alterTable('rfid_readers').dropColumn('token_set_by').execute();
}
