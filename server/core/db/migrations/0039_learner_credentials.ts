import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Learners' sign-in: the LRN is a learner's identity, so a learner's e-mail becomes optional (students.email may be
 * null; still unique when given), and students.must_change_password marks a password the school generated and handed
 * out on a slip: the learner chooses their own at the next sign-in.
 *
 * SQLite cannot drop a NOT NULL, so there the table is rebuilt the way SQLite documents (foreign keys off so nothing cascades, a copy
 * under a new name, the old one dropped, the copy renamed, its indexes and triggers made again from their saved
 * text). Migrations on SQLite run outside a transaction, so the pragmas take effect; the copy itself is one
 * transaction. Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table students alter column email drop not null`.execute(db);
    await sql`alter table students add column must_change_password integer not null default 0`.execute(db);
    return;
  }
  // Already relaxed (run again after its down, which keeps e-mails optional): nothing to rebuild.
  await rebuildSqlite(db, (create) => create.replace(/("email"\s+text)\s+not null/i, '$1'));
  await sql`alter table students add column must_change_password integer not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('must_change_password').execute();
  // A learner without an e-mail keeps no address to restore: the NOT NULL stays dropped.
}

type Row = { type: string; name: string; sql: string | null };

/** Rebuilds `students` from its own CREATE text as `change` rewrites it, keeping every row, index and trigger. */
async function rebuildSqlite(db: Kysely<any>, change: (createSql: string) => string): Promise<void> {
  const objects = (await sql<Row>`select type, name, sql from sqlite_master where tbl_name = 'students'`.execute(db)).rows;
  const table = objects.find((o) => o.type === 'table');
  if (!table?.sql) throw new Error('0039: table students not found');
  const others = objects.filter((o) => o.type !== 'table' && o.sql);
  const seq = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'students'`.execute(db)).rows[0];
  const changed = change(table.sql);
  if (changed === table.sql) return;
  const create = changed.replace(/^create table\s+"?students"?/i, 'create table "students_0039"');

  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(create).execute(db);
      await sql`insert into students_0039 select * from students`.execute(db);
      await sql`drop table students`.execute(db);
      await sql`alter table students_0039 rename to students`.execute(db);
      for (const o of others) await sql.raw(o.sql!).execute(db);
      if (seq) await sql`update sqlite_sequence set seq = ${seq.seq} where name = 'students'`.execute(db);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
