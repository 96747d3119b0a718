import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { SMS_DEVICE_MESSAGES as M } from '@domain/devices/sms-devices';

/** SMS devices: CRUD, masking, encryption at rest, one default per school, the Test call. */
describe(`SMS devices API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({ smsGatewayUrl: gw.url });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('creates a device: 201, the key masked in the answer and in the list, encrypted in the database', async () => {
    const school = await createSchool(t.app, token);
    const apiKey = 'PLAINTEXT-KEY-do-not-store-1234';
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      payload: {
        name: 'Main gate',
        deviceName: 'Samsung Galaxy A14',
        phoneNumber: '+639171112222',
        apiKey,
        schoolId: school.id,
        dailyLimit: '500',
        description: '',
      },
    });
    expect(res.statusCode).toBe(201);
    const device = res.json().data;
    expect(device).toMatchObject({
      name: 'Main gate',
      status: 'ACTIVE',
      dailyLimit: 500,
      isDefault: false,
      description: null,
      school: { name: school.name },
    });
    expect(device.apiKey).toBe('••••••••1234');
    const list = await call({ method: 'GET', url: '/api/super-admin/sms-devices' });
    expect(JSON.stringify(list.json())).not.toContain(apiKey);

    const stored = await t.app.db.selectFrom('smsDevices').select('apiKey').where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(stored.apiKey).not.toContain(apiKey);
    expect(stored.apiKey.startsWith('v1:')).toBe(true);
    if (dbKind === 'sqlite') {
      const dir = path.dirname(t.config.sqliteFile);
      const bytes = fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('app.db'))
        .map((f) => fs.readFileSync(path.join(dir, f)).toString('latin1'))
        .join('');
      expect(bytes).toContain('Main gate');
      expect(bytes).not.toContain(apiKey);
      // …and the key that decrypts it lives in DATA_DIR, not in the database.
      expect(fs.existsSync(path.join(t.config.dataDir, 'secret.key'))).toBe(true);
    }
    const [log] = await logsOf(t.app, 'CREATE_SMS_DEVICE');
    expect(log?.entityId).toBe(String(device.id));
    expect(JSON.stringify(log?.details)).not.toContain(apiKey);

    // The reveal asks the caller's password again: a wrong one is a 400 on the field and reveals nothing.
    const url = `/api/super-admin/sms-devices/${device.id}/api-key`;
    const wrong = await call({ method: 'POST', url, payload: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'Password is incorrect',
      errors: { password: 'Password is incorrect' },
    });
    expect(wrong.body).not.toContain(apiKey);
    expect(await logsOf(t.app, 'REVEAL_SMS_DEVICE_KEY')).toHaveLength(0);
    const missing = await call({ method: 'POST', url, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toContain(apiKey);
    const reveal = await call({ method: 'POST', url, payload: { password: SUPER_ADMIN.password } });
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json().data.apiKey).toBe(apiKey);
    expect((await logsOf(t.app, 'REVEAL_SMS_DEVICE_KEY'))[0]?.entityId).toBe(String(device.id));
  });

  it.each([
    [{ name: ' ' }, 'name', M.name],
    [{ deviceName: '' }, 'deviceName', M.deviceName],
    [{ phoneNumber: '' }, 'phoneNumber', M.phoneNumber],
    [{ phoneNumber: 'call me' }, 'phoneNumber', M.phoneInvalid],
    [{ apiKey: '   ' }, 'apiKey', M.apiKey],
    [{ dailyLimit: -1 }, 'dailyLimit', M.dailyLimit],
    [{ dailyLimit: '2.5' }, 'dailyLimit', M.dailyLimit],
    [{ status: 'BROKEN' }, 'status', M.status],
  ])('refuses %j with 400 and the spec message, writing nothing', async (bad, field, message) => {
    const before = await t.app.db
      .selectFrom('smsDevices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      payload: { name: 'X', deviceName: 'Y', phoneNumber: '+639170000000', apiKey: 'k', ...bad },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    const after = await t.app.db
      .selectFrom('smsDevices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps one default per school: setting a new default unsets the old one (and globals are separate)', async () => {
    const school = await createSchool(t.app, token);
    const a = await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const b = await addDevice(t.app, token, { schoolId: school.id });
    const g = await addDevice(t.app, token, { isDefault: true });
    const res = await call({ method: 'PUT', url: `/api/super-admin/sms-devices/${b.id}`, payload: { isDefault: true } });
    expect(res.statusCode).toBe(200);
    const list = (await call({ method: 'GET', url: `/api/super-admin/sms-devices?schoolId=${school.id}` })).json().data as Array<{
      id: number;
      isDefault: boolean;
    }>;
    expect(list.map((d) => [d.id, d.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const globals = (await call({ method: 'GET', url: '/api/super-admin/sms-devices?schoolId=global' })).json().data as Array<{
      id: number;
      isDefault: boolean;
    }>;
    expect(globals.find((d) => d.id === g.id)?.isDefault).toBe(true);
    // The database refuses a second default too, whatever writes it.
    await expect(t.app.db.updateTable('smsDevices').set({ isDefault: 1 }).where('id', '=', a.id).execute()).rejects.toThrow();
  });

  it('updates with PUT (blank key keeps the stored key), logs the change, and deletes with 404 afterwards', async () => {
    const d = await addDevice(t.app, token, { apiKey: 'original-key-777788889999' });
    const res = await call({
      method: 'PUT',
      url: `/api/super-admin/sms-devices/${d.id}`,
      payload: { name: 'Renamed', apiKey: '', status: 'MAINTENANCE', dailyLimit: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed', status: 'MAINTENANCE', dailyLimit: null, apiKey: '••••••••9999' });
    const [log] = await logsOf(t.app, 'UPDATE_SMS_DEVICE');
    expect(log?.details.changes.name).toEqual({ from: expect.stringMatching(/^Gate phone/), to: 'Renamed' });
    expect((await call({ method: 'DELETE', url: `/api/super-admin/sms-devices/${d.id}` })).statusCode).toBe(200);
    expect((await logsOf(t.app, 'DELETE_SMS_DEVICE'))[0]?.entityId).toBe(String(d.id));
    const gone = await call({ method: 'GET', url: `/api/super-admin/sms-devices/${d.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.notFound);
    expect((await call({ method: 'PUT', url: '/api/super-admin/sms-devices/abc', payload: {} })).statusCode).toBe(404);
  });

  it('refuses an unknown school with 404 and no device', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      payload: { name: 'X', deviceName: 'Y', phoneNumber: '+639170000000', apiKey: 'k', schoolId: 999999 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('School not found');
  });

  it('Test sends one message through the gateway with the device key and number: the spec success text', async () => {
    const d = await addDevice(t.app, token, { apiKey: 'test-key-for-gateway-0001' });
    gw.keys.add('test-key-for-gateway-0001');
    const res = await call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${d.id}/test`,
      payload: { testPhoneNumber: '+639175550000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Test message sent successfully!');
    const sent = gw.messages.at(-1);
    expect(sent).toMatchObject({ to: '+639175550000', from: d.phoneNumber, apiKey: 'test-key-for-gateway-0001' });
    expect((await call({ method: 'GET', url: `/api/super-admin/sms-devices/${d.id}` })).json().data.lastActive).not.toBeNull();
    expect((await logsOf(t.app, 'TEST_SMS_DEVICE'))[0]?.details.result).toBe('sent');
  });

  it('Test to a malformed number is 400 with the spec failure text, and nothing reaches the gateway', async () => {
    const d = await addDevice(t.app, token, {});
    const posts = gw.posts.length;
    const res = await call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${d.id}/test`,
      payload: { testPhoneNumber: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: M.testFailed, errors: { testPhoneNumber: M.phoneInvalid } });
    expect(gw.posts.length).toBe(posts);
  });

  it('Test with a key the gateway refuses is 400 with the spec failure text and the reason', async () => {
    const d = await addDevice(t.app, token, { apiKey: 'not-a-known-key-xyz' });
    const res = await call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${d.id}/test`,
      payload: { testPhoneNumber: '+639175550001' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: M.testFailed, errors: { gateway: 'SMS gateway 401: Unauthorized' } });
  });

  it('Test while the gateway is down is 502 with the spec failure text', async () => {
    const d = await addDevice(t.app, token, { apiKey: 'test-key-for-gateway-0001' });
    gw.down = true;
    const res = await call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${d.id}/test`,
      payload: { testPhoneNumber: '+639175550002' },
    });
    gw.down = false;
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(M.testFailed);
  });

  it('is for super admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/super-admin/sms-devices' })).statusCode).toBe(401);
  });
});
