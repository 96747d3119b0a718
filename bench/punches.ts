/*
 * The punch-stream comparison: the same ZKTeco ADMS ATTLOG stream (POST /iclock/cdata?SN=…&table=ATTLOG,
 * one tab-separated line per punch) sent to our server and, when given, to another ADMS server (the issue's peer),
 * in interleaved rounds, stored punches per second by mode (clients × punches per request).
 *   npx tsx bench/punches.ts                                          # ours on SQLite
 *   DATABASE_URL=postgres://… npx tsx bench/punches.ts --sqlite       # ours on PostgreSQL, and on SQLite too
 *   … --peer-url http://127.0.0.1:5055 --peer-sn PEER01 --peer-db postgres://…/peer --peer-pid <pid>
 * Every punch is a new student's first punch of the day (a check-in), so each one must be stored as one row: the
 * bench counts the rows after each run (ours: rfid_taps; the peer: `--peer-count`, by default its attendance_logs)
 * and says so when a run stored fewer. The peer's students must answer to PINs 1…N (N ≥ punches × runs).
 * With --notices, ours runs a second time beside itself with parent notices on: its outbox worker sends each
 * check-in's SMS through an unpaced phone of the stand-in httpSMS gateway (bench/gateway-process.ts, its own
 * process), and a run's CPU is read once every notice of the run is SENT. The difference per punch is what a sent
 * notice costs the server.
 * How to set up the issue's peer and the figures: docs/benchmarks.md, "the punch stream beside the peer".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { localDate } from '@core/time/time';
import {
  createPgSchema,
  dropPgSchema,
  everyDaySchool,
  insertCardStudents,
  jsonClient,
  jsonPoster,
  parseArgs,
  startBenchServer,
} from './lib';
import { startScript } from '../tests/helpers/processes';

const USAGE = `
Usage: npx tsx bench/punches.ts [options]
The same ZKTeco ATTLOG punch stream to our server (and a peer's), stored punches per second by mode.
  --punches <n>      punches per run (default 2000)
  --rounds <n>       interleaved rounds; each figure is the median (default 3)
  --modes <list>     clients x punches-per-request (default 1x1,8x1,32x1,1x50,8x50)
  --sqlite           with DATABASE_URL set: ours on SQLite as well as on PostgreSQL
  --notices          ours with parent notices on as well (its outbox sending each check-in's SMS)
  --peer-url <url>   another ADMS server to send the same stream to (default: none)
  --peer-sn <serial> its terminal's serial (default PEER01)
  --peer-db <url>    its PostgreSQL database, to count what it stored
  --peer-count <sql> the count of its stored punches (default: select count(*) from attendance_logs)
  --peer-pid <pid>   its process, for its CPU per punch (default: not shown)
  DATABASE_URL=postgres://…   ours on PostgreSQL, in a fresh schema dropped afterwards (default: SQLite)
  --help             this text
`;
const args = parseArgs(USAGE);
const PUNCHES = Number(args.get('punches') ?? 2000);
const ROUNDS = Number(args.get('rounds') ?? 3);
const MODES = (args.get('modes') ?? '1x1,8x1,32x1,1x50,8x50').split(',').map((m) => {
  const [clients, per] = m.split('x').map(Number);
  return { label: m, clients: clients!, per: per! };
});
const TZ = 'Asia/Manila';
const SERIAL = 'OURS01';
const ROOT = { email: 'bench-punches@example.com', password: 'BenchPunch123' };
const pgUrl = process.env.DATABASE_URL?.trim();

interface Target {
  name: string;
  base: string;
  serial: string;
  /** Punches stored so far. */
  stored(): Promise<number>;
  /** The server's CPU time so far (ms), when known. */
  cpu(): number | null;
  /** Resolves once the work a run left (its notices) is done; `stored`: punches stored so far. */
  settled(stored: number): Promise<void>;
  close(): Promise<void>;
}

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Our server on one store, with a school, a ZKTeco terminal and students whose cards are the PINs 1…students. With
 * `gatewayUrl`: parent notices on, through one unpaced phone of that gateway.
 */
async function ours(store: 'sqlite' | 'pg', students: number, gatewayUrl?: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-punches-'));
  const schema = store === 'pg' ? await createPgSchema(pgUrl!, 'bench_punches') : undefined;
  const notices: Record<string, string> = gatewayUrl
    ? { OUTBOX_WORKER: '1', SMS_GATEWAY_URL: gatewayUrl }
    : { OUTBOX_WORKER: '0' };
  const server = await startBenchServer({
    dataDir,
    databaseUrl: store === 'pg' ? pgUrl : undefined,
    pgSchema: schema,
    root: ROOT,
    timeZone: TZ,
    // A terminal's posts are rate-limited per reader and per address; the stream is one terminal on one address.
    env: { ...notices, ZKTECO_RATE_PER_READER: '100000000', ZKTECO_RATE_PER_ADDRESS: '100000000' },
  });
  const base = `http://127.0.0.1:${server.match[1]}`;
  const client = jsonClient(base);
  const post = jsonPoster(client);
  const admin = (await post('/api/super-admin/login', null, ROOT)).token;
  const schoolId = await everyDaySchool(post, admin, { name: 'Bench Punch School', acronym: 'BPS' }, TZ);
  await post('/api/super-admin/rfid-readers', admin, { name: 'Bench Terminal', schoolId, kind: 'ZKTECO', serialNumber: SERIAL });
  if (gatewayUrl) {
    const device = { name: 'Bench phone', deviceName: 'Pixel 7', phoneNumber: '+639180000001', apiKey: 'bench-punches-key-0001' };
    await post('/api/super-admin/sms-devices', admin, { ...device, schoolId, isDefault: true });
  }
  client.close();
  const sqlite = store === 'sqlite' ? new SQLite(path.join(dataDir, 'app.db'), { readonly: true }) : null;
  const pool = store === 'pg' ? new pg.Pool({ connectionString: pgUrl, options: `-c search_path=${schema}`, max: 1 }) : null;
  const { createDb } = await import('@core/db/index');
  const db = createDb({
    databaseUrl: store === 'pg' ? pgUrl : undefined,
    sqliteFile: path.join(dataDir, 'app.db'),
    pgSchema: schema,
  });
  await insertCardStudents(
    db,
    schoolId,
    Array.from({ length: students }, (_, i) => String(i + 1)),
    'punch',
  );
  // Unpaced (httpSMS's "no limit", which the API never sets): the stand-in has no phone behind it.
  if (gatewayUrl) await db.updateTable('smsDevices').set({ sendRatePerMinute: 0 }).execute();
  await db.destroy();
  const count = async (table: string, where = '') =>
    sqlite
      ? (sqlite.prepare(`select count(*) as n from ${table} ${where}`).get() as { n: number }).n
      : Number((await pool!.query(`select count(*) as n from ${table} ${where}`)).rows[0].n);
  return {
    name: `${store === 'pg' ? 'ours, PostgreSQL' : 'ours, SQLite'}${gatewayUrl ? ', notices on' : ''}`,
    base,
    serial: SERIAL,
    stored: () => count('rfid_taps'),
    cpu: () => cpuMs(server.child.pid!),
    settled: async (stored) => {
      if (!gatewayUrl) return;
      for (let wait = 0; wait < 600; wait++) {
        if ((await count('sms_notifications', "where status = 'SENT'")) >= stored) return;
        await sleep(100);
      }
      throw new Error(`${store}: the notices of ${stored} punches were not all SENT within a minute`);
    },
    close: async () => {
      sqlite?.close();
      await pool?.end();
      server.child.kill('SIGTERM');
      if (schema) await dropPgSchema(pgUrl!, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function peer(): Target {
  const pool = new pg.Pool({ connectionString: args.get('peer-db'), max: 1 });
  const countSql = args.get('peer-count') ?? 'select count(*) as n from attendance_logs';
  const pid = args.get('peer-pid');
  return {
    name: 'peer',
    base: args.get('peer-url')!,
    serial: args.get('peer-sn') ?? 'PEER01',
    stored: async () => Number(Object.values((await pool.query(countSql)).rows[0] as object)[0]),
    cpu: () => (pid ? cpuMs(Number(pid)) : null),
    settled: async () => {},
    close: () => pool.end(),
  };
}

/** Today in the school's zone, a few minutes ago: inside every intake's accepted window. */
const stamp = (i: number) => {
  const t = new Date(Date.now() - 10 * 60_000 + (i % 300) * 1000);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(t);
  return `${localDate(t, TZ)} ${parts}`;
};

/** One run: `PUNCHES` punches of the PINs from `firstPin` on, `per` to a post, `clients` posts in flight. */
async function run(target: Target, mode: (typeof MODES)[number], firstPin: number) {
  const client = jsonClient(target.base, mode.clients);
  const posts = Array.from({ length: Math.ceil(PUNCHES / mode.per) }, (_, k) =>
    Array.from({ length: Math.min(mode.per, PUNCHES - k * mode.per) }, (_, j) => {
      const pin = firstPin + k * mode.per + j;
      return `${pin}\t${stamp(pin)}\t0\t15\t0\t0`;
    }).join('\n'),
  );
  const before = await target.stored();
  const cpu0 = target.cpu();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: mode.clients }, async () => {
      while (next < posts.length) {
        const body = posts[next++]!;
        const res = await client.sendText(`/iclock/cdata?SN=${target.serial}&table=ATTLOG`, body);
        if (res.status !== 200) throw new Error(`${target.name}: ${res.status} ${res.body}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  client.close();
  // The peer may finish a punch's work after answering: count once it has settled.
  let stored = (await target.stored()) - before;
  for (let wait = 0; stored < PUNCHES && wait < 20; wait++) {
    await sleep(100);
    stored = (await target.stored()) - before;
  }
  // Notices on: the run's CPU includes sending them (the rate is the punches' own).
  await target.settled(before + stored);
  const cpu1 = target.cpu();
  return { rate: stored / seconds, stored, cpuPerPunch: cpu0 != null && cpu1 != null ? (cpu1 - cpu0) / PUNCHES : null };
}

async function main() {
  const runs = ROUNDS * MODES.length;
  const pins = PUNCHES * runs;
  const targets: Target[] = [];
  const gateway = args.has('notices') ? await startScript('bench/gateway-process.ts', process.env, /GATEWAY (\S+)\n/) : null;
  const stores: Array<'sqlite' | 'pg'> = [
    ...(!pgUrl || args.has('sqlite') ? ['sqlite' as const] : []),
    ...(pgUrl ? ['pg' as const] : []),
  ];
  for (const store of stores) {
    targets.push(await ours(store, pins));
    if (gateway) targets.push(await ours(store, pins, gateway.match[1]));
  }
  if (args.get('peer-url')) targets.push(peer());
  const results = new Map<string, { rate: number; stored: number; cpuPerPunch: number | null }[]>();
  try {
    let k = 0;
    for (let round = 0; round < ROUNDS; round++)
      for (const mode of MODES) {
        const firstPin = 1 + k++ * PUNCHES;
        // Interleaved: every target takes the same mode one after another, then the next mode.
        for (const target of targets) {
          const r = await run(target, mode, firstPin);
          const key = `${target.name}|${mode.label}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          console.error(
            `round ${round + 1} ${mode.label} ${target.name}: ${Math.round(r.rate)}/s (${r.stored} of ${PUNCHES} stored)`,
          );
        }
      }
  } finally {
    for (const t of targets) await t.close();
    await gateway?.stop();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `\n## ATTLOG punch stream (${new Date().toISOString()}; ${PUNCHES} punches a run, median of ${ROUNDS} interleaved rounds)`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(`| mode (clients × punches a post) | ${targets.map((t) => t.name).join(' | ')} |`);
  console.log(`| --- | ${targets.map(() => '---:').join(' | ')} |`);
  for (const mode of MODES) {
    const cells = targets.map((t) => {
      const rs = results.get(`${t.name}|${mode.label}`)!;
      const short = rs.filter((r) => r.stored < PUNCHES).length;
      const cpus = rs.map((r) => r.cpuPerPunch).filter((c): c is number => c != null);
      const cpu = cpus.length ? `, CPU ${median(cpus).toFixed(2)} ms/punch` : '';
      return `${Math.round(median(rs.map((r) => r.rate)))}/s${cpu}${short ? ` (**${short} run(s) stored fewer**)` : ''}`;
    });
    console.log(`| ${mode.label} | ${cells.join(' | ')} |`);
  }
}

await main();
