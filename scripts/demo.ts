/**
 * `npm run demo`: the product with a demo data set (scripts/demo-data.ts), a local stand-in httpSMS gateway (a
 * real HTTP server whose phones send at their pace in real time and post sent and delivery webhooks back) and the
 * demo schools' readers tapping cards, so that Attendance History and SMS History fill within a minute. SJNHS has
 * phones enough for its morning rush; RES has one at httpSMS's default pace, too few, so its messages wait at the
 * phone and reach parents late. DEMO_PHONES=instant makes every phone send at once instead (for runs at a speed
 * where a real phone's minute covers hours of the school's day). Data lives in DEMO_DATA_DIR (default
 * ./data/demo), wiped on each start. Ctrl-C (or SIGTERM) stops everything.
 *
 * The taps are real: each reader posts to POST /api/rfid/taps on this server over HTTP with its own token (the
 * reader simulator's client, scripts/reader-sim.ts), so each tap goes the whole way — attendance record, intent,
 * outbox, gateway, delivery webhook. They play school days (scripts/school-day.ts) on a shifted school clock
 * (scripts/demo-clock.ts) that the server runs on too: today from 07:00, DEMO_SPEED times faster, mornings and
 * afternoons only, then the next day and the next, so arrivals, late arrivals, absences and check-outs keep coming
 * whatever the hour. The demo schools have classes every day, so a weekend start works the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../server/app';
import { loadConfig } from '@core/config';
import { localDate, localTime } from '@core/time/time';
import { INSTANT_PHONE, startStandInGateway } from '../tests/fixtures/sms-gateway';
import { seedCatalogue } from './demo-catalogue';
import { seedDemo, type DemoSchool } from './demo-data';
import { playTaps, readerClient } from './reader-sim';
import { schoolDays } from './school-day';
import { DEMO_SPANS, demoClock } from './demo-clock';
import { AWAY_DAYS } from './demo-year';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? path.join(root, 'data', 'demo'));
const staticDir = path.resolve(process.env.STATIC_DIR ?? path.join(root, 'dist'));
const port = Number(process.env.PORT ?? 4321);
const email = process.env.SUPER_ADMIN_EMAIL ?? 'demo@example.com';
const password = process.env.SUPER_ADMIN_PASSWORD ?? 'DemoPass123';
const speed = Number(process.env.DEMO_SPEED ?? 120);
const instantPhones = process.env.DEMO_PHONES === 'instant';
/** The simulated clock starts on today's date at this local time, in the morning rush. */
const DEMO_START = '07:00';

if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.log(`No built site in ${staticDir}: building it (astro build)…`);
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'astro'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_OUT_DIR: staticDir },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

// Real time: phones as httpSMS runs them (a number the demo did not declare gets httpSMS's defaults).
const gateway = await startStandInGateway({ defaultPhone: instantPhones ? INSTANT_PHONE : {} });
const webhookSecret = randomBytes(24).toString('base64url');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  STATIC_DIR: staticDir,
  PORT: String(port),
  SUPER_ADMIN_EMAIL: email,
  SUPER_ADMIN_PASSWORD: password,
  SMS_GATEWAY_URL: gateway.url,
  SMS_WEBHOOK_SECRET: webhookSecret,
  OUTBOX_POLL_MS: '500',
  // A notice expires 24 h after its event here, not at the end of its school day: this clock skips each night, so a
  // check-out notice still queued at 17:30 would pass midnight at once (at DEMO_SPEED=1200, 16 simulated minutes
  // after a 17:14 departure are 0.8 real seconds). A real evening gives the outbox hours.
  OUTBOX_ATTENDANCE_EXPIRY: '24',
  // An arrival or departure notice expires 30 simulated minutes after its tap by default: at least a real minute
  // here, so a back gate's 8-second drop, the replay of its buffer and a busy machine's pauses are still told at a
  // high DEMO_SPEED (15 real seconds expired a check-out while the test suite ran beside the demo).
  ATTENDANCE_NOTICE_MAX_DELAY: String(Math.max(30, speed)),
  // The school clock runs DEMO_SPEED times faster: the absence job looks every second.
  ABSENCE_JOB: '1',
  ABSENCE_JOB_SECONDS: '1',
  // Sessions expire on that clock too, and it skips each night: a year of it (the longest a session may be
  // configured to last) lasts many real hours at the default speed.
  SESSION_IDLE_HOURS_STAFF: '8760',
  SESSION_MAX_HOURS_STAFF: '8760',
  SESSION_IDLE_HOURS_STUDENT: '8760',
  SESSION_MAX_HOURS_STUDENT: '8760',
  // A gate's pairing code expires on that clock as well: a year of it gives a person time to pair.
  GATE_PAIRING_MINUTES: '525600',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const firstDay = localDate(new Date(), config.schoolTimezone);
const clock = demoClock({ timeZone: config.schoolTimezone, firstDay, startAt: DEMO_START, rate: speed });
const app = await buildApp(config, { clock });
const deviceKey = `demo-${randomBytes(12).toString('hex')}`;
gateway.keys.add(deviceKey);
gateway.webhook = { url: `http://127.0.0.1:${port}/api/webhooks/sms`, secret: webhookSecret, delayMs: 3000 };
const schools = await seedDemo(app.db, app.secrets, deviceKey, config.schoolTimezone, clock.now(), config.scryptCost);
await seedCatalogue(app.db, new Date());
for (const phone of schools.flatMap((s) => s.phones))
  gateway.addPhone(phone.number, { messagesPerMinute: instantPhones ? 0 : phone.perMinute });
const phoneLines = schools.map(
  (s) =>
    `${s.acronym} ${s.phones.length} phone${s.phones.length === 1 ? '' : 's'} × ${instantPhones ? 'no limit' : `${s.phones[0]!.perMinute}/min`}`,
);
await app.listen({ port, host: config.host });

/**
 * One gate station per school, made through the API as staff would: its pairing code for /gate, and a card of the
 * school to type there (Settings → Try a card, since a person types slower than a USB reader's burst).
 */
async function gateStations() {
  const login = await app.inject({
    method: 'POST',
    url: '/api/super-admin/login',
    headers: { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
    payload: { email, password },
  });
  const headers = { authorization: `Bearer ${login.json().data.token as string}` };
  const lines: string[] = [];
  for (const s of schools) {
    const payload = { name: `${s.acronym} Gate Station`, location: 'Main gate', schoolId: s.id, kind: 'GATE' };
    const reader = await app.inject({ method: 'POST', url: '/api/super-admin/rfid-readers', headers, payload });
    const url = `/api/super-admin/rfid-readers/${reader.json().data.id as number}/pairing-code`;
    const code = (await app.inject({ method: 'POST', url, headers })).json().data.code as string;
    lines.push(`${s.acronym} pairing code ${code} (a card to type: ${s.students[0]!.card} ${s.students[0]!.name})`);
  }
  return lines;
}
const gates = await gateStations();

const spans = DEMO_SPANS.map((s) => `${s.from}–${s.to}`).join(' and ');
console.log(`
Demo running on http://localhost:${port}
  Sign in:   ${email} / ${password}   (http://localhost:${port}/login)
${schools.map((s) => `  School:    ${s.admin.email} / ${s.admin.password}   (${s.acronym}'s admin: the school-admin console)`).join('\n')}
  Watch:     http://localhost:${port}/super-admin/attendance-history  and  /super-admin/sms-history
             (SENT as each tap's message reaches the gateway, DELIVERED ~3 s after its phone sends it)
  Readers:   ${schools.flatMap((s) => s.readers.map((r) => r.name)).join(', ')}: school days on a
             simulated clock from ${firstDay} ${DEMO_START}, ${speed}× faster, showing ${spans} of each day
             (late cutoff ${schools[0]!.lateCutoff}, absences at 10:00, ${config.schoolTimezone})
  Gate:      http://localhost:${port}/gate — ${gates.join('; ')}
  Forms:     school year ${schools[0]!.year.start} to ${schools[0]!.year.end}, attendance since its start (SF1, SF2 and SF4 at
             /super-admin/schools/<id>/sf2); each school's first Sampaguita section has a late enrolment, a transfer in
             and out, a drop-out, an NLPA learner and one absent ${AWAY_DAYS} class days in a row (its Section Day)
  Gateway:   stand-in httpSMS at ${gateway.url} (phones send at their pace, post sent and delivery webhooks)
  Phones:    ${phoneLines.join(', ')}${instantPhones ? ' (DEMO_PHONES=instant)' : ' (SJNHS has enough for its rush; RES too few: its messages wait at the phone)'}
  Data:      ${dataDir} (wiped on the next start)
Ctrl-C stops the demo.
`);

/** Messages waiting on a school's phones at the gateway (its rush shows here when it has too few). */
const waiting = (school: DemoSchool) => school.phones.reduce((n, p) => n + (gateway.phones.get(p.number)?.queue.length ?? 0), 0);
const stop = new AbortController();
const readers = schools.flatMap((school) =>
  school.readers.map((reader, gate) => {
    const names = new Map(school.students.map((s) => [s.card, s.name]));
    const client = readerClient(
      { url: `http://127.0.0.1:${port}`, kind: 'HTTP', token: reader.token },
      {
        onAnswer: (tap, a) =>
          console.log(
            `  ${localDate(tap.tappedAt, school.timeZone)} ${localTime(tap.tappedAt, school.timeZone)}  ${reader.name.padEnd(15)} ${(names.get(tap.cardUid) ?? `card ${tap.cardUid}`).padEnd(20)} ${a.outcome}${a.replayed ? ' (replayed)' : ''}   gateway: ${gateway.messages.length} SMS, ${waiting(school)} waiting on ${school.acronym}'s phones`,
          ),
        onError: (err) => console.error(`  ${reader.name}: ${String(err)}`),
      },
    );
    const taps = schoolDays({ firstDay, cards: reader.cards, rules: school, pace: clock.msUntil, signal: stop.signal });
    // The back gates drop off the network now and then and replay their buffer, as real readers do.
    return playTaps(taps, client, {
      eventPrefix: `demo-${reader.id}`,
      offline: gate === 1 ? { everyMs: 45_000, forMs: 8_000 } : null,
    });
  }),
);

const shutdown = async () => {
  stop.abort();
  await Promise.all(readers);
  await app.close();
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
