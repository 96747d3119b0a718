import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Reader intake: history survives device changes, refused taps are kept.
 * - rfid_readers.retired_at: a reader with taps is retired (kept, disabled, hidden from the list), not deleted.
 *   Its serial number is free again for the replacement terminal: the unique index covers live readers only.
 * - rfid_tap_refusals: taps and ATTLOG lines refused with their reason (an impossible time, control
 *   characters…), shown with the reader's refusals; one row per (reader, event) so a resend adds nothing.
 * - PostgreSQL: taps no longer cascade away with their reader (a delete racing a new tap fails instead and
 *   the service retires the reader). SQLite serialises writers, so the service's check-and-delete suffices there.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rfid_readers').addColumn('retired_at', 'text').execute();
  await db.schema.dropIndex('rfid_readers_serial_uq').execute();
  await db.schema
    .createIndex('rfid_readers_serial_uq')
    .on('rfid_readers')
    .column('serial_number')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('rfid_tap_refusals')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('reader_id', 'integer', (c) => c.notNull().references('rfid_readers.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('card_uid_raw', 'text')
    .addColumn('tapped_at_raw', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rfid_tap_refusals_event_uq')
    .on('rfid_tap_refusals')
    .columns(['reader_id', 'event_id'])
    .unique()
    .execute();
  await db.schema.createIndex('rfid_tap_refusals_received_idx').on('rfid_tap_refusals').column('received_at').execute();

  if (isPostgres(db)) {
    await sql`alter table rfid_taps drop constraint if exists rfid_taps_reader_id_fkey`.execute(db);
    await sql`alter table rfid_taps add constraint rfid_taps_reader_id_fkey foreign key (reader_id) references rfid_readers (id)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table rfid_taps drop constraint if exists rfid_taps_reader_id_fkey`.execute(db);
    await sql`alter table rfid_taps add constraint rfid_taps_reader_id_fkey foreign key (reader_id) references rfid_readers (id) on delete cascade`.execute(
      db,
    );
  }
  await db.schema.dropTable('rfid_tap_refusals').ifExists().execute();
  await db.schema.dropIndex('rfid_readers_serial_uq').execute();
  await db.schema.createIndex('rfid_readers_serial_uq').on('rfid_readers').column('serial_number').unique().execute();
  await db.schema.alterTable('rfid_readers').dropColumn('retired_at').execute();
}
