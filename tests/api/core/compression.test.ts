import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '@core/audit-log';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp, WANT_TOKEN } from '../../helpers/app';

/** API answers go compressed to a client that accepts it (server/core/http/compression.ts). */
describe(`compressed answers (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const get = (url: string, acceptEncoding?: string) =>
    as(token)(t.app, { method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    // A page of system logs well over the 1 KB threshold.
    for (let i = 0; i < 40; i += 1)
      await writeLog(
        t.app.db,
        { role: 'SUPER_ADMIN', userId: 1, name: 'Root', email: SUPER_ADMIN.email },
        { action: 'UPDATE_SCHOOL', entity: 'School', entityId: i, details: { note: `entry ${i}` } },
      );
  });
  afterAll(async () => t.close());

  it('sends a JSON page brotli-compressed to a browser, and the same JSON plain to a client that asks for none', async () => {
    const plain = await get('/api/super-admin/system-logs?limit=40');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/super-admin/system-logs?limit=40', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip, CSV exports included', async () => {
    const csv = await get('/api/super-admin/system-logs?format=csv', 'gzip');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/super-admin/system-logs?format=csv');
    expect(gunzipSync(csv.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const small = await get('/api/super-admin/system-logs?limit=1', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: the sign-in refuses it as malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: { ...WANT_TOKEN, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(SUPER_ADMIN)),
    });
    // With request decompression on, this would sign in (200 and a token).
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed JSON body' });
  });
});
