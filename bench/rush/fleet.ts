/**
 * bench:fleet — many schools' morning rush at once, on PostgreSQL + Redis with two API nodes, in compressed time.
 *
 * Each school is bench:rush's (morning.ts): its learners' arrivals over the hour before the bell, the late spike,
 * 8 % absent at the cutoff, its phones paced by the stand-in httpSMS gateway. Two app instances (two API nodes: each
 * its own connection pool, its own outbox worker passes, one Redis) share the database, the gateway and one clock,
 * which moves one second at a time: every second, the taps due are posted (a school's reader to one node, the
 * schools split between the nodes), then both nodes run their passes at once, as two servers' workers would, then
 * the gateway's phones send what is due. In one process: the figures are clock times, except the CPU ones.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:fleet                     # 300 × 1,500
 *   DATABASE_URL=… npm run bench:fleet -- --schools 300 --learners 150 --phones 1,2 --rate 4
 *
 * Reports per phones-per-learner group: the median school's p95 from tap to sent and the worst school's, and their
 * ratio (goal ≤ 2; every school has the same morning, so a difference is the outbox's); across all: the most any phone was handed in a minute against its rate, duplicates, and the CPU
 * of the outbox passes per message sent (the stand-in gateway answers in the same process, so its share is in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '@core/config';
import { percentile } from '../../server/features/outbox/capacity';
import { testConfig } from '../../tests/helpers/config';
import { testClock } from '../../tests/helpers/clock';
import { startStandInGateway } from '../../tests/fixtures/sms-gateway';
import { loginSuperAdmin } from '../../tests/helpers/app';
import { createPgSchema, dropPgSchema, parseArgs, prng } from '../lib';
import {
  intakeUntil,
  MIN,
  MORNING_START,
  minutes,
  mostInAMinute,
  passesUntilIdle,
  planMorning,
  setUpSchool,
  waitingCount,
  ZONE,
} from './morning';

const USAGE = `
Usage: DATABASE_URL=postgres://… npm run bench:fleet -- [options]
Many schools' morning rush on PostgreSQL + Redis with two API nodes, in compressed time.
  --schools <n>       schools (default 300)
  --learners <n>      learners with a card per school (default 1500)
  --phones <list>     phones per school, the schools taking each count in turn (default 2,4)
  --rate <n>          messages a minute per phone (default 20)
  --seed <n>          the morning's random seed (default 1)
  REDIS_URL=redis://… the nodes' Redis (default redis://127.0.0.1:6379/7)
  --help              this text
`;
const args = parseArgs(USAGE);
const SCHOOLS = Number(args.get('schools') ?? 300);
const LEARNERS = Number(args.get('learners') ?? 1500);
const PHONES = (args.get('phones') ?? '2,4').split(',').map(Number);
const RATE = Number(args.get('rate') ?? 20);
const SEED = Number(args.get('seed') ?? 1);
const pgUrl = process.env.DATABASE_URL?.trim();
const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379/7';
if (!pgUrl) {
  process.stderr.write('bench:fleet runs on PostgreSQL: set DATABASE_URL\n');
  process.exit(2);
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const started = performance.now();
const schema = await createPgSchema(pgUrl, 'bench_fleet');
// One data directory for both nodes: they share its secrets key, as two servers share SECRETS_KEY.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-'));
const clock = testClock(MORNING_START());
clock.stopAt(MORNING_START());
const gw = await startStandInGateway({ clock });
const nodes: FastifyInstance[] = [];
try {
  for (let n = 0; n < 2; n += 1)
    nodes.push(
      await buildApp(
        testConfig(dataDir, {
          databaseUrl: pgUrl,
          pgSchema: schema,
          redisUrl,
          smsGatewayUrl: gw.url,
          schoolTimezone: ZONE,
          outbox: { ...loadConfig({}).outbox, enabled: false },
        }),
        { clock },
      ),
    );
  const [a, b] = nodes as [FastifyInstance, FastifyInstance];
  const token = await loginSuperAdmin(a);
  const schools = [];
  for (let i = 0; i < SCHOOLS; i += 1) {
    const phones = PHONES[i % PHONES.length]!;
    const s = await setUpSchool(a, token, gw, {
      tag: i + 1,
      name: `Fleet School ${i + 1}`,
      acronym: `FS${i + 1}`,
      learners: LEARNERS,
      phones,
      rate: RATE,
    });
    schools.push({ ...s, phones, node: i % 2 === 0 ? a : b });
  }
  const setUpSeconds = (performance.now() - started) / 1000;
  const taps = schools
    // Every school the same morning (its own cards): a school's p95 then differs from another's only by how the
    // outbox served it.
    .flatMap((s) => planMorning(s.cards, prng(SEED)).map((t) => ({ ...t, node: s.node, readerToken: s.reader.token })))
    .sort((x, y) => x.at - y.at);
  const intake = { next: 0, absencesRun: false };
  let passCpu = 0;
  /** The CPU of the seconds whose passes took rows (the others only looked: nothing due, phones busy). */
  let workCpu = 0;
  let tapCpu = 0;
  const morning = performance.now();
  const cpu0 = process.cpuUsage();
  for (;;) {
    const now = clock.now().getTime();
    const t0 = process.cpuUsage();
    await intakeUntil(a.db, taps, intake, clock.now(), 'fleet');
    tapCpu += cpuMs(t0);
    const p0 = process.cpuUsage();
    const took = await Promise.all([passesUntilIdle(a), passesUntilIdle(b)]);
    const spent = cpuMs(p0);
    passCpu += spent;
    if (took[0] + took[1] > 0) workCpu += spent;
    await gw.tick();
    if (now % MIN === 0 && intake.next >= taps.length && intake.absencesRun && (await waitingCount(a.db)) === 0) {
      if (gw.messages.every((m) => m.status !== 'pending')) break;
    }
    clock.advance(1000);
  }
  const totalCpu = cpuMs(cpu0);
  const morningSeconds = (performance.now() - morning) / 1000;
  await gw.advance(10_000);

  const rows = await a.db
    .selectFrom('notificationOutbox as o')
    .innerJoin('smsNotifications as s', 's.id', 'o.smsNotificationId')
    .select(['o.idempotencyKey', 'o.eventAt', 'o.schoolId', 's.status'])
    .where('o.channel', '=', 'SMS')
    .execute();
  const sentAt = new Map(gw.messages.map((m) => [m.requestId, m.sentAt]));
  const bySchool = new Map<number, { delays: number[]; expired: number }>();
  let sent = 0;
  for (const row of rows) {
    const school = bySchool.get(row.schoolId!) ?? { delays: [], expired: 0 };
    bySchool.set(row.schoolId!, school);
    const at = sentAt.get(row.idempotencyKey);
    if (row.status === 'EXPIRED') school.expired += 1;
    else if (at && row.eventAt) {
      school.delays.push(Date.parse(at) - Date.parse(row.eventAt));
      sent += 1;
    }
  }
  const posts = new Map<string, number>();
  for (const p of gw.posts) posts.set(p.requestId, (posts.get(p.requestId) ?? 0) + 1);
  const duplicates = [...posts.values()].filter((n) => n > 1).length;
  const byPhone = new Map<string, number[]>();
  for (const m of gw.messages) byPhone.set(m.from, [...(byPhone.get(m.from) ?? []), Date.parse(m.at)]);
  const mostPerMinute = Math.max(0, ...[...byPhone.values()].map(mostInAMinute));

  console.log(
    `bench:fleet — ${SCHOOLS} schools × ${LEARNERS} learners, phones ${PHONES.join('/')} per school in turn at ${RATE}/min, ` +
      `two API nodes on PostgreSQL + Redis, seed ${SEED} (${new Date().toISOString()}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
  );
  console.log('| phones per school | schools | median school p95 | worst school p95 | worst ÷ median | expired |');
  console.log('| ----------------: | ------: | ---------------: | ---------------: | -------------: | ------: |');
  let unfair = false;
  for (const phones of [...new Set(PHONES)]) {
    const group = schools.filter((s) => s.phones === phones).map((s) => bySchool.get(s.school.id) ?? { delays: [], expired: 0 });
    const p95s = group.map((g) => percentile(g.delays, 95) ?? 0).sort((x, y) => x - y);
    const median = p95s[Math.floor(p95s.length / 2)] ?? 0;
    const worst = p95s[p95s.length - 1] ?? 0;
    // Under a second both are "at once": no ratio to speak of.
    const ratio = median >= 1000 ? worst / median : null;
    if (ratio != null && ratio > 2) unfair = true;
    const expired = group.reduce((n, g) => n + g.expired, 0);
    console.log(
      `| ${phones} | ${group.length} | ${minutes(median)} | ${minutes(worst)} | ${ratio == null ? '– (median under 1 s)' : ratio.toFixed(2)} | ${expired} |`,
    );
  }
  console.log(
    `\nmessages sent: ${sent}; most handed to one phone in 60 s: ${mostPerMinute} (rate ${RATE}); duplicates: ${duplicates}`,
  );
  console.log(
    `CPU of this process over the morning: ${(totalCpu / 1000).toFixed(1)} s — taps and absence job ${(tapCpu / 1000).toFixed(1)} s, ` +
      `outbox passes of both nodes ${(passCpu / 1000).toFixed(1)} s = ${(passCpu / Math.max(1, sent)).toFixed(2)} ms a message sent; ` +
      `the seconds whose passes took rows ${(workCpu / 1000).toFixed(1)} s = ${(workCpu / Math.max(1, sent)).toFixed(2)} ms a message ` +
      `(both with the in-process gateway's share)`,
  );
  console.log(`set-up ${setUpSeconds.toFixed(0)} s, morning ${morningSeconds.toFixed(0)} s of machine time`);
  if (mostPerMinute > RATE || duplicates > 0 || unfair) {
    console.error(
      '\n✘ a phone was handed more than its rate, a message was sent twice, or a school waited over twice its group median',
    );
    process.exitCode = 1;
  }
} finally {
  for (const node of nodes) await node.close();
  await gw.close();
  await dropPgSchema(pgUrl, schema);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
