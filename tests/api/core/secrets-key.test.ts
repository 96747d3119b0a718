import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createSecretBox } from '@core/secrets/secrets';
import { verifySecretsKey, WRONG_KEY_MESSAGE } from '@core/secrets/secrets-key-check';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';

/*
 * A server started with another secrets key would answer 500 on the device list, detail, update
 * and delete (the stored API keys do not decrypt), so the start is refused with one clear line.
 */
const otherKey = () => createSecretBox(randomBytes(32));

describe(`secrets key check (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const token = await loginSuperAdmin(t.app);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      payload: { name: 'Gate', deviceName: 'Pixel', phoneNumber: '+639171112222', apiKey: 'KEY-1234-abcd' },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses to start with another key, in one clear line, and starts with the right one', async () => {
    const wrong = { ...t.app.config, secretsKey: randomBytes(32).toString('base64') };
    await expect(buildApp(wrong, { db: t.app.db })).rejects.toThrow(WRONG_KEY_MESSAGE);
    await expect(verifySecretsKey(t.app.db, t.app.secrets)).resolves.toBeUndefined();
    expect(WRONG_KEY_MESSAGE).not.toContain('\n');
  });

  it('an installation from before the check proves its key with a stored secret, then keeps a check value', async () => {
    await t.app.db.deleteFrom('appSettings').execute();
    await expect(verifySecretsKey(t.app.db, otherKey())).rejects.toThrow(WRONG_KEY_MESSAGE);
    expect(await t.app.db.selectFrom('appSettings').selectAll().execute()).toEqual([]);
    await verifySecretsKey(t.app.db, t.app.secrets);
    const [row] = await t.app.db.selectFrom('appSettings').select(['name', 'value']).execute();
    expect(row!.name).toBe('secrets_key_check');
    // A check value, not the key: 43 base64url characters of an HMAC.
    expect(row!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.value).not.toBe(t.app.config.secretsKey);
  });

  it('npm start (server/main.ts) prints the line and exits 1 before listening', () => {
    if (dbKind !== 'sqlite') return; // the process runs on the data directory's SQLite file
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        DATABASE_URL: '',
        PORT: '4999',
        SECRETS_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'silent',
        STATIC_DIR: path.join(t.dataDir, 'no-site'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(WRONG_KEY_MESSAGE);
  });
});
