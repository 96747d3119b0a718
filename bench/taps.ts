/*
 * Tap intake benchmark. `npm run bench:taps` (SQLite) or
 * `DATABASE_URL=postgres://… npm run bench:taps` (PostgreSQL, in a fresh schema dropped afterwards).
 *
 * The server runs as its own process (scripts/serve.ts), the load generator here; both on this machine.
 * In one run, side by side:
 *   0. baseline: a raw insert loop of the same rows (better-sqlite3 prepared statement, or one pg client);
 *   1. throughput: single taps over HTTP, 32 in flight, every tap a check-in (the full path: student match,
 *      debounce check, record, intent, tap row, live events);
 *   2. latency at a steady 500 taps/s (open loop, 10 s): p50/p95/p99;
 *   3. 50 readers replaying their offline buffers at once, one batch of 500 events each;
 *   4. tap → browser: ms from sending a tap to its `attendance` event at a socket.io client joined as super
 *      admin (joined after C, so phases 1–3 build and send their live events too);
 *   C. the ceiling, at 1 and 8 clients (closed loop, one request at a time per client), before the
 *      console joins (the peer's figures had none; then 1 client's taps again with it open): single
 *      taps over HTTP (check-ins), a no-op reader-authenticated route (POST /api/rfid/bench-noop-tap, added by
 *      scripts/serve.ts only when BENCH_NOOP_ROUTE=1: auth, body and reply schemas, nothing stored) and the raw
 *      store loop (a tap's same three rows — attendance record, intent, tap row — in one transaction per tap,
 *      into the app's own tables through the driver: better-sqlite3 on the app's file with its pragmas, or one
 *      pg client per client); prints tap ÷ min(raw, no-op), the share of the ceiling a tap reaches.
 * Options: --students 5000 --taps 10000 --rate 500 --seconds 5 --readers 50 --ceiling-taps 2000 --warmup 2000
 * [--server-prof <dir>]
 * Both stores: run it twice, `npm run bench:taps` and `DATABASE_URL=postgres://… npm run bench:taps`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { io } from 'socket.io-client';
import { createDb } from '@core/db/index';
import { addDays, localDate, localDateTime } from '@core/time/time';
import {
  createPgSchema,
  dropPgSchema,
  insertCardStudents,
  everyDaySchool,
  jsonClient,
  jsonPoster,
  parseArgs,
  percentile,
  startBenchServer,
  steadyLoad,
} from './lib';

const USAGE = `
Usage: npm run bench:taps -- [options]   (or npx tsx bench/taps.ts [options])
Tap intake over HTTP against a server process: throughput, steady latency, offline replays, tap → browser, the ceiling.
  --students <n>        card-holding students (default 5000)
  --taps <n>            single taps of the throughput phase, 32 in flight (default 10000)
  --rate <n>            taps/s of the steady-latency phase (default 500)
  --seconds <n>         length of the steady-latency phase in s (default 5)
  --readers <n>         readers the taps come from; each replays one 500-event batch at once (default 50)
  --ceiling-taps <n>    requests per route in each ceiling run, at 1 and at 8 clients (default 2000)
  --warmup <n>          taps and no-op requests, one client, before the ceiling, not measured (default 2000)
  --server-prof <dir>   CPU profile of the server process into <dir> (default: none)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const STUDENTS = Number(args.get('students') ?? 5000);
const TAPS = Number(args.get('taps') ?? 10000);
const RATE = Number(args.get('rate') ?? 500);
const REPLAYERS = Number(args.get('readers') ?? 50);
const SECONDS = Number(args.get('seconds') ?? 5);
const CEILING_TAPS = Number(args.get('ceiling-taps') ?? 2000);
const WARMUP = Number(args.get('warmup') ?? 2000);
const TZ = 'Asia/Manila';
const ROOT = { email: 'bench-taps@example.com', password: 'BenchTaps123' };
const pgUrl = process.env.DATABASE_URL?.trim();
const usePg = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);

const pct = percentile;
const f1 = (n: number) => n.toFixed(1);

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux): the server's cost per tap. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100/s)
}

/** The raw baseline: the same rows inserted one by one, nothing else. */
async function rawBaseline(n: number): Promise<number> {
  const row = (i: number) => [
    1,
    `raw-${i}`,
    '04A1B2C3',
    '04A1B2C3',
    new Date().toISOString(),
    new Date().toISOString(),
    1,
    'CHECK_IN',
  ];
  const ddl = `create table raw_taps (id integer primary key, reader_id integer not null, event_id text not null, card_uid_raw text not null,
    card_uid text not null, tapped_at text not null, received_at text not null, student_id integer, outcome text not null)`;
  if (!usePg) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
    const db = new SQLite(path.join(dir, 'raw.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(ddl);
    db.exec('create unique index raw_uq on raw_taps (reader_id, event_id)');
    const insert = db.prepare(
      'insert into raw_taps (reader_id, event_id, card_uid_raw, card_uid, tapped_at, received_at, student_id, outcome) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const t0 = performance.now();
    for (let i = 0; i < n; i++) insert.run(...row(i));
    const rate = n / ((performance.now() - t0) / 1000);
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    return rate;
  }
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const schema = `bench_raw_${randomBytes(4).toString('hex')}`;
  await client.query(`create schema ${schema}; set search_path = ${schema}`);
  await client.query(ddl.replace('id integer primary key', 'id serial primary key'));
  await client.query('create unique index raw_uq on raw_taps (reader_id, event_id)');
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await client.query(
      'insert into raw_taps (reader_id, event_id, card_uid_raw, card_uid, tapped_at, received_at, student_id, outcome) values ($1,$2,$3,$4,$5,$6,$7,$8)',
      row(i),
    );
  }
  const rate = n / ((performance.now() - t0) / 1000);
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
  return rate;
}

/** `clients` loops sharing `n` jobs, one job at a time each: jobs per second. */
async function closedLoop(n: number, clients: number, job: (i: number, client: number) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (next < n) await job(next++, c);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

interface RawTarget {
  sqliteFile: string;
  pgSchema?: string;
  readerId: number;
  schoolId: number;
  students: { id: number; card: string }[];
}

/**
 * The raw store loop: per tap, the rows the intake writes for a check-in (attendance record, its intent, the
 * tap row) in one transaction, into the app's tables, through the driver with nothing else (no reads, no
 * HTTP). SQLite: the app's file with its pragmas (WAL, synchronous FULL); one connection whatever `clients`
 * (writers are serial there). PostgreSQL: one pg client per client.
 */
async function rawStoreLoop(target: RawTarget, n: number, clients: number, date: string, tag: string): Promise<number> {
  const rows = (i: number) => {
    const s = target.students[i % target.students.length]!;
    const now = new Date().toISOString();
    const tappedAt = new Date(Date.parse(`${date}T00:00:00Z`) + (i % 3600) * 1000).toISOString();
    return { s, now, tappedAt };
  };
  const recordSql = `insert into attendance_records (student_id, school_id, date, status, check_in_at, reader_id, card_id, created_at, updated_at)
    values ($1, $2, $3, 'PRESENT', $4, $5, $6, $7, $7) returning id`;
  const intentSql = `insert into notification_outbox (idempotency_key, channel, student_id, recipient, payload, next_attempt_at, created_at, updated_at)
    values ($1, 'INTENT', $2, '', $3, $4, $4, $4)`;
  const tapSql = `insert into rfid_taps (reader_id, event_id, card_uid_raw, card_uid, tapped_at, received_at, student_id, outcome, status, attendance_id)
    values ($1, $2, $3, $3, $4, $5, $6, 'CHECK_IN', 'PRESENT', $7)`;
  const intent = (studentId: number, tappedAt: string) =>
    JSON.stringify({ type: 'CHECK_IN', studentId, schoolId: target.schoolId, occurredAt: tappedAt });
  if (!target.pgSchema) {
    const db = new SQLite(target.sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The same statements with `?` placeholders: each $n becomes one `?`, its value passed in that order.
    const prepared = (text: string) => {
      const order = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
      return { stmt: db.prepare(text.replace(/\$\d+/g, '?')), args: (...values: unknown[]) => order.map((k) => values[k]) };
    };
    const [record, note, tapRow] = [prepared(recordSql), prepared(intentSql), prepared(tapSql)];
    const one = db.transaction((i: number) => {
      const { s, now, tappedAt } = rows(i);
      const { id } = record.stmt.get(record.args(s.id, target.schoolId, date, tappedAt, target.readerId, s.card, now)) as {
        id: number;
      };
      note.stmt.run(note.args(`CHECK_IN:attendance:${id}`, s.id, intent(s.id, tappedAt), now));
      tapRow.stmt.run(tapRow.args(target.readerId, `${tag}-${i}`, s.card, tappedAt, now, s.id, id));
    });
    const t0 = performance.now();
    for (let i = 0; i < n; i++) one(i);
    const rate = n / ((performance.now() - t0) / 1000);
    db.close();
    return rate;
  }
  const pool = await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${target.pgSchema}` });
      await c.connect();
      return c;
    }),
  );
  try {
    return await closedLoop(n, clients, async (i, k) => {
      const c = pool[k]!;
      const { s, now, tappedAt } = rows(i);
      await c.query('begin');
      const { rows: r } = await c.query<{ id: number }>({
        name: 'raw-record',
        text: recordSql,
        values: [s.id, target.schoolId, date, tappedAt, target.readerId, s.card, now],
      });
      const id = r[0]!.id;
      await c.query({
        name: 'raw-intent',
        text: intentSql,
        values: [`CHECK_IN:attendance:${id}`, s.id, intent(s.id, tappedAt), now],
      });
      await c.query({ name: 'raw-tap', text: tapSql, values: [target.readerId, `${tag}-${i}`, s.card, tappedAt, now, s.id, id] });
      await c.query('commit');
    });
  } finally {
    await Promise.all(pool.map((c) => c.end()));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-taps-'));
  const schema = usePg ? await createPgSchema(pgUrl!, 'bench_taps') : undefined;
  // --server-prof <dir>: a CPU profile of the server process (node --cpu-prof), to see where a tap's time goes.
  const prof = args.get('server-prof');
  const server = await startBenchServer({
    dataDir,
    databaseUrl: usePg ? pgUrl : undefined,
    pgSchema: schema,
    root: ROOT,
    timeZone: TZ,
    // Intake alone: sending is measured by bench:outbox and, beside intake, by bench:drain-taps.
    env: { OUTBOX_WORKER: '0', BENCH_NOOP_ROUTE: '1' },
    nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
  });
  const child = server.child;
  const base = `http://127.0.0.1:${server.match[1]}`;
  const client = jsonClient(base);
  const post = jsonPoster(client);

  try {
    const admin = (await post('/api/super-admin/login', '', ROOT)).token;
    const schoolId = await everyDaySchool(post, admin, { name: 'Bench Tap School', acronym: 'BTS' }, TZ);
    const readers: string[] = [];
    for (let i = 0; i <= REPLAYERS; i++)
      readers.push((await post('/api/super-admin/rfid-readers', admin, { name: `Bench Gate ${i}`, schoolId })).token);

    const db = createDb({ databaseUrl: usePg ? pgUrl : undefined, sqliteFile: path.join(dataDir, 'app.db'), pgSchema: schema });
    const cards = Array.from({ length: STUDENTS }, (_, i) => `B${String(i).padStart(7, '0')}`);
    await insertCardStudents(db, schoolId, cards, 'bench-tap', 500000000000);
    const rawTarget: RawTarget = {
      sqliteFile: path.join(dataDir, 'app.db'),
      pgSchema: schema,
      schoolId,
      readerId: (await db.selectFrom('rfidReaders').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      students: (await db
        .selectFrom('students')
        .select(['id', 'rfidCardId as card'])
        .where('schoolId', '=', schoolId)
        .execute()) as never,
    };
    await db.destroy();

    const today = localDate(new Date(), TZ);
    const day = (back: number) => addDays(today, -back);
    const at = (d: string, i: number) => new Date(localDateTime(d, '06:00', TZ).getTime() + (i % 3600) * 1000).toISOString();
    let seq = 0;
    const tap = async (reader: string, card: string, tappedAt: string) => {
      const t0 = performance.now();
      const res = await client.send('POST', '/api/rfid/taps', reader, { eventId: `b-${seq++}`, cardUid: card, tappedAt });
      if (res.status !== 201) throw new Error(`tap answered ${res.status}: ${res.body}`);
      return performance.now() - t0;
    };

    const raw = await rawBaseline(20000);
    console.error('baseline done');

    const noop = async (reader: string, i: number) => {
      const res = await client.send('POST', '/api/rfid/bench-noop-tap', reader, {
        eventId: `n-${i}`,
        cardUid: cards[i % STUDENTS],
        tappedAt: at(day(5), i),
      });
      if (res.status !== 201) throw new Error(`no-op answered ${res.status}: ${res.body}`);
    };

    // Warm-up, not measured: the server's JIT compiles the tap and no-op paths before the ceiling is taken (a cold
    // server's first thousands of requests cost it several times more CPU). Day -4, students past phase 4's 300.
    for (let i = 0; i < WARMUP; i++) {
      await tap(readers[i % REPLAYERS]!, cards[(300 + i) % STUDENTS]!, at(day(4), 300 + i));
      await noop(readers[i % REPLAYERS]!, 10 * CEILING_TAPS + i);
    }

    // C. The ceiling: tap route, no-op route and raw store loop at 1 and 8 clients (days -5 … -8).
    const ceiling: { clients: number; tap: number; noop: number; raw: number; cpu: { tap: number; noop: number } }[] = [];
    let rawSqlite = 0;
    for (const [k, clients] of [1, 8].entries()) {
      const d = day(5 + k);
      // The server's CPU per request, to compare with the peer's.
      const cpuTap = cpuMs(child.pid!);
      const tapRate = await closedLoop(
        CEILING_TAPS,
        clients,
        async (i) => void (await tap(readers[i % REPLAYERS]!, cards[i % STUDENTS]!, at(d, i))),
      );
      const cpuNoop = cpuMs(child.pid!);
      const noopRate = await closedLoop(CEILING_TAPS, clients, (i) => noop(readers[i % REPLAYERS]!, k * CEILING_TAPS + i));
      const cpu = { tap: (cpuNoop - cpuTap) / CEILING_TAPS, noop: (cpuMs(child.pid!) - cpuNoop) / CEILING_TAPS };
      // SQLite writes serially: one loop is its ceiling at any number of clients.
      const rawRate =
        usePg || !rawSqlite ? await rawStoreLoop(rawTarget, CEILING_TAPS, clients, day(7 + k), `raw-${clients}`) : rawSqlite;
      if (!usePg) rawSqlite = rawRate;
      ceiling.push({ clients, tap: tapRate, noop: noopRate, raw: rawRate, cpu });
    }
    console.error('ceiling done');

    // From here a console is open (the usual morning): every phase pays for the live events it causes. The ceiling
    // above ran without one, as the peer's figures did; its 1-client taps again with one, to compare.
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: admin } });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const joined = (await socket.emitWithAck('joinSuperAdmin')) as { ok: boolean };
    if (!joined.ok) throw new Error('socket not admitted');
    // Day -5 again, the next students (check-ins too while --students ≥ 2 × --ceiling-taps, as by default).
    const withConsole = await closedLoop(
      CEILING_TAPS,
      1,
      async (i) => void (await tap(readers[i % REPLAYERS]!, cards[(CEILING_TAPS + i) % STUDENTS]!, at(day(5), CEILING_TAPS + i))),
    );

    // 1. Throughput, 32 in flight, day -1.
    const d1 = day(1);
    let next = 0;
    const cpu1 = { server: cpuMs(child.pid!), generator: process.cpuUsage() };
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < TAPS) {
          const i = next++;
          await tap(readers[i % REPLAYERS]!, cards[i % STUDENTS]!, at(d1, i));
        }
      }),
    );
    const throughput = TAPS / ((performance.now() - t1) / 1000);
    const serverCpuPerTap = (cpuMs(child.pid!) - cpu1.server) / TAPS;
    const { user, system } = process.cpuUsage(cpu1.generator);
    const generatorCpuPerTap = (user + system) / 1000 / TAPS;
    console.error('throughput done');

    // 2. Latency at a steady rate, day -2. Open loop, measured from each tap's scheduled time (so a server that
    //    falls behind shows it), at most 256 requests in flight (more would only open more sockets).
    const d2 = day(2);
    const { latencies, achieved } = await steadyLoad({
      rate: RATE,
      seconds: SECONDS,
      fire: async (i) => void (await tap(readers[i % REPLAYERS]!, cards[i % STUDENTS]!, at(d2, i))),
    });

    // 3. 50 readers replay 500 events each at once, day -3 (5 taps per student: check-in, then debounced/no change/check-out).
    const d3 = day(3);
    const cpu3 = cpuMs(child.pid!);
    const t3 = performance.now();
    await Promise.all(
      readers.slice(0, REPLAYERS).map(async (reader, r) => {
        const events = Array.from({ length: 500 }, (_, i) => {
          const n = r * 500 + i;
          return {
            eventId: `replay-${r}-${i}`,
            cardUid: cards[n % STUDENTS]!,
            tappedAt: new Date(
              localDateTime(d3, '06:00', TZ).getTime() + Math.floor(n / STUDENTS) * 3_600_000 + (n % 60) * 1000,
            ).toISOString(),
          };
        });
        const res = await client.send('POST', '/api/rfid/taps', reader, { events });
        if (res.status !== 200) throw new Error(`batch answered ${res.status}: ${res.body}`);
      }),
    );
    const replaySeconds = (performance.now() - t3) / 1000;
    const replayCpuPerEvent = (cpuMs(child.pid!) - cpu3) / (REPLAYERS * 500);

    // 4. Tap → browser event, day -4, 20 taps/s.
    const d4 = day(4);
    // Matched by card: the event is emitted before the HTTP reply leaves, so the reply cannot be waited for.
    const sent = new Map<string, number>();
    const delays: number[] = [];
    socket.on('attendance', (e: { record: { card: { cardId: string } | null } }) => {
      const card = e.record.card?.cardId;
      const t = card ? sent.get(card) : undefined;
      if (card && t !== undefined) {
        delays.push(performance.now() - t);
        sent.delete(card);
      }
    });
    for (let i = 0; i < 300; i++) {
      const card = cards[i]!;
      sent.set(card, performance.now());
      await client.send('POST', '/api/rfid/taps', readers[REPLAYERS]!, {
        eventId: `live-${i}`,
        cardUid: card,
        tappedAt: at(d4, i),
      });
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    socket.close();

    const label = usePg ? 'PostgreSQL' : 'SQLite';
    console.log(`\n## Tap intake on ${label} (${new Date().toISOString()})`);
    console.log(`raw insert loop (${usePg ? 'pg, one client' : 'better-sqlite3'}): ${Math.round(raw)} rows/s`);
    console.log(
      `1. single taps over HTTP, 32 in flight: ${Math.round(throughput)} taps/s = ${f1((throughput / raw) * 100)}% of raw (${TAPS} taps); CPU per tap: server ${serverCpuPerTap.toFixed(2)} ms, load generator ${generatorCpuPerTap.toFixed(2)} ms`,
    );
    console.log(
      `2. steady ${RATE} taps/s for ${SECONDS} s (achieved ${Math.round(achieved)}/s): p50 ${f1(pct(latencies, 0.5))} ms, p95 ${f1(pct(latencies, 0.95))} ms, p99 ${f1(pct(latencies, 0.99))} ms, max ${f1(pct(latencies, 1))} ms`,
    );
    console.log(
      `3. ${REPLAYERS} readers × 500-event batches at once: ${f1(replaySeconds)} s for ${REPLAYERS * 500} events = ${Math.round((REPLAYERS * 500) / replaySeconds)} events/s = ${f1(((REPLAYERS * 500) / replaySeconds / raw) * 100)}% of raw; server CPU ${(replayCpuPerEvent * 1000).toFixed(0)} µs per event`,
    );
    for (const c of ceiling) {
      console.log(
        `C. ${c.clients} client${c.clients > 1 ? 's' : ''}, one tap per request (${CEILING_TAPS} each): tap ${Math.round(c.tap)}/s, no-op route ${Math.round(c.noop)}/s, raw store loop ${Math.round(c.raw)}/s → tap ÷ min(raw, no-op) = ${(c.tap / Math.min(c.raw, c.noop)).toFixed(2)}; server CPU per request: tap ${c.cpu.tap.toFixed(2)} ms, no-op ${c.cpu.noop.toFixed(2)} ms`,
      );
    }
    console.log(`C. 1 client with a console open (live events built and sent): tap ${Math.round(withConsole)}/s`);
    console.log(
      `4. tap → browser 'attendance' event (${delays.length} of 300): p50 ${f1(pct(delays, 0.5))} ms, p95 ${f1(pct(delays, 0.95))} ms, max ${f1(pct(delays, 1))} ms`,
    );
  } finally {
    client.close();
    await server.stop();
    if (schema) await dropPgSchema(pgUrl!, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
