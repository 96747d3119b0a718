import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, expandOnly, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { startStandInGraph, type StandInGraph } from '../../fixtures/graph-api';
import { loadConfig } from '@core/config';
import { localDate, startOfLocalDay } from '@core/time/time';
import { MESSENGER_REASONS } from '../../../server/features/outbox/deliver-messenger';
import { EXPIRY_REASONS } from '../../../server/features/outbox/urgency';

/**
 * Against the real worker, a real database and the stand-in httpSMS gateway and Graph API
 * on 127.0.0.1: fresh notifications first, fair between schools, attendance notices EXPIRED instead of late, and
 * FACEBOOK_MESSENGER_ONLY falling back to SMS when Messenger's 24-hour window is closed.
 */
describe(`outbox urgency, expiry and channel fallback (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let graph: StandInGraph;
  const BATCH = 6;
  const TZ = 'Asia/Manila';
  /** The server's clock: the expiry sweep's once-a-second throttle opens when the test moves it on. */
  const clock = testClock();
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  /** An instant `ms` before now, but never before the start of today in Manila (so it is not yesterday's). */
  const earlierToday = (ms: number) => {
    const start = startOfLocalDay(localDate(new Date(), TZ), TZ).getTime() + 1000;
    return new Date(Math.max(start, Date.now() - ms)).toISOString();
  };
  const sentTo = (studentIds: number[]) =>
    t.app.db
      .selectFrom('smsNotifications')
      .select('studentId')
      .where('studentId', 'in', studentIds)
      .where('status', '=', 'SENT')
      .execute();
  const outboxOf = (studentId: number) =>
    t.app.db.selectFrom('notificationOutbox').selectAll().where('studentId', '=', studentId).orderBy('id').execute();

  beforeAll(async () => {
    gw = await startStandInGateway();
    graph = await startStandInGraph();
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        graphApiUrl: graph.url,
        messengerAppSecret: 'urgency-app-secret',
        // One send at a time: the order the gateway sees is the order the worker chose. A fresh window of 1 s: the
        // backlogs here are "older" at any hour, even minutes after midnight in Manila, when earlierToday() can only go
        // back to 00:00 and the default 5-minute window held them (it failed a CI run at 00:02; the window's own order
        // is tested in outbox-fresh-window.test.ts).
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          batchSize: BATCH,
          concurrency: 1,
          baseDelayMs: 20,
          maxDelayMs: 80,
          freshWindowSeconds: 1,
          // The day rule is tested here, on backlogs up to 30 minutes old; the delay limit of arrival and departure
          // notices has its own tests (outbox-delay-expiry.test.ts).
          noticeMaxDelayMinutes: 24 * 60,
        },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
    await graph.close();
  });

  it('a fresh tap queued behind a backlog of older messages is claimed and sent first', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const backlog: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const studentId = await addStudent(t.app, school.id);
      backlog.push(studentId);
      await addIntent(t.app, { studentId, schoolId: school.id, occurredAt: earlierToday(30 * 60_000 - i * 1000) });
    }
    const fresh = await addStudent(t.app, school.id, { parentPhone: '+639175550001' });
    await addIntent(t.app, { studentId: fresh, schoolId: school.id, occurredAt: new Date().toISOString() });

    const before = gw.messages.length;
    await t.app.outbox.runOnce(); // the fresh intent is claimed first, expanded, and its SMS sent in the same pass
    const sent = gw.messages.slice(before);
    expect(sent[0]?.to).toBe('+639175550001');
    await drain(t.app, async () => (await sentTo([...backlog, fresh])).length === 31, 60_000);
  });

  it('two schools, one with a big backlog: the other school is not starved (round-robin per claim)', async () => {
    const big = await createSchool(t.app, token);
    const small = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: big.id, isDefault: true });
    await addDevice(t.app, token, { schoolId: small.id, isDefault: true });
    const bigIds: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const studentId = await addStudent(t.app, big.id);
      bigIds.push(studentId);
      await addIntent(t.app, { studentId, schoolId: big.id, occurredAt: earlierToday(60_000 - i * 100) });
    }
    // The small school's taps are OLDER than every backlog row and queued after them (a reader's offline replay):
    // neither "oldest id first" nor "newest event first" alone would reach them before the backlog is gone.
    const smallIds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const studentId = await addStudent(t.app, small.id);
      smallIds.push(studentId);
      await addIntent(t.app, { studentId, schoolId: small.id, occurredAt: earlierToday(20 * 60_000) });
    }
    // One claim takes big, small, big, small, big, small…: the small school's 3 intents, expanded and sent at once.
    await t.app.outbox.runOnce();
    expect((await sentTo(smallIds)).length).toBe(3);
    expect((await sentTo(bigIds)).length).toBe(BATCH - 3);
    await drain(t.app, async () => (await sentTo(bigIds)).length === 40, 60_000);
  });

  it("yesterday's attendance notice is EXPIRED with its reason, shown in SMS History, and never reaches the gateway", async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id, { parentPhone: '+639175550002' });
    const yesterday = new Date(Date.now() - 26 * 3_600_000).toISOString();
    await addIntent(
      t.app,
      { type: 'CHECK_IN', studentId, schoolId: school.id, occurredAt: yesterday },
      'CHECK_IN:attendance:exp-1',
    );
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'EXPIRED');

    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'EXPIRED', failureReason: EXPIRY_REASONS.endOfDay, sentAt: null });
    expect(gw.posts.filter((p) => p.requestId === 'CHECK_IN:attendance:exp-1:SMS')).toEqual([]);
    expect((await outboxOf(studentId)).find((r) => r.channel === 'SMS')?.status).toBe('expired');
    const res = await call({ method: 'GET', url: `/api/super-admin/sms-history?status=EXPIRED&studentId=${studentId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.notifications).toEqual([
      expect.objectContaining({ id: note!.id, status: 'EXPIRED', failureReason: EXPIRY_REASONS.endOfDay }),
    ]);
  });

  it('a message waiting for a retry when its day ends is EXPIRED by the sweep, not sent when the gateway is back', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id, occurredAt: earlierToday(60_000) }, 'CHECK_IN:attendance:exp-2');
    gw.down = true;
    await drain(t.app, async () => ((await outboxOf(studentId)).find((r) => r.channel === 'SMS')?.attempts ?? 0) >= 1);
    gw.down = false;
    // The school day ends while it waits for its next attempt.
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ expiresAt: new Date(clock.now().getTime() - 1000).toISOString() })
      .where('idempotencyKey', '=', 'CHECK_IN:attendance:exp-2:SMS')
      .execute();
    clock.advance(1100); // the sweep runs at most once a second
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'EXPIRED');
    expect((await historyOf(t.app, studentId))[0]?.failureReason).toBe(EXPIRY_REASONS.endOfDay);
    expect(gw.messages.filter((m) => m.requestId === 'CHECK_IN:attendance:exp-2:SMS')).toEqual([]);
  });

  it('a row claimed after its expiry (left "sending" by a crashed worker) is EXPIRED at send time, not sent', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    await addIntent(t.app, { studentId, schoolId: school.id, occurredAt: earlierToday(60_000) }, 'CHECK_IN:attendance:exp-3');
    await expandOnly(t.app, studentId);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ status: 'sending', lockedUntil: past, leaseToken: 'crashed-worker', expiresAt: past })
      .where('idempotencyKey', '=', 'CHECK_IN:attendance:exp-3:SMS')
      .execute();
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'EXPIRED');
    expect(gw.posts.filter((p) => p.requestId === 'CHECK_IN:attendance:exp-3:SMS')).toEqual([]);
  });

  it('CUSTOM messages are not expired by the attendance rule', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    const twoDaysAgo = new Date(Date.now() - 50 * 3_600_000).toISOString();
    await addIntent(
      t.app,
      { type: 'CUSTOM', text: 'Typhoon: no classes', studentId, schoolId: school.id, occurredAt: twoDaysAgo },
      'CUSTOM:urgency-1',
    );
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect((await outboxOf(studentId)).map((r) => r.expiresAt)).toEqual([null, null]);
    expect(gw.messages.filter((m) => m.requestId === 'CUSTOM:urgency-1:SMS')).toHaveLength(1);
  });

  describe('FACEBOOK_MESSENGER_ONLY with the 24-hour window closed', () => {
    let seq = 0;
    const messengerStudent = async (extra: { parentPhone?: string; lastAt?: string | null } = {}) => {
      seq += 1;
      const school = await createSchool(t.app, token);
      const pageId = `20000${seq}`;
      graph.tokens.set(`page-token-${seq}`, { id: pageId, name: `Page ${pageId}` });
      const page = await call({
        method: 'POST',
        url: '/api/super-admin/facebook-pages',
        payload: { pageId, pageName: `Page ${pageId}`, accessToken: `page-token-${seq}`, schoolId: school.id },
      });
      expect(page.statusCode).toBe(201);
      await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
      const psid = `2477${seq}000`;
      const studentId = await addStudent(t.app, school.id, {
        notificationPreference: 'FACEBOOK_MESSENGER_ONLY',
        parentMessengerPsid: psid,
        ...(extra.parentPhone !== undefined ? { parentPhone: extra.parentPhone } : {}),
      });
      if (extra.lastAt !== undefined)
        await t.app.db.updateTable('students').set({ parentMessengerLastAt: extra.lastAt }).where('id', '=', studentId).execute();
      return { school, studentId, psid };
    };
    const settled = (studentId: number) => async () => {
      const notes = await historyOf(t.app, studentId);
      return notes.length > 0 && notes.every((n) => n.status !== 'PENDING');
    };

    it('Messenger refuses (10/2018278) and the parent has a phone: the same message goes by SMS, with the note', async () => {
      const { school, studentId, psid } = await messengerStudent({ parentPhone: '+639175550003' });
      graph.windowClosed.add(psid);
      await addIntent(t.app, { studentId, schoolId: school.id }, 'CHECK_IN:attendance:fb-1');
      await drain(t.app, settled(studentId));

      const notes = await historyOf(t.app, studentId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        channel: 'SMS',
        phoneNumber: '+639175550003',
        status: 'SENT',
        note: MESSENGER_REASONS.bySms,
        requestId: 'CHECK_IN:attendance:fb-1:SMS',
      });
      expect(gw.messages.filter((m) => m.requestId === 'CHECK_IN:attendance:fb-1:SMS')).toHaveLength(1);
      expect(graph.sent.filter((s) => s.psid === psid)).toEqual([]);
      const res = await call({ method: 'GET', url: `/api/super-admin/sms-history?studentId=${studentId}` });
      expect(res.json().data.notifications[0]).toMatchObject({ channel: 'SMS', status: 'SENT', note: MESSENGER_REASONS.bySms });
    });

    it('the parent last wrote to the page 30 hours ago: Messenger is not even called, the message goes by SMS', async () => {
      const { school, studentId, psid } = await messengerStudent({
        parentPhone: '+639175550004',
        lastAt: new Date(Date.now() - 30 * 3_600_000).toISOString(),
      });
      const graphCalls = graph.requests.length;
      await addIntent(t.app, { studentId, schoolId: school.id }, 'CHECK_IN:attendance:fb-2');
      await drain(t.app, settled(studentId));
      expect(await historyOf(t.app, studentId)).toEqual([
        expect.objectContaining({ channel: 'SMS', status: 'SENT', note: MESSENGER_REASONS.bySms }),
      ]);
      expect(graph.requests.length).toBe(graphCalls);
      expect(graph.sent.filter((s) => s.psid === psid)).toEqual([]);
    });

    it('window closed and no parent phone: FAILED "Messenger window closed", nothing sent anywhere', async () => {
      const { school, studentId, psid } = await messengerStudent({ parentPhone: '' });
      graph.windowClosed.add(psid);
      await addIntent(t.app, { studentId, schoolId: school.id }, 'CHECK_IN:attendance:fb-3');
      await drain(t.app, settled(studentId));
      expect(await historyOf(t.app, studentId)).toEqual([
        expect.objectContaining({ channel: 'MESSENGER', status: 'FAILED', failureReason: 'Messenger window closed', note: null }),
      ]);
      expect(gw.posts.filter((p) => p.requestId.startsWith('CHECK_IN:attendance:fb-3'))).toEqual([]);
    });

    it('the parent writes to the page: the webhook records it, the window is open again and Messenger is used', async () => {
      const { school, studentId, psid } = await messengerStudent({
        parentPhone: '+639175550005',
        lastAt: new Date(Date.now() - 30 * 3_600_000).toISOString(),
      });
      const page = await t.app.db
        .selectFrom('facebookPages')
        .select('pageId')
        .where('schoolId', '=', school.id)
        .executeTakeFirstOrThrow();
      const body = JSON.stringify({
        object: 'page',
        entry: [
          {
            id: page.pageId,
            time: Date.now(),
            messaging: [
              {
                sender: { id: psid },
                recipient: { id: page.pageId },
                timestamp: Date.now(),
                message: { mid: 'm_1', text: 'hi' },
              },
            ],
          },
        ],
      });
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/messenger',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', 'urgency-app-secret').update(body).digest('hex')}`,
        },
      });
      expect(hook.statusCode).toBe(200);
      await addIntent(t.app, { studentId, schoolId: school.id }, 'CHECK_IN:attendance:fb-5');
      await drain(t.app, settled(studentId));
      expect(await historyOf(t.app, studentId)).toEqual([
        expect.objectContaining({ channel: 'MESSENGER', status: 'SENT', note: null }),
      ]);
      expect(graph.sent.filter((s) => s.psid === psid)).toHaveLength(1);
    });

    it('the parent wrote an hour ago: the window is open and the message goes by Messenger', async () => {
      const { school, studentId, psid } = await messengerStudent({ lastAt: new Date(Date.now() - 3_600_000).toISOString() });
      await addIntent(t.app, { studentId, schoolId: school.id }, 'CHECK_IN:attendance:fb-4');
      await drain(t.app, settled(studentId));
      expect(await historyOf(t.app, studentId)).toEqual([
        expect.objectContaining({ channel: 'MESSENGER', status: 'SENT', note: null }),
      ]);
      expect(graph.sent.filter((s) => s.psid === psid)).toHaveLength(1);
    });
  });
});
