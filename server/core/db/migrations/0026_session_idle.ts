import { sql, type Kysely } from 'kysely';

/*
 * Sessions end when unused: last_seen_at is when the session was last used (refreshed about once a minute), and
 * idle_expires_at when it ends unless used again (last_seen_at plus the role's idle timeout). Sessions made before
 * have neither: they are stamped as seen at their creation and idle-expire with their old expiry, and the first
 * use gives them the configured timeout. Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('idle_expires_at', 'text').execute();
  await sql`update sessions set last_seen_at = created_at, idle_expires_at = expires_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('idle_expires_at').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
