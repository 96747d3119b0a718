/*
 * npm run bench:seed -- [--db data/bench.sqlite | DATABASE_URL=postgres://…] [--reset] [--seed 42]
 *                       [--schools 200 --students 100000 --attendance 1000000 --sms 300000 --logs 100000 --days 120]
 *
 * Generates the benchmark data set (bench data only; the product never ships fake data) into a database
 * migrated with the app's own migrations: schools with grades and sections, students, one admin per school,
 * readers and SMS devices, attendance records, SMS notifications and system-log entries, spread over the
 * last ~120 days in the school time zone's school hours. Deterministic for a given --seed and day.
 * SQLite rows go through better-sqlite3 prepared multi-row statements in one transaction per table;
 * PostgreSQL rows through multi-row INSERTs (under its 65535-parameter limit) in one transaction per table.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, migrateToLatest } from '@core/db/index';
import { hashPassword } from '@core/auth/passwords';
import { BENCH_PASSWORD, benchTarget, parseArgs, prng } from './lib';
import { createWorld, type Row, type TableRows } from './seed-data';
import { entityTables } from './seed-entities';
import { eventTables } from './seed-events';

interface Sink {
  count(table: string): Promise<number>;
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  finish(tables: string[]): Promise<void>;
}

const placeholders = (cols: number, rows: number, numbered: boolean) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: cols }, (_, c) => (numbered ? `$${r * cols + c + 1}` : '?')).join(',')})`,
  ).join(',');

function sqliteSink(file: string): Sink {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: string, columns: string[], rows: number) => {
    const key = `${table}:${rows}`;
    if (!statements.has(key)) {
      statements.set(
        key,
        db.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(columns.length, rows, false)}`),
      );
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
    async finish() {
      db.close();
    },
  };
}

function postgresSink(url: string): Sink & { client: Promise<pg.PoolClient>; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = pool.connect();
  return {
    pool,
    client,
    count: async (table) => Number((await (await client).query(`select count(*) as n from ${table}`)).rows[0].n),
    async insert(table, columns, rows) {
      const c = await client;
      const size = Math.floor(60000 / columns.length);
      for (let i = 0; i < rows.length; i += size) {
        const part = rows.slice(i, i + size);
        await c.query(
          `insert into ${table} (${columns.join(',')}) values ${placeholders(columns.length, part.length, true)}`,
          part.flat(),
        );
      }
    },
    begin: async () => void (await (await client).query('begin')),
    commit: async () => void (await (await client).query('commit')),
    async finish(tables) {
      const c = await client;
      // Explicit ids were inserted: move each serial sequence past them so the app's inserts don't collide.
      for (const t of tables) {
        await c.query(`select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`);
      }
      // The steady state autovacuum reaches: visibility map set (index-only scans) and planner statistics.
      await c.query('vacuum analyze');
      c.release();
      await pool.end();
    },
  };
}

async function write(sink: Sink, t: TableRows): Promise<number> {
  const started = performance.now();
  let done = 0;
  let shown = 0;
  await sink.begin();
  for (const batch of t.batches()) {
    await sink.insert(t.table, t.columns, batch);
    done += batch.length;
    if (process.stdout.isTTY && done - shown >= 100_000) {
      shown = done;
      process.stdout.write(
        `\r  ${t.table.padEnd(20)} ${done.toLocaleString('en-US').padStart(10)} / ${t.total.toLocaleString('en-US')}`,
      );
    }
  }
  await sink.commit();
  const secs = (performance.now() - started) / 1000;
  process.stdout.write(
    `${process.stdout.isTTY ? '\r\x1b[K' : ''}  ${t.table.padEnd(20)} ${done.toLocaleString('en-US').padStart(10)} rows in ${secs.toFixed(1)} s\n`,
  );
  return done;
}

async function main() {
  const args = parseArgs();
  const target = benchTarget(args);
  const num = (name: string, dflt: number) => Number(args.get(name) ?? dflt);
  const timeZone = process.env.SCHOOL_TIMEZONE ?? 'Asia/Manila';
  const started = performance.now();

  if (!target.databaseUrl && args.has('reset')) {
    for (const f of [target.sqliteFile, `${target.sqliteFile}-wal`, `${target.sqliteFile}-shm`]) fs.rmSync(f, { force: true });
  }
  console.log(`bench:seed → ${target.label}`);
  const db = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile || 'unused.sqlite' });
  await migrateToLatest(db);
  await db.destroy();

  const sink = target.databaseUrl ? postgresSink(target.databaseUrl) : sqliteSink(target.sqliteFile);
  if ((await sink.count('schools')) + (await sink.count('students')) > 0) {
    console.error(
      target.databaseUrl
        ? 'The database already has data: seed an empty database.'
        : 'The database already has data: pass --reset to recreate the file, or choose another --db.',
    );
    await sink.finish([]);
    process.exit(1);
  }

  const world = createWorld({
    rng: prng(num('seed', 42)),
    timeZone,
    now: new Date(),
    days: num('days', 120),
    schools: num('schools', 200),
    students: num('students', 100_000),
    attendance: num('attendance', 1_000_000),
    sms: num('sms', 300_000),
    logs: num('logs', 100_000),
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  const tables = [...entityTables(world), ...eventTables(world)];
  for (const t of tables) await write(sink, t);
  await sink.finish(tables.map((t) => t.table));
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s. Sign in as bench-root@example.com / ${BENCH_PASSWORD}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
