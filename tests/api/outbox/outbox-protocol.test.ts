import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { waitFor } from '../../helpers/processes';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, expandOnly, historyOf } from '../../helpers/notifications';
import { postGatewayEvent, startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { claimDue } from '../../../server/features/outbox/claim';
import { expandIntent } from '../../../server/features/outbox/expand';
import { FRESH_WINDOW_SECONDS } from '../../../server/features/outbox/urgency';
import { markFailed, markSent } from '../../../server/features/outbox/finish';
import { UNCERTAIN_REASONS } from '../../../server/features/outbox/reconcile';
import { SMS_UNCERTAIN_MESSAGES } from '@domain/sms-history';

/**
 * The honest send protocol piece by piece (the SIGKILL test is outbox-crash.test.ts): the lease
 * (renewed during a long batch; a stale worker's finish changes nothing), attempts without an answer reconciled
 * with the gateway's message list instead of resent, UNCERTAIN when nobody can tell, the admin's Resend/Dismiss,
 * and delivery webhooks that only move a status forward. The stand-in gateway never de-duplicates request_id here.
 */
describe(`outbox send protocol (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let hook: { url: string; secret: string };
  const LEASE_MS = 400;
  /** The server's clock: a lease runs out when the test moves it past, not after a sleep. */
  const clock = testClock();
  /** A claim as another worker makes it, at the clock's time (or `at`). */
  const claim = (leaseMs: number, at = clock.now()) => claimDue(t.app.db, 100, leaseMs, FRESH_WINDOW_SECONDS * 1000, at);
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const smsRow = async (studentId: number) =>
    (await t.app.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('studentId', '=', studentId)
      .where('channel', '=', 'SMS')
      .executeTakeFirst())!;
  const sendsOf = (key: string) => gw.messages.filter((m) => m.requestId === key).length;
  const logsOf = (action: string, entityId: number) =>
    t.app.db.selectFrom('systemLogs').selectAll().where('action', '=', action).where('entityId', '=', String(entityId)).execute();

  /** What a process that died during (or just before) the call leaves: the attempt's in-flight marker. */
  const markInFlight = (rowId: number, deviceId: number | null) =>
    t.app.db
      .updateTable('notificationOutbox')
      .set({ inflightAt: clock.now().toISOString(), inflightDeviceId: deviceId })
      .where('id', '=', rowId)
      .execute();

  /** A school with one device and one student whose CHECK_IN intent is expanded: its SMS row waits, unclaimed. */
  async function queued() {
    const school = await createSchool(t.app, token);
    const device = await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id });
    await expandOnly(t.app, studentId);
    expect((await historyOf(t.app, studentId)).map((n) => n.status)).toEqual(['PENDING']);
    return { school, device, studentId, row: await smsRow(studentId) };
  }

  beforeAll(async () => {
    gw = await startStandInGateway();
    gw.dedupe = false;
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        smsWebhookSecret: 'protocol-webhook-secret',
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          baseDelayMs: 20,
          maxDelayMs: 80,
          maxAttempts: 5,
          sendTimeoutMs: 1000, // above the slow gateway of the lease test (a loaded machine must not turn it into a timeout)
          leaseMs: LEASE_MS,
        },
      },
      { clock },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    hook = {
      url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/webhooks/sms`,
      secret: 'protocol-webhook-secret',
    };
    token = await loginSuperAdmin(t.app);
  });
  afterEach(() => {
    gw.delayMs = 0;
    gw.listDown = false;
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it("only the lease holder finishes a row: a stale worker's sent or failed changes nothing", async () => {
    const { studentId, row } = await queued();
    const [stale] = (await claim(1)).filter((r) => r.id === row.id);
    expect(stale?.status).toBe('sending');
    // The stale claim's lease ran out: another worker takes the row.
    const [holder] = (await claim(60_000, new Date(clock.now().getTime() + 20))).filter((r) => r.id === row.id);
    expect(holder?.leaseToken).not.toBe(stale!.leaseToken);

    expect(await markSent(t.app.db, stale!, { providerMsgId: 'stale' }, clock.now())).toBe(false);
    expect(await markFailed(t.app.db, stale!, 'stale failure', clock.now())).toBe(false);
    expect(await smsRow(studentId)).toMatchObject({ status: 'sending', leaseToken: holder!.leaseToken, providerMsgId: null });
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'PENDING', failureReason: null });

    // The send is stamped with the server's clock (here a time the wall clock is not at), not the wall clock.
    const sentAt = new Date(clock.now().getTime() + 3 * 3_600_000);
    expect(await markSent(t.app.db, holder!, { providerMsgId: 'real' }, sentAt)).toBe(true);
    expect(await smsRow(studentId)).toMatchObject({ status: 'sent', providerMsgId: 'real', leaseToken: null });
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'SENT', sentAt: sentAt.toISOString() });
  });

  it("an intent's SMS is written held by the pass that expands it: a worker dying before the send leaves it to be sent once after the lease", async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id });
    // What a pass does first, then the process dies: the claim, the expansion under its lease, no send.
    const [intent] = (await claim(LEASE_MS)).filter((r) => r.studentId === studentId);
    const { held } = await t.app.db
      .transaction()
      .execute((trx) => expandIntent(trx, intent!, 'Asia/Manila', t.app.config.outbox, clock.now()));
    expect(held.map((r) => [r.channel, r.status, r.leaseToken])).toEqual([['SMS', 'sending', intent!.leaseToken]]);
    expect((await claim(60_000)).filter((r) => r.id === held[0]!.id)).toEqual([]);
    expect(sendsOf(held[0]!.idempotencyKey)).toBe(0);

    clock.advance(LEASE_MS + 50);
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect(sendsOf(held[0]!.idempotencyKey)).toBe(1);
  });

  it('the lease is renewed while a slow batch runs: no other worker takes its rows, the message goes once', async () => {
    const { studentId, row } = await queued();
    gw.delayMs = 600; // several renewals (every LEASE_MS / 3), below the send timeout
    const pass = t.app.outbox.runOnce();
    await waitFor(() => sendsOf(row.idempotencyKey) === 1, 5000, 'the send to be in flight', 10);
    // By the clock the claim's first lease is long over: only a renewal keeps the row from the next claimer.
    clock.advance(3 * LEASE_MS);
    await waitFor(
      async () => ((await smsRow(studentId)).lockedUntil ?? '') > clock.now().toISOString(),
      5000,
      'the lease to be renewed',
      10,
    );
    const taken = (await claim(60_000)).filter((r) => r.id === row.id);
    expect(taken).toEqual([]);
    await pass;
    expect((await historyOf(t.app, studentId))[0]?.status).toBe('SENT');
    expect(sendsOf(row.idempotencyKey)).toBe(1);
  });

  it('a send without an answer (timeout) is not sent again: the next attempt finds it in the gateway’s list → SENT', async () => {
    const { studentId, row, device } = await queued();
    gw.delayMs = 1200; // longer than the 1000 ms send timeout; the gateway has taken the message all the same
    await t.app.outbox.runOnce();
    expect(await smsRow(studentId)).toMatchObject({
      status: 'pending',
      lastError: 'SMS gateway did not answer in time',
      inflightDeviceId: device.id,
    });
    expect((await smsRow(studentId)).inflightAt).not.toBeNull();
    gw.delayMs = 0;
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    // The gateway does not de-duplicate: a second POST would be a second message.
    expect(sendsOf(row.idempotencyKey)).toBe(1);
    const msg = gw.messages.find((m) => m.requestId === row.idempotencyKey)!;
    expect(await smsRow(studentId)).toMatchObject({ status: 'sent', providerMsgId: msg.id, inflightAt: null });
  });

  it('an attempt marked in flight that never reached the gateway (crash before the call) is sent, once', async () => {
    const { studentId, row, device } = await queued();
    await markInFlight(row.id, device.id);
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect(sendsOf(row.idempotencyKey)).toBe(1);
    const usage = await t.app.db.selectFrom('smsDeviceUsage').select('count').where('deviceId', '=', device.id).execute();
    expect(usage.map((u) => Number(u.count))).toEqual([1]);
  });

  it('attempts without an answer that the gateway never got end FAILED after the configured count, not resent forever', async () => {
    const { studentId, row, device } = await queued();
    await markInFlight(row.id, device.id);
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ attempts: 5, lastError: 'SMS gateway did not answer in time' })
      .where('id', '=', row.id)
      .execute();
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'FAILED');
    expect((await historyOf(t.app, studentId))[0]?.failureReason).toBe(
      'SMS gateway did not answer in time (gave up after 5 attempts)',
    );
    expect(sendsOf(row.idempotencyKey)).toBe(0);
  });

  it('the gateway cannot be asked: UNCERTAIN with the reason, listed by the status filter; Resend sends it, logged', async () => {
    const { studentId, row, device } = await queued();
    gw.delayMs = 1200; // past the send timeout
    await t.app.outbox.runOnce(); // no answer in time
    gw.delayMs = 0;
    gw.listDown = true;
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'UNCERTAIN');
    const reason = UNCERTAIN_REASONS.sms(
      (await t.app.db.selectFrom('smsDevices').select('name').where('id', '=', device.id).executeTakeFirstOrThrow()).name,
      'SMS gateway 503: service unavailable',
    );
    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'UNCERTAIN', failureReason: reason, dismissedAt: null });
    expect(await smsRow(studentId)).toMatchObject({ status: 'uncertain' });
    expect(sendsOf(row.idempotencyKey)).toBe(1);
    // Never resent on its own.
    await t.app.outbox.runOnce();
    expect(sendsOf(row.idempotencyKey)).toBe(1);

    const list = await call({ method: 'GET', url: `/api/super-admin/sms-history?status=UNCERTAIN&studentId=${studentId}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.notifications).toEqual([
      expect.objectContaining({ id: note!.id, status: 'UNCERTAIN', failureReason: reason, dismissedAt: null }),
    ]);

    gw.listDown = false;
    const res = await call({ method: 'POST', url: `/api/super-admin/sms-history/${note!.id}/resend` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: SMS_UNCERTAIN_MESSAGES.resent,
      data: { id: note!.id, status: 'PENDING', failureReason: null },
    });
    expect(await logsOf('RESEND_UNCERTAIN_SMS', note!.id)).toHaveLength(1);
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect(sendsOf(row.idempotencyKey)).toBe(2); // the admin chose to send it again

    const again = await call({ method: 'POST', url: `/api/super-admin/sms-history/${note!.id}/resend` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SMS_UNCERTAIN_MESSAGES.notUncertain);
    expect(await logsOf('RESEND_UNCERTAIN_SMS', note!.id)).toHaveLength(1);
  });

  it('Dismiss keeps an UNCERTAIN message unsent for good, logged; a second decision is 409, an unknown id 404', async () => {
    const { studentId, row, device } = await queued();
    await markInFlight(row.id, device.id);
    gw.listDown = true;
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'UNCERTAIN');
    const [note] = await historyOf(t.app, studentId);

    const res = await call({ method: 'POST', url: `/api/super-admin/sms-history/${note!.id}/dismiss` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SMS_UNCERTAIN_MESSAGES.dismissed);
    expect(res.json().data).toMatchObject({ id: note!.id, status: 'UNCERTAIN' });
    expect(res.json().data.dismissedAt).toEqual(expect.any(String));
    expect(await smsRow(studentId)).toMatchObject({ status: 'dismissed' });
    expect(await logsOf('DISMISS_UNCERTAIN_SMS', note!.id)).toHaveLength(1);

    for (const action of ['resend', 'dismiss']) {
      const r = await call({ method: 'POST', url: `/api/super-admin/sms-history/${note!.id}/${action}` });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(SMS_UNCERTAIN_MESSAGES.notUncertain);
    }
    gw.listDown = false;
    await t.app.outbox.runOnce();
    expect(sendsOf(row.idempotencyKey)).toBe(0);
    expect(await smsRow(studentId)).toMatchObject({ status: 'dismissed' });

    const missing = await call({ method: 'POST', url: '/api/super-admin/sms-history/999999/dismiss' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SMS_UNCERTAIN_MESSAGES.notFound);
  });

  it('a Messenger attempt whose outcome is unknown is UNCERTAIN at once (Messenger has no lookup), never resent', async () => {
    const school = await createSchool(t.app, token);
    const studentId = await addStudent(t.app, school.id, {
      notificationPreference: 'FACEBOOK_MESSENGER_ONLY',
      parentMessengerPsid: '24000777',
    });
    await addIntent(t.app, { studentId, schoolId: school.id });
    await expandOnly(t.app, studentId);
    const messenger = await t.app.db
      .selectFrom('notificationOutbox')
      .select('id')
      .where('studentId', '=', studentId)
      .where('channel', '=', 'MESSENGER')
      .executeTakeFirstOrThrow();
    await markInFlight(messenger.id, null);
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'UNCERTAIN');
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({
      channel: 'MESSENGER',
      status: 'UNCERTAIN',
      failureReason: UNCERTAIN_REASONS.messenger,
    });
  });

  it('a "delivered" webhook that beats the sender\'s own bookkeeping is kept: markSent then moves neither status nor times back', async () => {
    const { studentId, device, row } = await queued();
    const [held] = (await claim(60_000)).filter((r) => r.id === row.id);
    const data = { request_id: row.idempotencyKey, timestamp: '2026-11-23T23:12:09Z' };
    expect(await postGatewayEvent(hook, 'message.phone.delivered', data)).toBe(200);
    const before = (await historyOf(t.app, studentId))[0]!;
    expect(before).toMatchObject({ status: 'DELIVERED', deliveredAt: '2026-11-23T23:12:09.000Z' });

    expect(await markSent(t.app.db, held!, { deviceId: device.id, providerMsgId: 'late-bookkeeping' }, clock.now())).toBe(true);
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({
      status: 'DELIVERED',
      deliveredAt: '2026-11-23T23:12:09.000Z',
      sentAt: before.sentAt ?? expect.any(String),
    });
    expect(await smsRow(studentId)).toMatchObject({ status: 'sent', providerMsgId: 'late-bookkeeping', leaseToken: null });
  });

  it('delivery webhooks only move forward: a late "sent" or "failed" after "delivered" changes nothing; one settles UNCERTAIN', async () => {
    const { studentId, row } = await queued();
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const data = { request_id: row.idempotencyKey, timestamp: '2026-11-23T23:12:09Z' };
    expect(await postGatewayEvent(hook, 'message.phone.delivered', data)).toBe(200);
    expect(await postGatewayEvent(hook, 'message.phone.sent', { ...data, timestamp: '2026-11-23T23:15:00Z' })).toBe(200);
    expect(await postGatewayEvent(hook, 'message.send.failed', { ...data, error_message: 'late' })).toBe(200);
    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'DELIVERED', deliveredAt: '2026-11-23T23:12:09.000Z', failureReason: null });

    // An UNCERTAIN message the gateway then reports sent is SENT, and can no longer be resent.
    const other = await queued();
    await markInFlight(other.row.id, other.device.id);
    gw.listDown = true;
    await drain(t.app, async () => (await historyOf(t.app, other.studentId))[0]?.status === 'UNCERTAIN');
    const sent = { request_id: other.row.idempotencyKey, timestamp: '2026-11-23T23:20:00Z' };
    expect(await postGatewayEvent(hook, 'message.phone.sent', sent)).toBe(200);
    const [settled] = await historyOf(t.app, other.studentId);
    expect(settled).toMatchObject({ status: 'SENT', sentAt: '2026-11-23T23:20:00.000Z' });
    expect(await smsRow(other.studentId)).toMatchObject({ status: 'sent' });
    const r = await call({ method: 'POST', url: `/api/super-admin/sms-history/${settled!.id}/resend` });
    expect(r.statusCode).toBe(409);
  });
});
