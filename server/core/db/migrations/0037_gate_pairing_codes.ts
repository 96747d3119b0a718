import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * gate_pairing_codes: the short single-use codes by which a gate station page (/gate) is paired with a reader.
 * - code_hash: SHA-256 of the code (the code itself is shown once, in Device Management);
 * - expires_at: 10 minutes after it was made; used_at: when a page exchanged it for the reader's token;
 * - created_by / created_by_role: the staff member who made it (the reader's token is set in their name).
 * A reader's removal takes its codes with it.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('gate_pairing_codes')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('reader_id', 'integer', (c) => c.notNull().references('rfid_readers.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_role', 'varchar(20)')
    .execute();
  await db.schema.createIndex('gate_pairing_codes_reader_idx').on('gate_pairing_codes').column('reader_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gate_pairing_codes').execute();
}
