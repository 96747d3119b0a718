/**
 * The e2e server: the REAL app (server/app.ts) on a fresh temp DATA_DIR, serving the built site.
 * Playwright starts it (playwright.config.ts `webServer`) and stops it with SIGTERM; the data dir goes with it.
 *
 *   E2E_PORT        port to listen on (default 4399)
 *   E2E_STATIC_DIR  the `astro build` output to serve (default dist)
 *
 * Besides the first super admin (E2E_SUPER_ADMIN), it seeds a second one (E2E_PROFILE_ADMIN) for specs that
 * change a password or profile: a password change revokes that account's other sessions, which must not
 * sign out specs running in parallel with the first account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@core/config';
import { buildApp } from '../../server/app';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import {
  E2E_MESSENGER_APP_SECRET,
  E2E_NOTIFY_STUDENT,
  E2E_PORT,
  E2E_PROFILE_ADMIN,
  E2E_STATIC_DIR,
  E2E_SUPER_ADMIN,
} from './env';
import { startStandInGateway } from '../fixtures/sms-gateway';
import { startStandInGraph } from '../fixtures/graph-api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const staticDir = path.resolve(E2E_STATIC_DIR);
if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.error(`[e2e] ${staticDir} has no index.html: run \`astro build\` first (ASTRO_OUT_DIR=… to build elsewhere).`);
  process.exit(1);
}

// SMS devices send through a stand-in httpSMS gateway (a real HTTP server here), which posts delivery webhooks back.
// Its phones run as httpSMS's do by default (10 messages a minute, each phone on its own), in real time.
const gateway = await startStandInGateway({ defaultPhone: {} });
const SMS_WEBHOOK_SECRET = 'e2e-sms-webhook-secret';
// Messenger replies (an opt-in link refused) go to a stand-in Graph API, never to Facebook.
const graph = await startStandInGraph();

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '', // always a fresh SQLite file, whatever the shell exports
  STATIC_DIR: staticDir,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  SUPER_ADMIN_EMAIL: E2E_SUPER_ADMIN.email,
  SUPER_ADMIN_PASSWORD: E2E_SUPER_ADMIN.password,
  // Every spec signs in, several times; the real limits are covered by tests/api/auth/auth.test.ts.
  LOGIN_RATE_PER_MINUTE: '10000',
  LOGIN_RATE_PER_EMAIL: '10000',
  // Hundreds of sign-ins and created accounts: the cheapest allowed hash (60 ms of CPU each at the default cost).
  SCRYPT_COST: '1024',
  PUBLIC_FORM_RATE_PER_MINUTE: process.env.PUBLIC_FORM_RATE_PER_MINUTE ?? '10000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SMS_GATEWAY_URL: gateway.url,
  SMS_WEBHOOK_SECRET,
  OUTBOX_POLL_MS: '200',
  GRAPH_API_URL: graph.url,
  MESSENGER_APP_SECRET: E2E_MESSENGER_APP_SECRET,
});
gateway.webhook = { url: `http://127.0.0.1:${config.port}/api/webhooks/sms`, secret: SMS_WEBHOOK_SECRET, delayMs: 1500 };

const app = await buildApp(config);

const now = nowIso();
await app.db
  .insertInto('superAdmins')
  .values({
    email: E2E_PROFILE_ADMIN.email,
    passwordHash: await hashPassword(E2E_PROFILE_ADMIN.password, config.scryptCost),
    firstName: E2E_PROFILE_ADMIN.firstName,
    lastName: E2E_PROFILE_ADMIN.lastName,
    accessLevel: 2,
    createdAt: now,
    updatedAt: now,
  })
  .execute();

const notifySchool = await app.db
  .insertInto('schools')
  .values({ name: E2E_NOTIFY_STUDENT.school, acronym: E2E_NOTIFY_STUDENT.acronym, isActive: 1, createdAt: now, updatedAt: now })
  .returning('id')
  .executeTakeFirstOrThrow();
await app.db
  .insertInto('students')
  .values({
    firstName: E2E_NOTIFY_STUDENT.firstName,
    lastName: E2E_NOTIFY_STUDENT.lastName,
    email: 'e2e-notify@school.test',
    passwordHash: 'x',
    lrn: E2E_NOTIFY_STUDENT.lrn,
    parentPhone: '+639171230000',
    schoolId: notifySchool.id,
    isActive: 1,
    isArchived: 0,
    createdAt: now,
    updatedAt: now,
  })
  .execute();

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  try {
    await app.close();
    await gateway.close();
    await graph.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
console.log(`[e2e] serving ${staticDir} on http://127.0.0.1:${config.port} (data: ${dataDir})`);
