import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, historyOf } from '../../helpers/notifications';
import { postGatewayEvent, startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/**
 * The outbox worker against a real stand-in httpSMS gateway on 127.0.0.1 (reliability tests):
 * sent once, retried while the gateway is down, failover at the daily limit, final failures, webhooks.
 */
describe(`notification outbox (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let url: string;
  const secret = 'test-webhook-secret';
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const outboxOf = (studentId: number) =>
    t.app.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('studentId', '=', studentId)
      .where('channel', '=', 'SMS')
      .execute();

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      smsWebhookSecret: secret,
      outbox: {
        ...loadConfig({}).outbox,
        enabled: false,
        baseDelayMs: 20,
        maxDelayMs: 80,
        maxAttempts: 5,
        sendTimeoutMs: 1000,
        // These tests use fixed event dates (exact message texts); expiry has its own tests (outbox-urgency.test.ts).
        attendanceExpiryHours: 24 * 365 * 100,
        noticeMaxDelayMinutes: 24 * 365 * 100 * 60,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('an attendance intent becomes one SMS: SENT in the history, request_id = idempotency key, sms:sent emitted; delivery webhook → DELIVERED', async () => {
    const school = await createSchool(t.app, token, { acronym: 'SJHS' });
    await addDevice(t.app, token, {
      schoolId: school.id,
      isDefault: true,
      apiKey: 'school-key-000001',
      phoneNumber: '+639181000001',
    });
    const studentId = await addStudent(t.app, school.id, { firstName: 'Maria', parentPhone: '+639171234001' });

    const socket: Socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await socket.timeout(3000).emitWithAck('joinSuperAdmin')).toEqual({ ok: true });
    const live = new Promise<Record<string, unknown>>((resolve) => socket.once('sms:sent', resolve));

    await addIntent(
      t.app,
      { type: 'CHECK_IN', studentId, schoolId: school.id, occurredAt: '2026-11-23T23:12:00.000Z' },
      'CHECK_IN:attendance:9001',
    );
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');

    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({
      type: 'CHECK_IN',
      channel: 'SMS',
      phoneNumber: '+639171234001',
      status: 'SENT',
      requestId: 'CHECK_IN:attendance:9001:SMS',
    });
    expect(note?.message).toMatch(/^SJHS: Maria Cruz\d+ arrived at school at 7:12 AM, Nov 24\.$/);
    expect(note?.sentAt).not.toBeNull();
    const sent = gw.messages.filter((m) => m.requestId === 'CHECK_IN:attendance:9001:SMS');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: '+639171234001',
      from: '+639181000001',
      apiKey: 'school-key-000001',
      content: note?.message,
    });
    expect(await live).toMatchObject({
      id: note?.id,
      status: 'SENT',
      type: 'CHECK_IN',
      student: { firstName: 'Maria', school: { acronym: 'SJHS' } },
    });
    socket.close();

    // The same intent written again (a replayed tap) notifies nobody twice.
    await addIntent(t.app, { type: 'CHECK_IN', studentId, schoolId: school.id }, 'CHECK_IN:attendance:9001');
    await t.app.outbox.runOnce();
    expect(await historyOf(t.app, studentId)).toHaveLength(1);

    const res = await postGatewayEvent({ url: `${url}/api/webhooks/sms`, secret }, 'message.phone.delivered', {
      id: sent[0]!.id,
      request_id: sent[0]!.requestId,
      timestamp: '2026-11-23T23:12:09Z',
    });
    expect(res).toBe(200);
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({
      status: 'DELIVERED',
      deliveredAt: '2026-11-23T23:12:09.000Z',
    });
    // A late "failed" for a delivered message, and a duplicate "delivered", change nothing.
    await postGatewayEvent({ url: `${url}/api/webhooks/sms`, secret }, 'message.send.failed', {
      request_id: sent[0]!.requestId,
      error_message: 'late',
    });
    await postGatewayEvent({ url: `${url}/api/webhooks/sms`, secret }, 'message.phone.delivered', {
      request_id: sent[0]!.requestId,
      timestamp: '2026-11-24T01:00:00Z',
    });
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({
      status: 'DELIVERED',
      deliveredAt: '2026-11-23T23:12:09.000Z',
      failureReason: null,
    });
  });

  it('gateway down for a while: the message waits with backoff, then is sent exactly once when it returns', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    gw.down = true;
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => ((await outboxOf(studentId))[0]?.attempts ?? 0) >= 3);
    const waiting = (await outboxOf(studentId))[0]!;
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'SMS gateway 503: service unavailable' });
    expect((await historyOf(t.app, studentId))[0]?.status).toBe('PENDING');
    gw.down = false;
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const posts = gw.posts.filter((p) => p.requestId === waiting.idempotencyKey);
    expect(posts.filter((p) => p.status === 503).length).toBeGreaterThanOrEqual(3);
    expect(gw.messages.filter((m) => m.requestId === waiting.idempotencyKey)).toHaveLength(1);
  });

  it("a device at its daily limit fails over to another ACTIVE device; the limit counts the school's day", async () => {
    const school = await createSchool(t.app, token);
    const main = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, dailyLimit: 1 });
    await addDevice(t.app, token, { schoolId: school.id, status: 'INACTIVE' });
    const spare = await addDevice(t.app, token, { schoolId: school.id });
    const a = await addStudent(t.app, school.id);
    const b = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId: a, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, a))[0]?.status === 'SENT');
    await addIntent(t.app, { studentId: b, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, b))[0]?.status === 'SENT');
    expect((await historyOf(t.app, a))[0]?.deviceId).toBe(main.id);
    expect((await historyOf(t.app, b))[0]?.deviceId).toBe(spare.id);
    const usage = await t.app.db
      .selectFrom('smsDeviceUsage')
      .selectAll()
      .where('deviceId', 'in', [main.id, spare.id])
      .orderBy('deviceId')
      .execute();
    expect(usage.map((u) => [u.deviceId, Number(u.count)])).toEqual([
      [main.id, 1],
      [spare.id, 1],
    ]);
    const devices = (await call({ method: 'GET', url: `/api/super-admin/sms-devices?schoolId=${school.id}` })).json().data;
    expect(devices.find((d: { id: number }) => d.id === main.id).sentToday).toBe(1);
  });

  it('a refusal of the message itself (4xx) is FAILED at once with the reason; no retry', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id, { parentPhone: '0917-CALL-ME' });
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'FAILED');
    const [note] = await historyOf(t.app, studentId);
    expect(note?.failureReason).toBe('SMS gateway 422: The to field must be a valid E.164 phone number');
    expect(gw.posts.filter((p) => p.requestId === note?.requestId)).toHaveLength(1);
  });

  it('retries up to the configured count, then FAILED with the reason', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    gw.down = true;
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'FAILED');
    gw.down = false;
    const [note] = await historyOf(t.app, studentId);
    expect(note?.failureReason).toBe('SMS gateway 503: service unavailable (gave up after 5 attempts)');
    expect((await outboxOf(studentId))[0]).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('no ACTIVE device for the school and no global device: the message waits with its reason, no attempt counted, and goes once a device comes', async () => {
    const school = await createSchool(t.app, token);
    await t.app.db.updateTable('smsDevices').set({ status: 'INACTIVE' }).where('schoolId', 'is', null).execute();
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id });
    for (let pass = 0; pass < 3; pass += 1) await t.app.outbox.runOnce();
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({
      status: 'PENDING',
      failureReason: 'Waiting: no active SMS device for this school',
    });
    expect((await outboxOf(studentId))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ nextAttemptAt: new Date().toISOString() })
      .where('studentId', '=', studentId)
      .execute();
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect((await historyOf(t.app, studentId))[0]?.failureReason).toBeNull();
  });

  it('webhooks with a bad or missing signature are 401 and change nothing; heartbeats set the device lastActive', async () => {
    const school = await createSchool(t.app, token);
    const device = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, phoneNumber: '+639181999999' });
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const [note] = await historyOf(t.app, studentId);
    const hook = `${url}/api/webhooks/sms`;
    expect(
      await postGatewayEvent({ url: hook, secret: 'wrong-secret' }, 'message.phone.delivered', { request_id: note!.requestId }),
    ).toBe(401);
    const unsigned = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'message.phone.delivered', data: { request_id: note!.requestId } }),
    });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).message).toBe('Invalid webhook signature');
    expect((await historyOf(t.app, studentId))[0]?.status).toBe('SENT');

    expect(
      await postGatewayEvent({ url: hook, secret }, 'phone.heartbeat.online', {
        owner: '+639181999999',
        timestamp: '2026-11-23T08:00:00Z',
      }),
    ).toBe(200);
    const after = (await call({ method: 'GET', url: `/api/super-admin/sms-devices/${device.id}` })).json().data;
    expect(after.lastActive).toBe('2026-11-23T08:00:00.000Z');

    expect(
      await postGatewayEvent({ url: hook, secret }, 'message.send.failed', {
        request_id: note!.requestId,
        error_message: 'RESULT_ERROR_NO_SERVICE',
      }),
    ).toBe(200);
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'FAILED', failureReason: 'RESULT_ERROR_NO_SERVICE' });
  });
  it("a pass expands its intents together; one intent that cannot be read does not hold up the others' messages", async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const students: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const studentId = await addStudent(t.app, school.id);
      await addIntent(t.app, { studentId, schoolId: school.id });
      students.push(studentId);
    }
    // The third intent's payload is not one the worker can read: the batch's transaction fails and writes nothing,
    // then each intent is expanded on its own.
    const broken = await t.app.db
      .updateTable('notificationOutbox')
      .set({ payload: '{"type":"CHECK_IN"}' })
      .where('studentId', '=', students[2]!)
      .where('channel', '=', 'INTENT')
      .returning(['id'])
      .executeTakeFirstOrThrow();
    expect(await t.app.outbox.runOnce()).toBe(5);
    for (const id of [0, 1, 3, 4]) expect((await historyOf(t.app, students[id]!)).map((n) => n.status)).toEqual(['SENT']);
    expect(await historyOf(t.app, students[2]!)).toEqual([]);
    const intent = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['status', 'lastError', 'attempts'])
      .where('id', '=', broken.id)
      .executeTakeFirstOrThrow();
    expect(intent).toEqual({ status: 'pending', lastError: 'Internal error while sending', attempts: 1 });
  });
});
