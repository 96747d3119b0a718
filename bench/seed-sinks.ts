/*
 * bench:seed writers, one per store. Both load a table with its secondary indexes dropped and build them once
 * at the end (one sorted build instead of millions of b-tree inserts: the cost that grows with the table). The
 * index definitions are read back from the database's own catalogue, so the migrations stay the one source.
 * The attendance rollup triggers (migration 0022) stay on: the seeded rollups are what the app keeps.
 * - SQLite: prepared multi-row INSERTs (200 rows a statement), a commit every ~500k rows (bounded WAL).
 * - PostgreSQL: one `INSERT … SELECT FROM unnest($1::type[], …)` per 20,000 rows (one parameter per column, the
 *   rollup trigger runs once per statement), then sequences past the explicit ids and `vacuum analyze`.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Row } from './seed-data';

export interface Sink {
  count(table: string): Promise<number>;
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  /** Drops the table's secondary indexes; the returned function builds them again. */
  deferIndexes(table: string): Promise<() => Promise<void>>;
  finish(tables: string[]): Promise<void>;
}

const placeholders = (cols: number, rows: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: cols }, () => '?').join(',')})`).join(',');

export function sqliteSink(file: string): Sink {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: string, columns: string[], rows: number) => {
    const key = `${table}:${rows}`;
    if (!statements.has(key)) {
      statements.set(key, db.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(columns.length, rows)}`));
    }
    return statements.get(key)!;
  };
  // Multi-row statements: fewer calls into SQLite; 32766 variables at most per statement.
  const per = (cols: number) => Math.min(200, Math.floor(32766 / cols));
  return {
    count: async (table) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n,
    async insert(table, columns, rows) {
      const size = per(columns.length);
      let i = 0;
      for (; i + size <= rows.length; i += size) statement(table, columns, size).run(rows.slice(i, i + size).flat());
      for (; i < rows.length; i++) statement(table, columns, 1).run(rows[i]);
    },
    begin: async () => void db.exec('begin'),
    commit: async () => void db.exec('commit'),
    async deferIndexes(table) {
      const indexes = db
        .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`)
        .all(table) as Array<{ name: string; sql: string }>;
      for (const i of indexes) db.exec(`drop index ${i.name}`);
      statements.clear();
      return async () => {
        for (const i of indexes) db.exec(i.sql);
      };
    },
    async finish() {
      db.close();
    },
  };
}

export function postgresSink(url: string): Sink {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = pool.connect().then(async (c) => {
    // The index builds at the end sort millions of entries: in memory, not in temp files.
    await c.query(`set maintenance_work_mem = '1GB'`);
    return c;
  });
  const types = new Map<string, Map<string, string>>();
  const columnTypes = async (table: string) => {
    if (!types.has(table)) {
      const { rows } = await (
        await client
      ).query(
        `select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
        [table],
      );
      types.set(table, new Map(rows.map((r: { column_name: string; udt_name: string }) => [r.column_name, r.udt_name])));
    }
    return types.get(table)!;
  };
  return {
    count: async (table) => Number((await (await client).query(`select count(*) as n from ${table}`)).rows[0].n),
    async insert(table, columns, rows) {
      const c = await client;
      const typeOf = await columnTypes(table);
      const casts = columns.map((col, i) => `$${i + 1}::${typeOf.get(col)}[]`).join(',');
      const text = `insert into ${table} (${columns.join(',')}) select * from unnest(${casts})`;
      for (let i = 0; i < rows.length; i += 20_000) {
        const part = rows.slice(i, i + 20_000);
        await c.query(
          text,
          columns.map((_, k) => part.map((r) => r[k])),
        );
      }
    },
    begin: async () => void (await (await client).query('begin')),
    commit: async () => void (await (await client).query('commit')),
    async deferIndexes(table) {
      const c = await client;
      // Not the indexes behind a constraint (the primary key): those cannot be dropped on their own.
      const { rows } = await c.query(
        `select i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = $1
            and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
        [table],
      );
      for (const r of rows) await c.query(`drop index ${r.indexname}`);
      return async () => {
        for (const r of rows) await c.query(r.indexdef);
      };
    },
    async finish(tables) {
      const c = await client;
      // Explicit ids were inserted: move each serial sequence past them so the app's inserts don't collide.
      for (const t of tables) {
        if (!(await columnTypes(t)).has('id')) continue;
        await c.query(`select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`);
      }
      // The steady state autovacuum reaches: visibility map set (index-only scans) and planner statistics.
      await c.query('vacuum analyze');
      c.release();
      await pool.end();
    },
  };
}
