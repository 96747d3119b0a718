import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, historyOf } from '../../helpers/notifications';
import { gatewayToken, startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/*
 * Delivery receipts stay in SMS History: a sent or delivered webhook writes no system-log entry (a failure still
 * does, in its school's activity log). A device's "last active" follows its sends and receipts.
 */
const SECRET = 'receipts-webhook-secret';
const HOOK = 'https://school.test/api/webhooks/sms';

describe(`SMS receipts and a device's last activity (${dbKind})`, () => {
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  let schoolId: number;

  const event = async (type: string, data: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await gatewayToken(SECRET, HOOK)}` },
      payload: { specversion: '1.0', type, data },
    });
  const devices = async () => {
    const res = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/sms-devices?schoolId=${schoolId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ id: number; lastActive: string | null }>;
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      smsWebhookSecret: SECRET,
      outbox: { ...loadConfig({}).outbox, enabled: false, baseDelayMs: 20, maxDelayMs: 80 },
    });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { acronym: 'RCPT' })).id;
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a send makes the phone active; sent and delivered receipts log nothing, move it forward only', async () => {
    const device = await addDevice(t.app, token, { schoolId, isDefault: true, phoneNumber: '+639181110001' });
    expect((await devices()).find((d) => d.id === device.id)?.lastActive).toBeNull();
    const studentId = await addStudent(t.app, schoolId);
    await addIntent(t.app, { type: 'CHECK_IN', studentId, schoolId });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const [note] = await historyOf(t.app, studentId);
    expect((await devices()).find((d) => d.id === device.id)?.lastActive).toBe(note!.sentAt);

    const receipt = { owner: device.phoneNumber, request_id: note!.requestId };
    // An older receipt (webhooks come in any order) leaves the last activity where it is.
    expect((await event('message.phone.sent', { ...receipt, timestamp: '2026-01-05T00:00:00Z' })).statusCode).toBe(200);
    expect((await devices()).find((d) => d.id === device.id)?.lastActive).toBe(note!.sentAt);
    const later = new Date(Date.parse(note!.sentAt!) + 1000).toISOString();
    expect((await event('message.phone.delivered', { ...receipt, timestamp: later })).statusCode).toBe(200);
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'DELIVERED', deliveredAt: later });
    expect((await devices()).find((d) => d.id === device.id)?.lastActive).toBe(later);
    expect(await logsOf(t.app, 'SMS_SENT')).toEqual([]);
    expect(await logsOf(t.app, 'SMS_DELIVERED')).toEqual([]);
  });

  it("a phone's own receipt shows it active though the outbox never handed it anything", async () => {
    const device = await addDevice(t.app, token, { schoolId, phoneNumber: '+639181110002' });
    const res = await event('message.phone.delivered', {
      owner: device.phoneNumber,
      request_id: 'unknown:request',
      timestamp: '2026-02-10T01:02:03Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await devices()).find((d) => d.id === device.id)?.lastActive).toBe('2026-02-10T01:02:03.000Z');
  });

  it("a failure receipt is logged, in the message's school's activity log", async () => {
    const device = await addDevice(t.app, token, { schoolId, phoneNumber: '+639181110003' });
    const studentId = await addStudent(t.app, schoolId);
    await t.app.db.updateTable('smsDevices').set({ isDefault: 0 }).where('schoolId', '=', schoolId).execute();
    await t.app.db.updateTable('smsDevices').set({ isDefault: 1 }).where('id', '=', device.id).execute();
    await addIntent(t.app, { type: 'CHECK_IN', studentId, schoolId });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const [note] = await historyOf(t.app, studentId);
    const res = await event('message.send.failed', {
      owner: device.phoneNumber,
      request_id: note!.requestId,
      error_message: 'No signal',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [log] = await logsOf(t.app, 'SMS_FAILED');
    expect(log).toMatchObject({ entity: 'SmsNotification', entityId: String(note!.id), schoolId });
  });
});
