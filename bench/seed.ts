/*
 * npm run bench:seed -- [--db data/bench.sqlite | DATABASE_URL=postgres://…] [--reset] [--seed 42]
 *                       [--schools 200 --students 100000 --attendance 1000000 --sms 300000 --logs 100000 --days 120]
 * Large data sets: `--attendance 10000000` (the days grow to 200 so a student has one record a day).
 *
 * Generates the benchmark data set (bench data only; the product never ships fake data) into a database
 * migrated with the app's own migrations: schools with grades and sections, students, one admin per school,
 * readers and SMS devices, attendance records, SMS notifications and system-log entries, spread over the
 * last ~120 days in the school time zone's school hours. Deterministic for a given --seed and day.
 * How rows are written (multi-row statements, indexes built after the load): bench/seed-sinks.ts.
 */
import fs from 'node:fs';
import { createDb, migrateToLatest } from '@core/db/index';
import { hashPassword } from '@core/auth/passwords';
import { BENCH_PASSWORD, DEFAULT_BENCH_DB, benchTarget, parseArgs, prng } from './lib';
import { createWorld, type TableRows } from './seed-data';
import { entityTables } from './seed-entities';
import { eventTables } from './seed-events';
import { postgresSink, sqliteSink, type Sink } from './seed-sinks';

const USAGE = `
Usage: npm run bench:seed -- [options]   (or npx tsx bench/seed.ts [options])
Writes the benchmark data set into an empty database migrated with the app's migrations. Deterministic per --seed and day.
  --db <file>           SQLite file to write (default ${DEFAULT_BENCH_DB})
  DATABASE_URL=postgres://…   an empty PostgreSQL database instead, when --db is not given
  --reset               delete the SQLite file first (default: refuse a database with data)
  --seed <n>            PRNG seed (default 42)
  --schools <n>         schools (default 200)
  --students <n>        students (default 100000)
  --attendance <n>      attendance records (default 1000000)
  --sms <n>             SMS notifications (default 300000)
  --logs <n>            system-log entries (default 100000)
  --days <n>            days of history (default 120, more when --attendance needs them)
  SCHOOL_TIMEZONE=<tz>  the schools' time zone (default Asia/Manila)
  --help                this text
`;

/** Tables this big are loaded without their secondary indexes, built once at the end. */
const DEFER_INDEXES_FROM = 100_000;
/** Rows per transaction: bounds SQLite's WAL (and PostgreSQL's transition tables stay per statement anyway). */
const COMMIT_EVERY = 500_000;

async function write(sink: Sink, t: TableRows): Promise<number> {
  const started = performance.now();
  const rebuild = t.total >= DEFER_INDEXES_FROM ? await sink.deferIndexes(t.table) : null;
  let done = 0;
  let shown = 0;
  let committed = 0;
  await sink.begin();
  for (const batch of t.batches()) {
    await sink.insert(t.table, t.columns, batch);
    done += batch.length;
    if (done - committed >= COMMIT_EVERY) {
      committed = done;
      await sink.commit();
      await sink.begin();
    }
    if (process.stdout.isTTY && done - shown >= 100_000) {
      shown = done;
      process.stdout.write(
        `\r  ${t.table.padEnd(20)} ${done.toLocaleString('en-US').padStart(10)} / ${t.total.toLocaleString('en-US')}`,
      );
    }
  }
  await sink.commit();
  const loaded = (performance.now() - started) / 1000;
  if (rebuild) await rebuild();
  const secs = (performance.now() - started) / 1000;
  const indexes = rebuild ? ` (indexes built in ${(secs - loaded).toFixed(1)} s)` : '';
  process.stdout.write(
    `${process.stdout.isTTY ? '\r\x1b[K' : ''}  ${t.table.padEnd(20)} ${done.toLocaleString('en-US').padStart(10)} rows in ${secs.toFixed(1)} s${indexes}\n`,
  );
  return done;
}

/**
 * 120 days, or more when the attendance asked for needs them: about 70% of the students have a record on a school
 * day (5 of 7 days), so 10,000,000 records over 100,000 students span 200 days.
 */
const defaultDays = (attendance: number, students: number) => Math.max(120, Math.ceil((attendance / (students * 0.7)) * 1.4));

async function main() {
  const args = parseArgs(USAGE);
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
    days: num('days', defaultDays(num('attendance', 1_000_000), num('students', 100_000))),
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
