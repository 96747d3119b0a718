/*
 * Where a lone tap's time goes: 1,500 check-ins one after another through app.inject (no HTTP,
 * no console listening), each statement timed from its send to its answer (pg) or around its synchronous call
 * (better-sqlite3: run/all/get). Prints the median tap and each statement's median. Both stores:
 *   npx tsx bench/tap-trace.ts                                                       # SQLite (a temp file)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/tap-trace.ts
 * With `node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/tap-trace.ts` it also leaves a CPU profile.
 */
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { exitOnHelp } from './lib';
import { createTestApp, loginSuperAdmin } from '../tests/helpers/app';
import { createSchool } from '../tests/helpers/schools';
import { createReader, insertCardStudents, postTaps } from '../tests/helpers/rfid';

exitOnHelp(`
Usage: npx tsx bench/tap-trace.ts                                  (SQLite, a temp file)
       TEST_DATABASE_URL=postgres://… npx tsx bench/tap-trace.ts   (PostgreSQL, a fresh schema dropped afterwards)
A lone tap's statements timed one by one: 1,500 check-ins through app.inject.
  (no options)
  TEST_DATABASE_URL=postgres://…   the PostgreSQL database (without it: SQLite)
  --help                           this text
`);

const t = await createTestApp();
const root = await loginSuperAdmin(t.app);
const school = await createSchool(t.app, root, {});
const reader = await createReader(t.app, root, { schoolId: school.id });
const N = 1500;
const cards = Array.from({ length: N }, (_, i) => `C${(0x10000000 + i).toString(16).toUpperCase()}`);
await insertCardStudents(t.app.db, school.id, cards, 'trace');
const times = new Map<string, number[]>();
let current: string[] | null = null;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const a0 = args[0] as string | { text: string; name?: string };
  const text = typeof a0 === 'string' ? a0 : a0.text;
  const t0 = performance.now();
  const r = (orig as (...x: unknown[]) => unknown).apply(this, args);
  if (current && r && typeof (r as Promise<unknown>).then === 'function') {
    const key = (typeof a0 === 'string' ? 'U ' : 'N ') + text.slice(0, 60).replace(/\s+/g, ' ');
    void (r as Promise<unknown>).then(() => record(key, performance.now() - t0));
  }
  return r as never;
} as typeof pg.Client.prototype.query;
const record = (key: string, ms: number) => {
  const l = times.get(key) ?? [];
  l.push(ms);
  times.set(key, l);
};
// better-sqlite3 runs a statement synchronously, commit (and its fsync) included.
const statementProto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<string, unknown>;
for (const m of ['run', 'all', 'get'] as const) {
  const original = statementProto[m] as (...a: unknown[]) => unknown;
  statementProto[m] = function (this: SQLite.Statement, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      if (current) record(`S ${this.source.slice(0, 60).replace(/\s+/g, ' ')}`, performance.now() - t0);
    }
  };
}
const total: number[] = [];
const now = Date.now();
for (let i = 0; i < N; i++) {
  if (i === 100) current = [];
  const t0 = performance.now();
  const res = await postTaps(t.app, reader.token, {
    eventId: `e${i}`,
    cardUid: cards[i],
    tappedAt: new Date(now - 60_000 + i).toISOString(),
  });
  if (res.statusCode >= 300) throw new Error(res.body);
  if (current) total.push(performance.now() - t0);
}
const med = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)]!;
console.log(`per tap (inject, median of ${total.length}): ${med(total).toFixed(2)} ms`);
let sum = 0;
for (const [k, l] of times) {
  if (l.length < total.length / 2) continue;
  sum += med(l) * (l.length / total.length);
  console.log(`${med(l).toFixed(2)} ms ×${(l.length / total.length).toFixed(2)}  ${k}`);
}
console.log(`statements: ${sum.toFixed(2)} ms per tap`);
await t.close();
