import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DB } from '@core/db/index';
import { createSecretBox, loadSecretKey } from '@core/secrets/secrets';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { seedOutboxLoad } from '../../fixtures/outbox-load';
import { dbKind } from '../../helpers/app';
import { createEmptyPgDatabase } from '../../helpers/template-db';
import { startScript, waitFor, type ScriptProcess } from '../../helpers/processes';

/**
 * SIGKILL of a real server process (scripts/serve.ts) in the middle of a drain, then a restart,
 * against a stand-in gateway that NEVER de-duplicates request_id (httpSMS does not promise to) and answers after
 * 1–2 s, so several sends are in flight at the kill. Every message reached the gateway once, or is UNCERTAIN in
 * the history with its reason: 0 duplicates, 0 silent losses. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
const N = 30;
const PG_URL = process.env.TEST_DATABASE_URL;

describe(`outbox across SIGKILL mid-drain (${dbKind}, real server process, gateway without de-duplication)`, () => {
  let gw: StandInGateway;
  let db: DB;
  let dataDir: string;
  let database: { url: string; schema: string } | undefined;
  const procs: ScriptProcess[] = [];

  const start = async () => {
    const env = {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      PG_SCHEMA: database?.schema ?? '',
      SMS_GATEWAY_URL: gw.url,
      SUPER_ADMIN_PASSWORD: 'CrashTest123',
      SCRYPT_COST: '1024',
      LOG_LEVEL: 'silent',
      ABSENCE_JOB: '0',
      // Load shedding (503) is tested on its own; a loaded test machine must not trip it here.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      OUTBOX_POLL_MS: '20',
      OUTBOX_LEASE_MS: '3000',
      OUTBOX_BATCH: '10',
      OUTBOX_CONCURRENCY: '5',
      OUTBOX_BASE_DELAY_MS: '200',
    };
    const proc = await startScript('scripts/serve.ts', env, /PORT (\d+)/);
    procs.push(proc);
    return proc;
  };

  /** A fresh database (temp SQLite file, or an empty PostgreSQL database) with N queued CHECK_IN intents. */
  const seed = async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    database = PG_URL ? await createEmptyPgDatabase(PG_URL) : undefined;
    db = createDb({ databaseUrl: database?.url, pgSchema: database?.schema, sqliteFile: path.join(dataDir, 'app.db') });
    await migrateToLatest(db, database?.schema);
    // The server process reads the same DATA_DIR/secret.key, so it can decrypt the device key seeded here.
    await seedOutboxLoad(db, createSecretBox(loadSecretKey({ dataDir })), N, 'crash-key');
  };

  /** Runs the first process until messages are at the gateway and answers are still outstanding, then SIGKILL. */
  const crashMidDrain = async () => {
    const first = await start();
    await waitFor(() => gw.messages.length >= 8, 60_000, 'first messages at the gateway');
    first.child.kill('SIGKILL');
    await first.stop();
    // Some sends were at the gateway without their answer: recorded in flight, outcome unknown to us.
    const inFlight = await db
      .selectFrom('notificationOutbox')
      .select(['idempotencyKey'])
      .where('channel', '=', 'SMS')
      .where('inflightAt', 'is not', null)
      .execute();
    expect(inFlight.length).toBeGreaterThan(0);
    expect(gw.messages.length).toBeLessThan(N);
    return inFlight.map((r) => r.idempotencyKey);
  };

  const history = () => db.selectFrom('smsNotifications').select(['requestId', 'status', 'failureReason']).execute();
  const settled = async () => (await history()).filter((n) => n.status !== 'PENDING').length === N;
  const sendsOf = () => {
    const count = new Map<string, number>();
    for (const m of gw.messages) count.set(m.requestId, (count.get(m.requestId) ?? 0) + 1);
    return count;
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    gw.dedupe = false;
    gw.delayMs = 1000;
    gw.delayJitterMs = 1000;
  });

  afterEach(async () => {
    for (const p of procs.splice(0)) await p.stop();
    await db?.destroy();
    database = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    gw.messages.length = 0;
    gw.posts.length = 0;
    gw.listDown = false;
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('the gateway can be asked: the sends in flight at the kill are found by request_id, none is sent twice, all SENT', async () => {
    await seed();
    const inFlight = await crashMidDrain();
    await start();
    await waitFor(settled, 90_000, 'every message settled');

    const notes = await history();
    expect(notes.map((n) => n.status)).toEqual(Array(N).fill('SENT'));
    const sends = sendsOf();
    expect([...sends.keys()].sort()).toEqual(notes.map((n) => n.requestId).sort());
    expect([...sends.values()].filter((c) => c !== 1)).toEqual([]);
    for (const key of inFlight) expect(sends.get(key)).toBe(1);
  }, 150_000);

  it('the gateway cannot be asked after the restart: the sends in flight are UNCERTAIN with the reason, never resent', async () => {
    await seed();
    const inFlight = await crashMidDrain();
    gw.listDown = true;
    await start();
    await waitFor(settled, 90_000, 'every message settled');

    const notes = await history();
    const sends = sendsOf();
    // 0 duplicates: no request_id reached the gateway twice.
    expect([...sends.values()].filter((c) => c !== 1)).toEqual([]);
    const uncertain = notes.filter((n) => n.status === 'UNCERTAIN');
    expect(uncertain.map((n) => n.requestId).sort()).toEqual([...inFlight].sort());
    for (const n of uncertain) {
      expect(n.failureReason).toBe(
        'Outcome unknown: the send through Gate phone was interrupted and the gateway could not say whether it took the message (SMS gateway 503: service unavailable). Check the phone, then Resend or Dismiss.',
      );
    }
    // 0 silent losses: every other message is SENT and at the gateway exactly once.
    const others = notes.filter((n) => n.status !== 'UNCERTAIN');
    expect(others.map((n) => n.status)).toEqual(Array(N - uncertain.length).fill('SENT'));
    for (const n of others) expect(sends.get(n.requestId!)).toBe(1);
  }, 150_000);
});
