import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, historyOf } from '../../helpers/notifications';
import { freePort } from '../../helpers/processes';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/**
 * An SMS device's Sent (and its daily limit) counts what the gateway accepted; attempts it
 * did not accept (gateway unreachable, message refused) are Failed, shown apart and never against the limit.
 */
describe(`SMS device counts (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      outbox: { ...loadConfig({}).outbox, enabled: false, baseDelayMs: 20, maxDelayMs: 80, maxAttempts: 5, sendTimeoutMs: 1000 },
    });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  const deviceCounts = async (schoolId: number) => {
    const res = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/sms-devices?schoolId=${schoolId}` });
    expect(res.statusCode, res.body).toBe(200);
    const [d] = res.json().data as Array<{ sentToday: number; failedToday: number }>;
    return { sent: d!.sentToday, failed: d!.failedToday };
  };

  it('unreachable and refused attempts are failed, not sent; accepted messages are sent', async () => {
    const school = await createSchool(t.app, token);
    const device = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, dailyLimit: 3 });
    // A gateway nobody listens on: three attempts, none can have reached it.
    const closed = `http://127.0.0.1:${await freePort()}`;
    await t.app.db.updateTable('smsDevices').set({ baseUrl: closed }).where('id', '=', device.id).execute();
    const a = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId: a, schoolId: school.id });
    const attempts = () =>
      t.app.db
        .selectFrom('notificationOutbox')
        .select('attempts')
        .where('studentId', '=', a)
        .where('channel', '=', 'SMS')
        .execute();
    await drain(t.app, async () => ((await attempts())[0]?.attempts ?? 0) >= 3);
    expect(await deviceCounts(school.id)).toEqual({ sent: 0, failed: 3 });

    // The gateway is back: the message goes, and it is the only one counted as sent (limit 3 not reached).
    await t.app.db.updateTable('smsDevices').set({ baseUrl: null }).where('id', '=', device.id).execute();
    await drain(t.app, async () => (await historyOf(t.app, a))[0]?.status === 'SENT');
    expect(await deviceCounts(school.id)).toEqual({ sent: 1, failed: 3 });

    // A number the gateway refuses: FAILED, counted apart.
    const b = await addStudent(t.app, school.id, { parentPhone: '0917-CALL-ME' });
    await addIntent(t.app, { studentId: b, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, b))[0]?.status === 'FAILED');
    expect(await deviceCounts(school.id)).toEqual({ sent: 1, failed: 4 });
  });
});
