import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { SMS_DEVICE_MESSAGES as M } from '@domain/devices/sms-devices';

/** An SMS device's send rate (messages a minute, 1–60, 10 by default): set, edited, logged, refused when out of range. */
describe(`SMS device send rate (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const device = (extra: Record<string, unknown> = {}) => ({
    name: 'Rate phone',
    deviceName: 'Samsung Galaxy A14',
    phoneNumber: '+639171230000',
    apiKey: 'rate-key-0000111122223333',
    ...extra,
  });
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('smsDevices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("is httpSMS's 10 a minute unless given; a given rate (number or digits) is kept and listed", async () => {
    const plain = await call({ method: 'POST', url: '/api/super-admin/sms-devices', payload: device() });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.sendRatePerMinute).toBe(10);
    const school = await createSchool(t.app, token);
    const fast = await call({
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      payload: device({ schoolId: school.id, sendRatePerMinute: '60' }),
    });
    expect(fast.statusCode).toBe(201);
    expect(fast.json().data.sendRatePerMinute).toBe(60);
    const list = (await call({ method: 'GET', url: `/api/super-admin/sms-devices?schoolId=${school.id}` })).json().data;
    expect(list.map((d: { sendRatePerMinute: number }) => d.sendRatePerMinute)).toEqual([60]);
    const [log] = await logsOf(t.app, 'CREATE_SMS_DEVICE');
    expect(log?.details.device.sendRatePerMinute).toBe(60);
  });

  it.each([[0], [61], [2.5], ['2.5'], ['ten'], [''], [-5], [null]])(
    'refuses a rate of %j with 400 and the message, writing nothing',
    async (rate) => {
      const before = await count();
      const res = await call({
        method: 'POST',
        url: '/api/super-admin/sms-devices',
        payload: device({ sendRatePerMinute: rate }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: M.sendRate, errors: { sendRatePerMinute: M.sendRate } });
      expect(await count()).toBe(before);
    },
  );

  it('an edit of the rate is saved and logged; an edit out of range is 400 and changes nothing', async () => {
    const created = (await call({ method: 'POST', url: '/api/super-admin/sms-devices', payload: device() })).json().data;
    const logs = (await logsOf(t.app, 'UPDATE_SMS_DEVICE')).length;
    const bad = await call({
      method: 'PUT',
      url: `/api/super-admin/sms-devices/${created.id}`,
      payload: { sendRatePerMinute: 100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: M.sendRate, errors: { sendRatePerMinute: M.sendRate } });
    expect(await logsOf(t.app, 'UPDATE_SMS_DEVICE')).toHaveLength(logs);
    const stored = await t.app.db
      .selectFrom('smsDevices')
      .select('sendRatePerMinute')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.sendRatePerMinute)).toBe(10);

    const res = await call({
      method: 'PUT',
      url: `/api/super-admin/sms-devices/${created.id}`,
      payload: { sendRatePerMinute: 20 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sendRatePerMinute).toBe(20);
    const [log] = await logsOf(t.app, 'UPDATE_SMS_DEVICE');
    expect(log).toMatchObject({
      entityId: String(created.id),
      details: { changes: { sendRatePerMinute: { from: 10, to: 20 } } },
    });
  });
});
