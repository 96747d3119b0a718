import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { createReader, postTaps } from '../../helpers/rfid';
import { networkMessage, READER_MESSAGES } from '@domain/rfid';
import { hashToken } from '@core/auth/passwords';

/** /api/super-admin/rfid-readers — CRUD, token shown once and stored hashed, rotation. */
describe(`RFID readers API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
  });
  afterAll(() => t.close());

  it('creates a reader: the token is in the answer once, stored only as its hash, never listed', async () => {
    const res = await api({
      method: 'POST',
      url: '/api/super-admin/rfid-readers',
      payload: { name: ' Gate A ', location: 'North', schoolId },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Gate A',
      location: 'North',
      schoolId,
      kind: 'HTTP',
      isActive: true,
      lastSeenAt: null,
      allowedNetworks: null,
    });
    expect(created.token).toMatch(/^rdr_[A-Za-z0-9_-]{43}$/);
    expect(created.tokenHint).toBe(`••••${created.token.slice(-4)}`);
    const row = await t.app.db.selectFrom('rfidReaders').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(created.token));
    const list = await api({ method: 'GET', url: '/api/super-admin/rfid-readers' });
    expect(list.body).not.toContain(created.token);
    expect(list.json().data.find((r: { id: number }) => r.id === created.id)).toMatchObject({
      school: { acronym: expect.any(String) },
    });
    const log = (await logsOf(t.app, 'CREATE_RFID_READER'))[0];
    expect(log?.entityId).toBe(String(created.id));
    expect(JSON.stringify(log)).not.toContain(created.token);
  });

  it('validates with clear messages and writes nothing', async () => {
    const before = (await t.app.db.selectFrom('rfidReaders').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ schoolId }, 400, READER_MESSAGES.name],
      [{ name: 'X' }, 400, READER_MESSAGES.school],
      [{ name: 'X', schoolId: 999999 }, 404, 'School not found'],
      [{ name: 'X', schoolId, kind: 'ZKTECO' }, 400, READER_MESSAGES.serial],
      [{ name: 'X', schoolId, kind: 'BLE' }, 400, READER_MESSAGES.kind],
      [{ name: 'X', schoolId, allowedNetworks: ['10.0.0.0/33'] }, 400, networkMessage('10.0.0.0/33')],
    ];
    for (const [payload, status, message] of cases) {
      const res = await api({ method: 'POST', url: '/api/super-admin/rfid-readers', payload });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.db.selectFrom('rfidReaders').select('id').execute()).length).toBe(before);
  });

  it('refuses a second reader with the same serial number (409)', async () => {
    await createReader(t.app, token, { schoolId, kind: 'ZKTECO', serialNumber: 'CQZ7232460001' });
    const res = await api({
      method: 'POST',
      url: '/api/super-admin/rfid-readers',
      payload: { name: 'Y', schoolId, kind: 'ZKTECO', serialNumber: 'CQZ7232460001' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(READER_MESSAGES.duplicateSerial);
  });

  it('edits, deactivates and deletes a reader (404 for unknown ids)', async () => {
    const r = await createReader(t.app, token, { schoolId, name: 'Edit me' });
    const patch = await api({
      method: 'PATCH',
      url: `/api/super-admin/rfid-readers/${r.id}`,
      payload: { name: 'Edited', isActive: false, allowedNetworks: '192.168.1.0/24, 10.0.0.7' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data).toMatchObject({ name: 'Edited', isActive: false, allowedNetworks: ['192.168.1.0/24', '10.0.0.7'] });
    expect((await logsOf(t.app, 'UPDATE_RFID_READER'))[0]?.details).toMatchObject({
      changes: { name: { from: 'Edit me', to: 'Edited' } },
    });
    expect(
      (await api({ method: 'PATCH', url: `/api/super-admin/rfid-readers/${r.id}`, payload: { kind: 'ZKTECO' } })).json().message,
    ).toBe(READER_MESSAGES.serial);
    expect((await api({ method: 'DELETE', url: `/api/super-admin/rfid-readers/${r.id}` })).statusCode).toBe(200);
    const gone = await api({ method: 'GET', url: `/api/super-admin/rfid-readers/${r.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(READER_MESSAGES.notFound);
    expect((await api({ method: 'DELETE', url: '/api/super-admin/rfid-readers/abc' })).statusCode).toBe(404);
  });

  it('rotating the token returns a new one once; the old token stops working', async () => {
    const r = await createReader(t.app, token, { schoolId });
    const res = await api({ method: 'POST', url: `/api/super-admin/rfid-readers/${r.id}/rotate-token` });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token as string;
    expect(fresh).not.toBe(r.token);
    const tap = { eventId: 'rot-1', cardUid: 'AA', tappedAt: new Date().toISOString() };
    expect((await postTaps(t.app, r.token, tap)).statusCode).toBe(401);
    expect((await postTaps(t.app, fresh, tap)).statusCode).toBe(201);
    expect((await logsOf(t.app, 'ROTATE_RFID_READER_TOKEN'))[0]?.entityId).toBe(String(r.id));
  });

  it('is for super admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/super-admin/rfid-readers' });
    expect(res.statusCode).toBe(401);
  });
});
