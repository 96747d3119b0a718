import type { Kysely } from 'kysely';

/*
 * The devices an account signed in from (the SHA-256 of a long-lived HttpOnly cookie): a known device's failures
 * count on their own, so failures from strangers at a shared address do not lock the owner out.
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('account', 'varchar(255)', (c) => c.notNull())
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['account', 'device_hash'])
    .execute();
  await db.schema.createIndex('known_devices_seen_idx').on('known_devices').column('last_seen_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
}
