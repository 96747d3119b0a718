/**
 * `npm run demo`: the product with a demo data set, a local stand-in httpSMS gateway (a real HTTP server that
 * records messages and posts delivery webhooks back) and a stream of arrivals, so that SMS History fills within
 * a minute. Data lives in DEMO_DATA_DIR (default ./data/demo), wiped on each start. Ctrl-C stops everything.
 *
 * Arrivals: the RFID reader simulator and POST /api/rfid/taps (issue #11) are not in this branch, so the demo
 * writes what tap intake writes for a notification — an outbox intent through the shared contract
 * (server/services/notification-intents.ts) — every few seconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { writeNotificationIntent, type NotificationType } from '../server/services/notification-intents';
import { startStandInGateway } from '../tests/fixtures/sms-gateway';
import { seedDemo } from './demo-data';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? path.join(root, 'data', 'demo'));
const staticDir = path.resolve(process.env.STATIC_DIR ?? path.join(root, 'dist'));
const port = Number(process.env.PORT ?? 4321);
const email = process.env.SUPER_ADMIN_EMAIL ?? 'demo@example.com';
const password = process.env.SUPER_ADMIN_PASSWORD ?? 'DemoPass123';
const everyMs = Number(process.env.DEMO_TAP_EVERY_MS ?? 4000);

if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.log(`No built site in ${staticDir}: building it (astro build)…`);
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'astro'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_OUT_DIR: staticDir },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

const gateway = await startStandInGateway();
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
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const app = await buildApp(config);
const deviceKey = `demo-${randomBytes(12).toString('hex')}`;
gateway.keys.add(deviceKey);
gateway.webhook = { url: `http://127.0.0.1:${port}/api/webhooks/sms`, secret: webhookSecret, delayMs: 3000 };
const students = await seedDemo(app.db, app.secrets, deviceKey, config.schoolTimezone);
await app.listen({ port, host: config.host });

let n = 0;
const TYPES: NotificationType[] = ['CHECK_IN', 'CHECK_IN', 'CHECK_IN', 'LATE_ARRIVAL', 'CHECK_OUT'];
const timer = setInterval(() => {
  n += 1;
  const student = students[Math.floor(Math.random() * students.length)]!;
  const type = TYPES[n % TYPES.length]!;
  void writeNotificationIntent(
    app.db,
    { type, studentId: student.id, schoolId: student.schoolId, occurredAt: new Date().toISOString() },
    `demo:${Date.now()}:${n}`,
  )
    .then(() => {
      app.outbox.kick();
      console.log(`  arrival: ${student.name} (${type}) → outbox; gateway has ${gateway.messages.length} message(s)`);
    })
    .catch((err: unknown) => console.error('demo arrival failed', err));
}, everyMs);

console.log(`
Demo running on http://localhost:${port}
  Sign in:   ${email} / ${password}   (http://localhost:${port}/login)
  Watch:     http://localhost:${port}/super-admin/sms-history  (a message every ~${Math.round(everyMs / 1000)} s, DELIVERED ~3 s later)
  Devices:   http://localhost:${port}/super-admin/device-management
  Gateway:   stand-in httpSMS at ${gateway.url} (records messages, posts delivery webhooks)
  Data:      ${dataDir} (wiped on the next start)
Ctrl-C stops the demo.
`);

const stop = async () => {
  clearInterval(timer);
  await app.close();
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
