import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * device_claims: a school admin asked to register a reader serial number or a Facebook Page ID that another school
 * (or a record of no school) holds. The admin is told only that the value is not available; the super admin
 * resolves the claim: GRANTED moves the record to the claiming school, REFUSED leaves it where it is.
 * - kind: RFID_READER | FACEBOOK_PAGE; value: the serial number or Page ID asked for;
 * - school_id / admin_id: who claims (admin_name kept for the list when the account is gone);
 * - status: OPEN | GRANTED | REFUSED, resolved_at / resolved_by_name once resolved.
 * At most one open claim per kind, value and school (a repeated attempt does not add rows).
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('device_claims')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by_name', 'text')
    .execute();
  await sql`create unique index device_claims_open_uq on device_claims (kind, value, school_id) where status = 'OPEN'`.execute(
    db,
  );
  await db.schema.createIndex('device_claims_status_idx').on('device_claims').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_claims').execute();
}
