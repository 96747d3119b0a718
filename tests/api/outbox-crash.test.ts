import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DB } from '../../server/db/index';
import { createSecretBox, loadSecretKey } from '../../server/lib/secrets';
import { startStandInGateway, type StandInGateway } from '../fixtures/sms-gateway';
import { seedOutboxLoad } from '../fixtures/outbox-load';
import { freePort, REPO_ROOT, waitFor } from '../helpers/processes';

/**
 * SIGKILL of the server in the middle of a queue, then a restart: every queued message reaches the gateway's
 * phone exactly once (the stand-in counts request_ids). A real `server/main.ts` process on a temp SQLite file.
 */
const N = 30;

describe('outbox survives SIGKILL mid-queue (sqlite, real server process)', () => {
  let gw: StandInGateway;
  let db: DB;
  let dataDir: string;
  let child: ChildProcess | null = null;

  const start = async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(dataDir, 'no-site'),
      SMS_GATEWAY_URL: gw.url,
      SUPER_ADMIN_PASSWORD: 'CrashTest123',
      SCRYPT_COST: '1024',
      LOG_LEVEL: 'silent',
      OUTBOX_POLL_MS: '20',
      OUTBOX_LEASE_MS: '1500',
      OUTBOX_BATCH: '10',
      DATABASE_URL: '',
    };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: REPO_ROOT, env, stdio: 'ignore' });
    child = proc;
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true,
      30_000,
      'server start',
    );
    return proc;
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    gw.delayMs = 80;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    db = createDb({ sqliteFile: path.join(dataDir, 'app.db') });
    await migrateToLatest(db);
    // The server process reads the same DATA_DIR/secret.key, so it can decrypt the device key seeded here.
    await seedOutboxLoad(db, createSecretBox(loadSecretKey({ dataDir })), N, 'crash-key');
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await db?.destroy();
    await gw?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every queued message exactly once across the crash', async () => {
    const first = await start();
    await waitFor(() => gw.messages.length >= 8, 30_000, 'first messages');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atCrash = gw.messages.length;
    expect(atCrash).toBeLessThan(N);
    // The killed worker left claimed rows behind ('sending'), which the next process must take over.
    const stuck = await db.selectFrom('notificationOutbox').select('id').where('status', '=', 'sending').execute();
    expect(stuck.length).toBeGreaterThan(0);

    await start();
    const sent = async () =>
      Number(
        (
          await db
            .selectFrom('smsNotifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'SENT')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(async () => (await sent()) === N, 60_000, 'all messages sent');

    const ids = gw.messages.map((m) => m.requestId);
    expect(new Set(ids).size).toBe(N);
    expect(ids).toHaveLength(N);
    expect([...new Set(ids)].sort()).toEqual(Array.from({ length: N }, (_, i) => `CHECK_IN:attendance:${i + 1}:SMS`).sort());
    // Resends happened only for messages in flight at the crash, and the request_id kept them from going twice.
    const posts = gw.posts.filter((p) => p.status === 200).length;
    expect(posts - N).toBeLessThanOrEqual(5);
    const notes = await db.selectFrom('smsNotifications').select('requestId').execute();
    expect(notes).toHaveLength(N);
  }, 120_000);
});
