/**
 * bench:rush — a school's morning rush through the real outbox and the stand-in httpSMS gateway, in compressed time.
 *
 * One school of N learners (default 1,500), each with a card: arrivals over the hour before the bell (most in its
 * last half hour), the bell at 07:30 with its late spike, 8 % absent at the absence cutoff (08:00). Every tap goes
 * through the real intake (POST /api/rfid/taps), so the school's rules decide on time or LATE; the absence job marks
 * the absent at the cutoff; the outbox worker (claim → expand → pace → send) hands the notices to the school's
 * phones, which the stand-in gateway paces as httpSMS does. The server's clock and the gateway's move together one
 * second at a time, as fast as the machine runs them.
 *
 *   npm run bench:rush                                  # 1,500 learners; 1, 3 and 6 phones at 20 a minute
 *   npm run bench:rush -- --learners 800 --phones 2,4 --rate 10
 *
 * Reports per phone count: p50/p95 from tap to sent per notice kind, how many expired or folded, the most any phone
 * was handed in a minute against its rate, duplicates, and what the planner (server/features/outbox/capacity.ts)
 * predicted for the same notices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '@core/config';
import { percentile, phonesNeeded, replay, type QueuedNotice } from '../../server/features/outbox/capacity';
import { testConfig } from '../../tests/helpers/config';
import { testClock } from '../../tests/helpers/clock';
import { startStandInGateway } from '../../tests/fixtures/sms-gateway';
import { parseArgs, prng } from '../lib';
import { loginSuperAdmin } from '../../tests/helpers/app';
import {
  ABSENCE_CUTOFF,
  ABSENT_SHARE,
  BELL,
  MIN,
  MORNING_START,
  intakeUntil,
  minutes,
  mostInAMinute,
  passesUntilIdle,
  planMorning,
  setUpSchool,
  TARGET_MS,
  waitingCount,
  ZONE,
} from './morning';

const USAGE = `
Usage: npm run bench:rush -- [options]   (or npx tsx bench/rush.ts [options])
A school's morning rush through the outbox and paced stand-in phones, in compressed time (SQLite, temp dir).
  --learners <n>      learners with a card (default 1500)
  --phones <list>     phone counts to run, comma-separated (default 1,3,6)
  --rate <n>          messages a minute per phone (default 20)
  --seed <n>          the morning's random seed (default 1)
  --help              this text
`;
const args = parseArgs(USAGE);
const LEARNERS = Number(args.get('learners') ?? 1500);
const PHONE_COUNTS = (args.get('phones') ?? '1,3,6').split(',').map(Number);
const RATE = Number(args.get('rate') ?? 20);
const SEED = Number(args.get('seed') ?? 1);

interface Outcome {
  phones: number;
  kinds: Map<string, { delays: number[]; expired: number; folded: number; failed: number }>;
  mostPerMinute: number;
  duplicates: number;
  peakWaiting: number;
  planner: { p95: number | null; expired: number; needed: number | null };
  allDelays: number[];
  expired: number;
  wallSeconds: number;
}

async function runMorning(phones: number): Promise<Outcome> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rush-'));
  const start = MORNING_START();
  const clock = testClock(start);
  clock.stopAt(start);
  const gw = await startStandInGateway({ clock });
  const config = testConfig(dataDir, {
    smsGatewayUrl: gw.url,
    schoolTimezone: ZONE,
    outbox: { ...loadConfig({}).outbox, enabled: false },
  });
  const app = await buildApp(config, { clock });
  try {
    const token = await loginSuperAdmin(app);
    const { reader, cards, devices } = await setUpSchool(app, token, gw, {
      tag: 1,
      name: 'Rush National High School',
      acronym: 'RNHS',
      learners: LEARNERS,
      phones,
      rate: RATE,
    });

    const taps = planMorning(cards, prng(SEED)).map((t) => ({ ...t, node: app, readerToken: reader.token }));
    const intake = { next: 0, absencesRun: false };
    let peakWaiting = 0;
    for (;;) {
      const now = clock.now().getTime();
      await intakeUntil(app.db, taps, intake, clock.now(), 'rush');
      await passesUntilIdle(app);
      await gw.tick();
      if (now % MIN === 0) peakWaiting = Math.max(peakWaiting, await waitingCount(app.db));
      if (
        intake.next >= taps.length &&
        intake.absencesRun &&
        (await waitingCount(app.db)) === 0 &&
        gw.messages.every((m) => m.status !== 'pending')
      )
        break;
      clock.advance(1000);
    }
    // Delivery reports and the last sends of the phones' queues.
    await gw.advance(10_000);

    const rows = await app.db
      .selectFrom('notificationOutbox as o')
      .innerJoin('smsNotifications as s', 's.id', 'o.smsNotificationId')
      .select(['o.idempotencyKey', 'o.eventAt', 's.type', 's.status'])
      .where('o.channel', '=', 'SMS')
      .execute();
    const sentAt = new Map(gw.messages.map((m) => [m.requestId, m.sentAt]));
    const kinds: Outcome['kinds'] = new Map();
    const allDelays: number[] = [];
    let expired = 0;
    for (const row of rows) {
      const kind = kinds.get(row.type) ?? { delays: [], expired: 0, folded: 0, failed: 0 };
      kinds.set(row.type, kind);
      const sent = sentAt.get(row.idempotencyKey);
      if (row.status === 'EXPIRED') {
        kind.expired += 1;
        expired += 1;
      } else if (row.status === 'FOLDED') kind.folded += 1;
      else if (sent && row.eventAt) {
        const delay = Date.parse(sent) - Date.parse(row.eventAt);
        kind.delays.push(delay);
        allDelays.push(delay);
      } else kind.failed += 1;
    }
    const posts = new Map<string, number>();
    for (const p of gw.posts) posts.set(p.requestId, (posts.get(p.requestId) ?? 0) + 1);
    const duplicates = [...posts.values()].filter((n) => n > 1).length;
    const mostPerMinute = Math.max(
      ...devices.map((d) => mostInAMinute(gw.messages.filter((m) => m.from === d.phoneNumber).map((m) => Date.parse(m.at)))),
    );
    // The planner, on the same notices as they were queued.
    const notices: QueuedNotice[] = rows
      .filter((r) => r.eventAt)
      .map((r) => ({ at: Date.parse(r.eventAt!), expires: r.type === 'CHECK_IN' || r.type === 'CHECK_OUT' }));
    const maxDelay = config.outbox.noticeMaxDelayMinutes * MIN;
    const predicted = replay(notices, phones, RATE, maxDelay);
    return {
      phones,
      kinds,
      mostPerMinute,
      duplicates,
      peakWaiting,
      allDelays,
      expired,
      planner: {
        p95: percentile(predicted.delays, 95),
        expired: predicted.expired,
        needed: phonesNeeded(notices, RATE, TARGET_MS, maxDelay),
      },
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await app.close();
    await gw.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `bench:rush — ${LEARNERS} learners, bell ${BELL}, ${ABSENT_SHARE * 100} % absent at ${ABSENCE_CUTOFF}, phones at ${RATE}/min, seed ${SEED}\n`,
);
console.log('| phones | notice | sent | p50 tap→sent | p95 tap→sent | expired | folded | not sent |');
console.log('| -----: | ------ | ---: | -----------: | -----------: | ------: | -----: | -------: |');
const outcomes: Outcome[] = [];
for (const phones of PHONE_COUNTS) {
  const o = await runMorning(phones);
  outcomes.push(o);
  for (const [kind, k] of [...o.kinds].sort()) {
    console.log(
      `| ${phones} | ${kind} | ${k.delays.length} | ${minutes(percentile(k.delays, 50))} | ${minutes(percentile(k.delays, 95))} | ${k.expired} | ${k.folded} | ${k.failed} |`,
    );
  }
}
console.log(
  '\n| phones | p95 (all sent) | expired | planner p95 | planner expired | planner: phones for p95 ≤ 5 min | most handed to a phone in 60 s | duplicates | peak waiting | run |',
);
console.log(
  '| -----: | -------------: | ------: | ----------: | --------------: | ------------------------------: | -----------------------------: | ---------: | -----------: | --: |',
);
for (const o of outcomes) {
  console.log(
    `| ${o.phones} | ${minutes(percentile(o.allDelays, 95))} | ${o.expired} | ${minutes(o.planner.p95)} | ${o.planner.expired} | ${o.planner.needed ?? 'more than 50'} | ${o.mostPerMinute} (rate ${RATE}) | ${o.duplicates} | ${o.peakWaiting} | ${o.wallSeconds.toFixed(0)} s |`,
  );
}
const broken = outcomes.filter((o) => o.mostPerMinute > RATE || o.duplicates > 0);
if (broken.length) {
  console.error(
    `\n✘ a phone was handed more than its rate, or a message was sent twice (phones: ${broken.map((o) => o.phones).join(', ')})`,
  );
  process.exit(1);
}
