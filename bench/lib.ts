/*
 * Shared by the bench scripts (not product code): command-line options, which database to use, a seeded PRNG,
 * timing statistics and an open-loop load, the server as its own process, API calls, PostgreSQL bench schemas
 * and card-holding students.
 */
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pgQuery } from '../tests/helpers/app';
import { startScript, type ScriptProcess } from '../tests/helpers/processes';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

export const DEFAULT_BENCH_DB = 'data/bench.sqlite';
/** Password of the seeded users (bench-root@example.com is the super admin). */
export const BENCH_PASSWORD = 'BenchPass123';

/**
 * With `--help` (or `-h`) on the command line: prints `usage` and exits 0, before the script touches any
 * database, file or port. Every bench calls it first, through parseArgs or on its own when it takes no options.
 */
export function exitOnHelp(usage: string, argv = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}

/** The `--options` of `argv` that `usage` does not name (a typo would otherwise run the defaults unnoticed). */
export function unknownOptions(usage: string, argv: string[]): string[] {
  const known = new Set([...usage.matchAll(/--([a-z0-9-]+)/g)].map((m) => m[1]));
  return argv.filter((a) => a.startsWith('--') && a.length > 2 && !known.has(a.slice(2)));
}

/**
 * `--name value` / `--flag` options; `usage` (the script's options and defaults, one a line) answers `--help`,
 * and an option it does not name stops the script (exit 2) before it touches anything.
 */
export function parseArgs(usage: string, argv = process.argv.slice(2)): Map<string, string> {
  exitOnHelp(usage, argv);
  const unknown = unknownOptions(usage, argv);
  if (unknown.length) {
    process.stderr.write(`unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.join(' ')}\n${usage.trim()}\n`);
    process.exit(2);
  }
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out.set(a.slice(2), next);
      i++;
    } else out.set(a.slice(2), 'true');
  }
  return out;
}

/** `--db file.sqlite`, else DATABASE_URL (postgres://…), else data/bench.sqlite. */
export function benchTarget(args: Map<string, string>): { databaseUrl?: string; sqliteFile: string; label: string } {
  const file = args.get('db');
  const url = process.env.DATABASE_URL?.trim();
  if (!file && url && /^postgres(ql)?:\/\//.test(url)) {
    return { databaseUrl: url, sqliteFile: '', label: url.replace(/\/\/[^@]*@/, '//…@') };
  }
  const sqliteFile = path.resolve(file ?? DEFAULT_BENCH_DB);
  return { sqliteFile, label: sqliteFile };
}

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** weights: [[value, weight], …] */
    weighted: <T>(table: ReadonlyArray<readonly [T, number]>): T => {
      const total = table.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of table) if ((r -= w) < 0) return v;
      return table[table.length - 1]![0];
    },
  };
}
export type Rng = ReturnType<typeof prng>;

/** Median / p95 / min / max of durations in ms. */
export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
}

/** Two decimals below 10 ms: a system-log page takes about 1 ms, and 10% of it must show. */
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Signs in the seeded super admin through the app; the bearer token. */
export async function benchSignIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/super-admin/login',
    headers: { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
    payload: { email: 'bench-root@example.com', password: BENCH_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed (${login.statusCode}): was the database seeded by bench:seed?`);
  return login.json().data.token as string;
}

/**
 * A JSON (and text) client for load generators: node:http with keep-alive sockets. Node's fetch costs about 0.5 ms of the
 * generator's CPU per request (≈ 1,500 requests/s on one core, measured), which would cap any bench below the
 * server's real rate; this client does several times that.
 */
export function jsonClient(base: string, maxSockets = 256) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (method: string, path: string, token: string | null, body: string, contentType: string | null) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { 'content-length': Buffer.byteLength(body) };
      if (contentType) headers['content-type'] = contentType;
      if (token) headers.authorization = `Bearer ${token}`;
      // A sign-in answers with a bearer token only when asked (a browser gets cookies instead).
      if (path.endsWith('/login')) headers[TOKEN_REQUEST_HEADER] = TOKEN_REQUEST_VALUE;
      const req = http.request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const send = (method: string, path: string, token: string | null, payload: unknown) =>
    payload === undefined
      ? request(method, path, token, '', null)
      : request(method, path, token, JSON.stringify(payload), 'application/json');
  /** A text/plain POST (a ZKTeco terminal's ATTLOG upload). */
  const sendText = (path: string, text: string) => request('POST', path, null, text, 'text/plain');
  return { send, sendText, close: () => agent.destroy() };
}

/** `post(url, token, body, method?)` through a jsonClient → the reply's `data`; throws with the body on non-2xx. */
export function jsonPoster(client: ReturnType<typeof jsonClient>) {
  return async (url: string, token: string | null, body: unknown, method = 'POST') => {
    const res = await client.send(method, url, token || null, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.body}`);
    return (JSON.parse(res.body) as { data: { token: string; id: number } }).data;
  };
}

/**
 * A school where every day is a school day (so each phase of a tap bench can use its own recent day and always take
 * the check-in path), created through the API by the signed-in super admin; its id.
 */
export async function everyDaySchool(
  post: ReturnType<typeof jsonPoster>,
  admin: string,
  school: { name: string; acronym: string },
  timeZone: string,
): Promise<number> {
  const { id } = await post('/api/super-admin/schools', admin, school);
  const settings = { timeZone, lateCutoff: '07:45', absenceCutoff: '23:59', schoolDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] };
  await post(`/api/super-admin/schools/${id}/attendance-settings`, admin, settings, 'PUT');
  return id;
}

/** The q-quantile (0…1) of samples, nearest rank. */
export function percentile(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/**
 * An open-loop load: request i is due at start + i/rate s, for `seconds`, with at most `maxInFlight` under way.
 * Each latency is measured from the request's DUE time, not from when it went out, so a server that falls
 * behind shows it in the figures instead of silently lowering the rate (coordinated omission).
 */
export async function steadyLoad(opts: {
  rate: number;
  seconds: number;
  maxInFlight?: number;
  fire: (i: number) => Promise<void>;
}): Promise<{ latencies: number[]; achieved: number }> {
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: Math.min(total, opts.maxInFlight ?? 256) }, async () => {
      while (issued < total) {
        const i = issued++;
        const due = started + (i * 1000) / opts.rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await opts.fire(i);
        latencies.push(performance.now() - due);
      }
    }),
  );
  return { latencies, achieved: total / ((performance.now() - started) / 1000) };
}

/** A fresh PostgreSQL schema for one bench run (`prefix_<random>`); drop it with dropPgSchema. */
export async function createPgSchema(url: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  await pgQuery(url, `create schema ${schema}`);
  return schema;
}

export const dropPgSchema = (url: string, schema: string) => pgQuery(url, `drop schema if exists ${schema} cascade`);

/** `call(url, token, body?, method?)` → the reply's `data` from the API at `base`; throws with the body on non-2xx. */
export function jsonCaller(base: string) {
  return async <T = unknown>(url: string, token: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(url.endsWith('/login') ? { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

export { insertCardStudents } from '../tests/helpers/rfid';

/**
 * The API as its own process (scripts/serve.ts), so the load generator does not share its event loop, on a
 * fresh DATA_DIR (SQLite there, or PostgreSQL in `pgSchema` when `databaseUrl` is given), with `root` as the
 * first super admin. The absence job is off: a bench's taps on past days must not meet ABSENT rows it wrote.
 */
export function startBenchServer(opts: {
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  root: { email: string; password: string };
  timeZone: string;
  env?: Record<string, string>;
  /** Node options of the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<ScriptProcess> {
  return startScript(
    'scripts/serve.ts',
    {
      ...process.env,
      PORT: '0',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      PG_SCHEMA: opts.pgSchema ?? '',
      LOG_LEVEL: 'warn',
      ABSENCE_JOB: '0',
      SUPER_ADMIN_EMAIL: opts.root.email,
      SUPER_ADMIN_PASSWORD: opts.root.password,
      SCHOOL_TIMEZONE: opts.timeZone,
      ...opts.env,
    },
    /PORT (\d+)/,
    60_000,
    opts.nodeArgs,
  );
}
