import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * A parent's m.me opt-in ref is single-use, expiring and tied to one student's guardian.
 * - messenger_opt_in_links: one row per link made; only the SHA-256 of the ref is kept (a database copy
 *   cannot be turned into working links). A link binds at most once (used_at), dies when a newer one is
 *   made (revoked_at) or at expires_at. At most one live (unused, unrevoked) link per student.
 * - students: when the parent's PSID was bound and through which page (Graph page id), for the console.
 * - the old permanent refs (students.messenger_ref_token) go: a ref whose parent is not bound yet becomes a
 *   single-use link valid for 7 more days (printed slips already handed out keep working once); the ref of
 *   a bound parent is the hijack the issue describes and is dropped.
 */
const LEGACY_GRACE_MS = 7 * 24 * 3600 * 1000;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('messenger_opt_in_links')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('ref_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by_psid', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await sql`create unique index messenger_opt_in_live_uq on messenger_opt_in_links (student_id) where used_at is null and revoked_at is null`.execute(
    db,
  );
  await db.schema.alterTable('students').addColumn('parent_messenger_bound_at', 'text').execute();
  await db.schema.alterTable('students').addColumn('parent_messenger_page_id', 'text').execute();

  const legacy: Array<{ id: number; ref: string }> = await db
    .selectFrom('students')
    .select(['id', 'messenger_ref_token as ref'])
    .where('messenger_ref_token', 'is not', null)
    .where('parent_messenger_psid', 'is', null)
    .execute();
  const now = new Date();
  for (const row of legacy) {
    await db
      .insertInto('messenger_opt_in_links')
      .values({
        student_id: row.id,
        ref_hash: createHash('sha256').update(row.ref).digest('hex'),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + LEGACY_GRACE_MS).toISOString(),
      })
      .execute();
  }
  await db.schema.dropIndex('students_messenger_ref_uq').execute();
  await db.schema.alterTable('students').dropColumn('messenger_ref_token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The refs themselves were never stored: going back leaves every student without a link (make new ones).
  await db.schema.alterTable('students').addColumn('messenger_ref_token', 'text').execute();
  await db.schema.createIndex('students_messenger_ref_uq').on('students').column('messenger_ref_token').unique().execute();
  await db.schema.alterTable('students').dropColumn('parent_messenger_page_id').execute();
  await db.schema.alterTable('students').dropColumn('parent_messenger_bound_at').execute();
  await db.schema.dropTable('messenger_opt_in_links').execute();
}
