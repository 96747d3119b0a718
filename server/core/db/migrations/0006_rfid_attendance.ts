import type { Kysely } from 'kysely';

/*
 * RFID readers, tap intake and attendance rules. Runs on SQLite and PostgreSQL alike:
 * - rfid_readers: kind (HTTP | ZKTECO), serial number (ZKTeco ADMS push), allowed source networks (JSON list
 *   of CIDRs, null = any), a hint of the token (its last 4 characters; the token itself is only hashed);
 * - rfid_taps: the outcome's attendance record, so a replay answers with the first result;
 * - schools: attendance rules (late and absence cutoffs as local 'HH:MM', school days as ISO weekdays '1,2,3,4,5');
 * - school_holidays: one row per school and date;
 * - attendance_records: the note of an EXCUSED record;
 * - job_runs: one row per (job, key) a server process has claimed (the absence job runs once per school day).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rfid_readers')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('HTTP'))
    .execute();
  await db.schema.alterTable('rfid_readers').addColumn('serial_number', 'text').execute();
  await db.schema.alterTable('rfid_readers').addColumn('allowed_networks', 'text').execute();
  await db.schema.alterTable('rfid_readers').addColumn('token_hint', 'text').execute();
  await db.schema.createIndex('rfid_readers_serial_uq').on('rfid_readers').column('serial_number').unique().execute();

  await db.schema.alterTable('rfid_taps').addColumn('attendance_id', 'integer').execute();
  await db.schema.alterTable('rfid_taps').addColumn('status', 'text').execute();
  await db.schema.createIndex('rfid_taps_received_idx').on('rfid_taps').columns(['received_at']).execute();

  await db.schema
    .alterTable('schools')
    .addColumn('late_cutoff', 'text', (c) => c.notNull().defaultTo('07:45'))
    .execute();
  await db.schema
    .alterTable('schools')
    .addColumn('absence_cutoff', 'text', (c) => c.notNull().defaultTo('10:00'))
    .execute();
  await db.schema
    .alterTable('schools')
    .addColumn('school_days', 'text', (c) => c.notNull().defaultTo('1,2,3,4,5'))
    .execute();

  await db.schema
    .createTable('school_holidays')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('school_holidays_pk', ['school_id', 'date'])
    .execute();

  await db.schema.alterTable('attendance_records').addColumn('note', 'text').execute();
  // History lists newest first and by student; the school filter walks its own index.
  await db.schema.createIndex('attendance_school_date_idx').on('attendance_records').columns(['school_id', 'date']).execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').ifExists().execute();
  await db.schema.dropTable('school_holidays').ifExists().execute();
  await db.schema.dropIndex('attendance_school_date_idx').ifExists().execute();
  await db.schema.dropIndex('rfid_taps_received_idx').ifExists().execute();
  await db.schema.dropIndex('rfid_readers_serial_uq').ifExists().execute();
  for (const [table, column] of [
    ['attendance_records', 'note'],
    ['schools', 'school_days'],
    ['schools', 'absence_cutoff'],
    ['schools', 'late_cutoff'],
    ['rfid_taps', 'status'],
    ['rfid_taps', 'attendance_id'],
    ['rfid_readers', 'token_hint'],
    ['rfid_readers', 'allowed_networks'],
    ['rfid_readers', 'serial_number'],
    ['rfid_readers', 'kind'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
