/**
 * bench:outbox — notification outbox throughput against the stand-in httpSMS gateway (a real HTTP server on
 * 127.0.0.1). Writes N attendance intents for N students of one school with one unlimited device, then runs the
 * worker (the same claim → expand → send passes the server runs) until every message is SENT.
 *
 *   npm run bench:outbox -- [--messages 2000] [--concurrency 5]                        # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:outbox -- --messages 2000
 *
 * Reports messages/s for the whole drain (intent expansion included), this process's CPU per message (the
 * server's side only: the gateway runs as its own process, bench/gateway-process.ts) and the gateway's counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '@core/config';
import { testConfig } from '../tests/helpers/config';
import { createDb } from '@core/db/index';
import { startScript } from '../tests/helpers/processes';
import { seedOutboxLoad } from '../tests/fixtures/outbox-load';
import { parseArgs } from './lib';

const USAGE = `
Usage: npm run bench:outbox -- [options]   (or npx tsx bench/outbox.ts [options])
Outbox drain against the stand-in httpSMS gateway: N attendance intents sent until all are SENT; messages/s.
  --messages <n>        attendance intents, one message each (default 2000)
  --concurrency <n>     sends in flight (default 5)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const N = Number(args.get('messages') ?? 2000);
const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
if (url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
}

const gateway = await startScript('bench/gateway-process.ts', process.env, /GATEWAY (\S+)\n/);
const gw = { url: gateway.match[1]! };
const config = testConfig(dataDir, {
  smsGatewayUrl: gw.url,
  databaseUrl: url,
  pgSchema: schema,
  outbox: { ...loadConfig({}).outbox, enabled: false, batchSize: 50, concurrency: Number(args.get('concurrency') ?? 5) },
});
const db = createDb({ databaseUrl: url, sqliteFile: config.sqliteFile, pgSchema: schema });
const app = await buildApp(config, { db });

await seedOutboxLoad(db, app.secrets, N);

const started = performance.now();
const cpu0 = process.cpuUsage();
let passes = 0;
for (;;) {
  passes += 1;
  const handled = await app.outbox.runOnce();
  if (handled === 0) break;
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
const sent = await db
  .selectFrom('smsNotifications')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('status', '=', 'SENT')
  .executeTakeFirstOrThrow();

console.log(
  `outbox drain on ${url ? 'PostgreSQL' : 'SQLite'}: ${N} intents → ${Number(sent.n)} SMS SENT in ${seconds.toFixed(2)} s`,
);
console.log(
  `  throughput: ${(Number(sent.n) / seconds).toFixed(0)} messages/s (${passes} worker passes, batch 50, ${config.outbox.concurrency} sends in flight)`,
);
console.log(`  server CPU: ${((cpu.user + cpu.system) / 1000 / Number(sent.n)).toFixed(3)} ms a message (user + system)`);

await app.close();
await db.destroy();
await gateway.stop();
const done = /GATEWAY DONE (\d+) (\d+)/.exec(gateway.output());
console.log(`  gateway: ${done?.[1] ?? '?'} messages, ${done?.[2] ?? '?'} requests`);
if (url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema ${schema} cascade`);
  await c.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });
