/*
 * bench:drain-taps — does draining a 10,000-message outbox backlog slow tap intake?
 * Goal: tap p99 during the drain within 20% of the p99 without a backlog.
 *
 *   npm run bench:drain-taps -- [--rate 100] [--seconds 10] [--backlog 10000]     # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:drain-taps                      # own schema
 *
 * Three processes, as in production the gateway is not the server: the server (scripts/serve.ts, its outbox
 * worker on with the server's default settings), the stand-in httpSMS gateway (bench/gateway-process.ts), and
 * this load generator. Every tap is a check-in (student match, attendance record, intent, tap row, live
 * events), so each also queues one SMS, sent through a global default device as in normal operation.
 *   (a 5-second warm-up at the same rate, not counted; on PostgreSQL then ANALYZE)
 *   A. without a backlog: a steady --rate taps/s for --seconds (open loop, latency from each tap's due time);
 *      then wait until the taps' own messages are sent, so B starts from an idle outbox;
 *   B. a --backlog of CHECK_IN intents committed in ONE transaction (it appears at once, like a morning's
 *      queue after the gateway was down), and at once the same tap load again while the worker drains it;
 *      then wait for the drain to end: its messages/s, and every message SENT exactly once;
 *   C. the same tap load again once the drain is over: a second figure without a backlog. On a machine shared
 *      with other work, A and C far apart say the machine changed during the run and the ratio is not to be trusted.
 * Fresh notifications first: B's taps happen NOW (today, the tap's own time), so their notices
 * are the freshest in the outbox, and the bench reports, for each of them, the time from firing the tap to the
 * gateway receiving its SMS request (goal: p95 < 5 s during the drain). The earlier days of A, C and the warm-up
 * keep their notices from expiring with OUTBOX_ATTENDANCE_EXPIRY=168 (hours) and ATTENDANCE_NOTICE_MAX_DELAY=10080
 * (minutes, the same 7 days): a bench of sending, not of expiry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, type DB } from '@core/db/index';
import { createSecretBox, loadSecretKey } from '@core/secrets/secrets';
import { addDays, localDate, localDateTime } from '@core/time/time';
import { seedOutboxLoad } from '../tests/fixtures/outbox-load';
import { startScript, waitFor, type ScriptProcess } from '../tests/helpers/processes';
import {
  createPgSchema,
  dropPgSchema,
  insertCardStudents,
  jsonCaller,
  parseArgs,
  percentile,
  startBenchServer,
  steadyLoad,
} from './lib';

const USAGE = `
Usage: npm run bench:drain-taps -- [options]   (or npx tsx bench/drain-taps.ts [options])
Tap latency without an outbox backlog, during its drain and after it (server, stand-in gateway, load: three processes).
  --rate <n>            taps/s of each phase (default 100)
  --seconds <n>         length of each phase in s (default 10)
  --backlog <n>         CHECK_IN intents committed at once before phase B (default 10000)
  --trace <file>        the server's worker passes (LOG_LEVEL=debug) written to <file>, and per second of phase B:
                        passes, rows claimed for the tap school and for the backlog's, claim and pass times
                        (a diagnosis: request logging is on then, so take the headline figures without it)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const RATE = Number(args.get('rate') ?? 100);
const SECONDS = Number(args.get('seconds') ?? 10);
const BACKLOG = Number(args.get('backlog') ?? 10_000);
const TRACE = args.get('trace');
const TAPS = Math.round(RATE * SECONDS);
// One student per tap, so every tap of a phase is a check-in that queues one message.
const STUDENTS = TAPS;
const TZ = 'Asia/Manila';
const ROOT = { email: 'bench-drain@example.com', password: 'BenchDrain123' };
const pgUrl = process.env.DATABASE_URL?.trim();
const usePg = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);
// Backlog intents get attendance ids far above the taps' own, so no key is taken twice (see seedOutboxLoad).
const BACKLOG_FIRST_ID = 1_000_000_000;

const f1 = (n: number) => n.toFixed(1);

async function sentCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom('smsNotifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'SENT')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Signs in, creates the tap school (every day a school day), a reader and a global default SMS device. */
async function setUp(base: string): Promise<{ schoolId: number; readerToken: string }> {
  const call = jsonCaller(base);
  const admin = (await call<{ token: string }>('/api/super-admin/login', '', ROOT)).token;
  const schoolId = (await call<{ id: number }>('/api/super-admin/schools', admin, { name: 'Drain Tap School', acronym: 'DTS' }))
    .id;
  // Every day a school day, so each phase taps on its own recent day and every tap is a check-in.
  const settings = { timeZone: TZ, lateCutoff: '07:45', absenceCutoff: '23:59', schoolDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] };
  await call(`/api/super-admin/schools/${schoolId}/attendance-settings`, admin, settings, 'PUT');
  const readerToken = (await call<{ token: string }>('/api/super-admin/rfid-readers', admin, { name: 'Drain Gate', schoolId }))
    .token;
  const device = { name: 'Bench phone', deviceName: 'Pixel 7', phoneNumber: '+639180000009', apiKey: 'bench', isDefault: true };
  await call('/api/super-admin/sms-devices', admin, device);
  return { schoolId, readerToken };
}

/** Phase B's taps: ms from firing each tap to the gateway receiving its SMS (attendance id → card → fire time). */
async function freshLatencies(db: DB, today: string, firedAt: Map<string, number>, timesFile: string): Promise<number[]> {
  const times = JSON.parse(fs.readFileSync(timesFile, 'utf8')) as Record<string, string>;
  const records = await db.selectFrom('attendanceRecords').select(['id', 'cardId']).where('date', '=', today).execute();
  const cardOf = new Map(records.map((r) => [r.id, r.cardId]));
  const out: number[] = [];
  for (const [requestId, at] of Object.entries(times)) {
    const m = /:attendance:(\d+):SMS$/.exec(requestId);
    const fired = m ? firedAt.get(cardOf.get(Number(m[1])) ?? '') : undefined;
    if (fired !== undefined) out.push(Date.parse(at) - fired);
  }
  return out;
}

/** For the fresh taps' SMS rows: ms from the tap to the row's creation, i.e. to its intent's expansion by the worker. */
async function freshExpansions(db: DB, today: string, firedAt: Map<string, number>): Promise<number[]> {
  const records = await db.selectFrom('attendanceRecords').select(['id', 'cardId']).where('date', '=', today).execute();
  const cardOf = new Map(records.map((r) => [r.id, r.cardId]));
  const rows = await db
    .selectFrom('notificationOutbox')
    .select(['idempotencyKey', 'createdAt'])
    .where('channel', '=', 'SMS')
    .where('idempotencyKey', 'like', '%:attendance:%')
    .execute();
  const out: number[] = [];
  for (const r of rows) {
    const m = /:attendance:(\d+):SMS$/.exec(r.idempotencyKey);
    const fired = m ? firedAt.get(cardOf.get(Number(m[1])) ?? '') : undefined;
    if (fired !== undefined) out.push(Date.parse(r.createdAt) - fired);
  }
  return out;
}

/** --trace: the worker's 'outbox pass' lines to `file`, and phase B's passes summed per second. */
function tracePasses(output: string, file: string, b: { from: number; to: number; taps: number; backlog: number }) {
  type Pass = { time: number; claimMs: number; passMs: number; bySchool: Record<string, number> };
  const passes = output
    .split('\n')
    .filter((l) => l.includes('"outbox pass"'))
    .map((l) => JSON.parse(l) as Pass);
  fs.writeFileSync(file, passes.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const rows = (p: Pass, school: number) =>
    Object.entries(p.bySchool).reduce((n, [k, v]) => (k.startsWith(`${school}:`) ? n + v : n), 0);
  console.log(`\nworker passes during phase B (${passes.length} passes in all, written to ${file}):`);
  console.log('| second | passes | tap school rows | backlog rows | claim ms p50 / max | pass ms p50 / max |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (let t = b.from; t < b.to + 5000; t += 1000) {
    const inSecond = passes.filter((p) => p.time >= t && p.time < t + 1000);
    if (!inSecond.length) continue;
    const claim = inSecond.map((p) => p.claimMs);
    const pass = inSecond.map((p) => p.passMs);
    const sum = (school: number) => inSecond.reduce((n, p) => n + rows(p, school), 0);
    console.log(
      `| ${Math.round((t - b.from) / 1000)} | ${inSecond.length} | ${sum(b.taps)} | ${sum(b.backlog)} | ` +
        `${f1(percentile(claim, 0.5))} / ${f1(percentile(claim, 1))} | ${f1(percentile(pass, 0.5))} / ${f1(percentile(pass, 1))} |`,
    );
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-drain-'));
  const timesFile = path.join(dataDir, 'gateway-times.json');
  const schema = usePg ? await createPgSchema(pgUrl!, 'bench_drain') : undefined;
  let gateway: ScriptProcess | undefined;
  let server: ScriptProcess | undefined;
  let db: DB | undefined;
  try {
    gateway = await startScript('bench/gateway-process.ts', { ...process.env, GATEWAY_TIMES_FILE: timesFile }, /GATEWAY (\S+)\n/);
    server = await startBenchServer({
      dataDir,
      databaseUrl: usePg ? pgUrl : undefined,
      pgSchema: schema,
      root: ROOT,
      timeZone: TZ,
      env: {
        SMS_GATEWAY_URL: gateway.match[1]!,
        OUTBOX_ATTENDANCE_EXPIRY: '168',
        ATTENDANCE_NOTICE_MAX_DELAY: '10080',
        ...(TRACE ? { LOG_LEVEL: 'debug' } : {}),
      },
    });
    const base = `http://127.0.0.1:${server.match[1]}`;
    const { schoolId, readerToken } = await setUp(base);
    db = createDb({ databaseUrl: usePg ? pgUrl : undefined, sqliteFile: path.join(dataDir, 'app.db'), pgSchema: schema });
    // Unpaced (rate 0, httpSMS's "no limit", which the API never sets): the bench times the engine, not a phone's pace.
    await db.updateTable('smsDevices').set({ sendRatePerMinute: 0 }).execute();
    const cards = Array.from({ length: STUDENTS }, (_, i) => `D${String(i).padStart(7, '0')}`);
    await insertCardStudents(db, schoolId, cards, 'drain');

    const today = localDate(new Date(), TZ);
    let seq = 0;
    /** When each of phase B's taps was fired (wall clock), by card: the start of its tap → gateway time. */
    const firedAt = new Map<string, number>();
    /**
     * `seconds` × RATE check-ins on the day `back` days ago (one per student, 06:00 local onwards); `back` 0 = now,
     * each tap at the moment it is fired (phase B: the freshest notices in the outbox).
     */
    const tapPhase = (back: number, seconds = SECONDS) => {
      const day = addDays(today, -back);
      const start = localDateTime(day, '06:00', TZ).getTime();
      return steadyLoad({
        rate: RATE,
        seconds,
        fire: async (i) => {
          if (back === 0) firedAt.set(cards[i]!, Date.now());
          const res = await fetch(`${base}/api/rfid/taps`, {
            method: 'POST',
            headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              eventId: `d-${seq++}`,
              cardUid: cards[i],
              tappedAt: new Date(back === 0 ? Date.now() : start + i * 1000).toISOString(),
            }),
          });
          const reply = await res.text();
          if (res.status !== 201) throw new Error(`tap answered ${res.status}: ${reply}`);
        },
      });
    };

    // Warm-up (JIT, prepared statements, connections) on a day of its own, so phase A is not measured cold; then
    // PostgreSQL's planner statistics, which autovacuum would bring only a minute later: fresh tables look empty
    // to it, and phase A would measure plans for empty tables that B and C no longer get.
    const warm = (await tapPhase(3, Math.min(SECONDS, 5))).latencies.length;
    if (usePg) await sql`analyze`.execute(db);
    const quiet = await tapPhase(1);
    await waitFor(async () => (await sentCount(db!)) >= warm + TAPS, 600_000, "phase A's own messages", 250);
    console.error(`phase A done (${quiet.latencies.length} taps); seeding a backlog of ${BACKLOG}…`);

    const secrets = createSecretBox(loadSecretKey({ dataDir }));
    const seedStart = performance.now();
    const backlogSchool = await db
      .transaction()
      .execute((trx) => seedOutboxLoad(trx, secrets, BACKLOG, 'backlog', BACKLOG_FIRST_ID));
    const released = performance.now();
    // The seed ran better-sqlite3 statements back to back, so this event loop read no socket events meanwhile:
    // let it notice the keep-alive connections the server closed, or phase B's first taps go out on them (ECONNRESET).
    await new Promise((r) => setTimeout(r, 100));
    const busyFrom = Date.now();
    const busy = await tapPhase(0);
    const busyTo = Date.now();
    const sentAfterTaps = (await sentCount(db)) - warm - TAPS;
    const expected = warm + TAPS * 2 + BACKLOG;
    await waitFor(async () => (await sentCount(db!)) >= expected, 3_600_000, 'the drain', 250);
    const drainSeconds = (performance.now() - released) / 1000;
    const after = await tapPhase(4);
    await waitFor(async () => (await sentCount(db!)) >= expected + TAPS, 600_000, "phase C's own messages", 250);
    const sent = await sentCount(db);
    const done = (await gateway.stop()) === 0 ? /GATEWAY DONE (\d+) (\d+)/.exec(gateway.output()) : null;
    const fresh = await freshLatencies(db, today, firedAt, timesFile);
    const expanded = await freshExpansions(db, today, firedAt);

    const row = (label: string, r: { latencies: number[]; achieved: number }) =>
      `| ${label} | ${Math.round(r.achieved)}/s | ${f1(percentile(r.latencies, 0.5))} ms | ${f1(percentile(r.latencies, 0.95))} ms | ${f1(percentile(r.latencies, 0.99))} ms | ${f1(percentile(r.latencies, 1))} ms |`;
    const p99 = (r: { latencies: number[] }) => percentile(r.latencies, 0.99);
    const ratio = p99(busy) / p99(quiet);
    console.log(
      `\n## Tap intake during a ${BACKLOG}-message outbox drain on ${usePg ? 'PostgreSQL' : 'SQLite'} (${new Date().toISOString()})`,
    );
    console.log(`${TAPS} taps at ${RATE}/s for ${SECONDS} s in each phase (open loop, latency from each tap's due time)\n`);
    console.log('| phase | achieved | p50 | p95 | p99 | max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row('A. no backlog', quiet));
    console.log(row(`B. during the drain`, busy));
    console.log(row('C. after the drain', after));
    console.log(
      `\np99 B / A: ${ratio.toFixed(2)} (goal ≤ 1.20: ${ratio <= 1.2 ? 'met' : 'NOT met'}); B / C: ${(p99(busy) / p99(after)).toFixed(2)}`,
    );
    console.log(`backlog commit (${BACKLOG} students + intents, one transaction): ${f1((released - seedStart) / 1000)} s`);
    console.log(
      `drain: ${BACKLOG} backlog + ${TAPS} tap messages SENT in ${f1(drainSeconds)} s = ${Math.round((BACKLOG + TAPS) / drainSeconds)} messages/s; ` +
        `${sentAfterTaps} of them were sent by the end of phase B (${sentAfterTaps < BACKLOG ? 'the drain outlasted the tap load' : 'the drain ended BEFORE the tap load did: B is not all "during"'})`,
    );
    console.log(
      `fresh taps (B, ${fresh.length} of ${firedAt.size}): tap → gateway request p50 ${f1(percentile(fresh, 0.5))} ms, ` +
        `p95 ${f1(percentile(fresh, 0.95))} ms, max ${f1(percentile(fresh, 1))} ms (goal p95 < 5000 ms: ${percentile(fresh, 0.95) < 5000 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `SENT rows ${sent} of ${expected + TAPS}; gateway ${done ? `${done[1]} messages from ${done[2]} requests` : 'count unavailable'}`,
    );
    console.log(
      `fresh taps: tap → intent expanded (SMS row written) p50 ${f1(percentile(expanded, 0.5))} ms, p95 ${f1(percentile(expanded, 0.95))} ms`,
    );
    // A message sent on a later attempt waited for its backoff (OUTBOX_BASE_DELAY_MS): say how many, and why.
    const attempts = await db
      .selectFrom('notificationOutbox')
      .select(['channel', 'attempts', 'lastError', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['channel', 'attempts', 'lastError'])
      .orderBy('channel')
      .orderBy('attempts')
      .execute();
    console.log(
      `outbox rows by channel, attempts and last error: ${attempts.map((a) => `${a.channel} ×${a.attempts}${a.lastError ? ` (${a.lastError})` : ''}: ${a.n}`).join('; ')}`,
    );
    if (TRACE)
      tracePasses(server.output(), TRACE, { from: busyFrom, to: busyTo, taps: schoolId, backlog: backlogSchool.schoolId });
  } catch (err) {
    // What the server said (warnings and errors) usually explains a failed request.
    console.error(`server output:\n${server?.output().slice(-4000) ?? '(not started)'}`);
    throw err;
  } finally {
    await server?.stop();
    await gateway?.stop();
    await db?.destroy();
    if (schema) await dropPgSchema(pgUrl!, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
