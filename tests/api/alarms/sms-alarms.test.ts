import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '@core/config';
import { SMS_DEVICE_MESSAGES } from '@domain/devices/sms-devices';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { testClock } from '../../helpers/clock';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { postGatewayEvent, startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

/*
 * SMS alarms against the stand-in httpSMS gateway, on a held test clock (the gateway stamps and paces on the same
 * clock): for each kind, the alarm is raised once (one system-log entry, one live banner row, one notice to the
 * school's contact number through another working phone, or a log line saying there is none) and clears by itself
 * when sending moves again. A 402 pauses the phone without burning the message.
 */
const MINUTE = 60_000;
/** 06:45 in Manila (the default zone), a past day: the gateway's webhooks are dated on this clock. */
const START = '2026-11-23T22:45:00.000Z';

describe(`SMS alarms (${dbKind})`, () => {
  const clock = testClock();
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  let seq = 0;
  const secret = 'alarm-webhook-secret';
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    clock.stopAt(START);
    gw = await startStandInGateway({ clock });
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        smsWebhookSecret: secret,
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          // Messages here may wait as long as a test makes them (expiry has its own tests).
          attendanceExpiryHours: 24 * 365,
          noticeMaxDelayMinutes: 24 * 365 * 60,
        },
      },
      { clock },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    gw.webhook = {
      url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/webhooks/sms`,
      secret,
      delayMs: 1000,
    };
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    clock.resume();
    await t.close();
    await gw.close();
  });

  /** A school with a contact number (unique per call). */
  const school = async () => {
    seq += 1;
    return createSchool(t.app, token, { contactNumber: `+6391770${String(1000 + seq)}` });
  };
  const contactOf = async (schoolId: number) =>
    (await t.app.db.selectFrom('schools').select('contactNumber').where('id', '=', schoolId).executeTakeFirstOrThrow())
      .contactNumber!;

  /** GET /sms-alarms as the super admin (of one school). */
  const alarmsOf = async (schoolId: number) => {
    const res = await call({ method: 'GET', url: `/api/super-admin/sms-alarms?schoolId=${schoolId}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<Record<string, unknown> & { id: number; kind: string; noticeStatus: string }>;
  };
  const logsFor = async (action: string, alarmId: number) =>
    (await logsOf(t.app, action)).filter((l) => l.entityId === String(alarmId));
  /** What the gateway accepted for the alarm's notice. */
  const noticesOf = (alarmId: number) => gw.messages.filter((m) => m.requestId === `alarm:${alarmId}`);
  const postsOf = (alarmId: number) => gw.posts.filter((p) => p.requestId === `alarm:${alarmId}`);

  /** Moves the clock (and the gateway's phones, with their webhooks); a session idle that long signs in again. */
  async function advance(ms: number) {
    await gw.advance(ms);
    token = await loginSuperAdmin(t.app);
  }

  /** Sends what is due, checks the alarms, and lets the gateway's webhooks arrive. */
  async function step() {
    await t.app.outbox.runOnce();
    await gw.tick();
    await t.app.alarms.check();
  }

  /** Two checks: the school has exactly one alarm, raised once (one log entry); returns it. */
  async function raisedOnce(schoolId: number) {
    await t.app.alarms.check();
    await t.app.alarms.check();
    const alarms = await alarmsOf(schoolId);
    expect(alarms).toHaveLength(1);
    expect(await logsFor('SMS_ALARM_RAISED', alarms[0]!.id)).toHaveLength(1);
    return alarms[0]!;
  }

  /** A check: the school's alarms are cleared, each with one log entry. */
  async function clearedOnce(schoolId: number, ...ids: number[]) {
    await t.app.alarms.check();
    expect(await alarmsOf(schoolId)).toEqual([]);
    for (const id of ids) expect(await logsFor('SMS_ALARM_CLEARED', id)).toHaveLength(1);
  }

  /** The student's SMS waits: History PENDING with `reason`, its outbox row pending with no attempt counted. */
  async function waitsWithoutAttempt(studentId: number, reason: string) {
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'PENDING', failureReason: reason });
    const row = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['status', 'attempts'])
      .where('studentId', '=', studentId)
      .where('channel', '=', 'SMS')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 0 });
  }

  /** A school with two paced phones: the default one asleep at the gateway (screen off), the other awake. */
  async function sleepingPhone() {
    const s = await school();
    const asleep = await addDevice(t.app, token, { schoolId: s.id, isDefault: true, sendRatePerMinute: 10 });
    const awake = await addDevice(t.app, token, { schoolId: s.id, sendRatePerMinute: 10 });
    return { s, asleep, awake, phone: gw.addPhone(asleep.phoneNumber, { online: false }) };
  }

  /** Ends whatever this school (and a global phone) left waiting, so later tests' checks see nothing of it. */
  async function settle(schoolId: number) {
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ status: 'failed' })
      .where('schoolId', '=', schoolId)
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    // Its phones, and any global one a test added, send nothing more.
    await t.app.db
      .updateTable('smsDevices')
      .set({ status: 'INACTIVE' })
      .where((eb) => eb.or([eb('schoolId', '=', schoolId), eb('schoolId', 'is', null)]))
      .execute();
    await t.app.alarms.check();
    expect(await alarmsOf(schoolId)).toEqual([]);
  }

  it('no device: the message waits with its reason (no attempt); one alarm, seen by the school and the super admin; no phone for the notice, said in the log; clears when a phone comes', async () => {
    const s = await school();
    const other = await school();
    const studentId = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId, schoolId: s.id });
    await t.app.outbox.runOnce();

    await waitsWithoutAttempt(studentId, 'Waiting: no active SMS device for this school');

    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'NO_DEVICE',
      school: { id: s.id, name: s.name, acronym: s.acronym },
      device: null,
      message: 'Messages are waiting and no SMS device can send them: no active SMS device.',
      raisedAt: START,
      clearedAt: null,
      noticeStatus: 'NO_DEVICE',
      timeZone: 'Asia/Manila',
    });
    // The super admin's list names the school; its own admin sees it, another school's admin does not.
    const all = (await call({ method: 'GET', url: '/api/super-admin/sms-alarms' })).json().data as Array<{ id: number }>;
    expect(all.map((a) => a.id)).toContain(alarm.id);
    const mine = await signedInAdmin(t.app, s.id, ['VIEW_SMS_HISTORY']);
    const theirs = await signedInAdmin(t.app, other.id, ['VIEW_SMS_HISTORY']);
    const asMine = await as(mine.token)(t.app, { method: 'GET', url: '/api/admin/sms-alarms' });
    expect(asMine.statusCode).toBe(200);
    expect(asMine.json().data).toEqual([alarm]);
    expect((await as(theirs.token)(t.app, { method: 'GET', url: '/api/admin/sms-alarms' })).json().data).toEqual([]);
    const cross = await as(theirs.token)(t.app, { method: 'GET', url: `/api/admin/sms-alarms?schoolId=${s.id}` });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('School not found');
    const bad = await call({ method: 'GET', url: '/api/super-admin/sms-alarms?schoolId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ schoolId: 'School must be a school id' });

    // One log entry for the raise, one saying why no notice went, however many checks.
    const raised = await logsFor('SMS_ALARM_RAISED', alarm.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ userRole: 'SYSTEM', schoolId: s.id, details: { kind: 'NO_DEVICE', schoolId: s.id } });
    const notice = await logsFor('SMS_ALARM_NOTICE', alarm.id);
    expect(notice.map((l) => l.details)).toEqual([
      {
        kind: 'NO_DEVICE',
        schoolId: s.id,
        sent: false,
        to: await contactOf(s.id),
        reason: 'No other working SMS device to send the notice through',
      },
    ]);

    // A phone comes: the message goes at its next look, and the alarm clears once.
    await addDevice(t.app, token, { schoolId: s.id, isDefault: true });
    await advance(MINUTE);
    await step();
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'SENT', failureReason: null });
    await clearedOnce(s.id, alarm.id);
    await settle(s.id);
  });

  it('live: sms:alarm reaches the super admin and the school’s admins with VIEW_SMS_HISTORY when raised and when cleared; never another school’s', async () => {
    const s = await school();
    const other = await school();
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const connect = async (bearer: string, join: string) => {
      const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: bearer }, reconnection: false });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      expect(await socket.timeout(3000).emitWithAck(join)).toEqual({ ok: true });
      return socket;
    };
    /** The sms:alarm events a socket gets, in order. */
    const heard = (socket: Socket) => {
      const events: Array<{ id: number; school: { id: number } | null; clearedAt: string | null }> = [];
      socket.on('sms:alarm', (e: (typeof events)[number]) => events.push(e));
      return events;
    };
    const sockets = [
      await connect(token, 'joinSuperAdmin'),
      await connect((await signedInAdmin(t.app, s.id, ['VIEW_SMS_HISTORY'])).token, 'joinSchool'),
      await connect((await signedInAdmin(t.app, other.id, ['VIEW_SMS_HISTORY'])).token, 'joinSchool'),
    ];
    const [root, mine, theirs] = sockets.map(heard);
    const studentId = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId, schoolId: s.id });
    await t.app.outbox.runOnce();
    const alarm = await raisedOnce(s.id);
    await expect.poll(() => mine!.length).toBe(1);
    await settle(s.id);
    await expect.poll(() => mine!.length).toBe(2);
    await expect.poll(() => root!.filter((e) => e.id === alarm.id).length).toBe(2);
    for (const events of [mine!, root!.filter((e) => e.id === alarm.id)]) {
      // Emitted as it is raised: its notice is still to be tried then.
      expect(events[0]).toEqual({ ...alarm, noticeStatus: 'PENDING' });
      expect(events[1]).toMatchObject({ id: alarm.id, school: { id: s.id }, clearedAt: clock.now().toISOString() });
    }
    expect(theirs).toEqual([]);
    for (const socket of sockets) socket.disconnect();
  });

  it("every device at its daily limit: the alarm's notice goes through a global phone to the school's contact, once", async () => {
    const s = await school();
    const own = await addDevice(t.app, token, { schoolId: s.id, isDefault: true, dailyLimit: 1 });
    const global = await addDevice(t.app, token, { schoolId: null });
    const first = await addStudent(t.app, s.id);
    const second = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId: first, schoolId: s.id });
    await addIntent(t.app, { studentId: second, schoolId: s.id });
    await t.app.outbox.runOnce();
    // One went (the school's phone's one message today), the other waits.
    const statuses = [(await historyOf(t.app, first))[0]?.status, (await historyOf(t.app, second))[0]?.status];
    expect(statuses.sort()).toEqual(['PENDING', 'SENT']);

    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'NO_DEVICE',
      message: 'Messages are waiting and no SMS device can send them: every device is paused or has reached its daily limit.',
      noticeStatus: 'SENT',
    });
    const notices = noticesOf(alarm.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ from: global.phoneNumber, to: await contactOf(s.id) });
    expect(notices[0]!.content).toBe(
      `${s.acronym} SMS alarm: ${alarm.message as string} Add an SMS device in Device Management, or set one to Active.`,
    );
    expect(postsOf(alarm.id)).toHaveLength(1);
    expect((await logsFor('SMS_ALARM_NOTICE', alarm.id)).map((l) => l.details)).toEqual([
      {
        kind: 'NO_DEVICE',
        schoolId: s.id,
        sent: true,
        to: await contactOf(s.id),
        device: expect.any(String),
        deviceId: global.id,
      },
    ]);
    expect(own.id).not.toBe(global.id);
    await settle(s.id);
  });

  it('402: the phone pauses until midnight, the message goes through the school’s other phone (not failed, one attempt); one alarm and one notice through the other phone; a test send that goes through resumes it', async () => {
    const s = await school();
    const paced = { schoolId: s.id, sendRatePerMinute: 10 };
    const tired = await addDevice(t.app, token, { ...paced, isDefault: true, apiKey: 'tired-key-000000001' });
    const fresh = await addDevice(t.app, token, { ...paced, apiKey: 'fresh-key-000000001' });
    gw.quotas.set('tired-key-000000001', 0);
    const studentId = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId, schoolId: s.id });
    await t.app.outbox.runOnce();

    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: fresh.id, failureReason: null });
    expect(gw.posts.filter((p) => p.requestId === note!.requestId).map((p) => p.status)).toEqual([402, 200]);
    const paused = await t.app.db
      .selectFrom('smsDevices')
      .select('pausedUntil')
      .where('id', '=', tired.id)
      .executeTakeFirstOrThrow();
    // Midnight in Manila after 06:45 on the 24th.
    expect(paused.pausedUntil).toBe('2026-11-24T16:00:00.000Z');

    // The other phone has room again (one gap of 6 s on): the check's notice goes through it at once.
    await advance(6000);
    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'CREDITS_USED_UP',
      device: { id: tired.id, phoneNumber: tired.phoneNumber },
      message: expect.stringMatching(
        /has used up its httpSMS credits: it is paused until 2026-11-25 00:00, and the other phones take its messages\.$/,
      ),
      noticeStatus: 'SENT',
    });
    expect(noticesOf(alarm.id).map((m) => ({ from: m.from, to: m.to }))).toEqual([
      { from: fresh.phoneNumber, to: await contactOf(s.id) },
    ]);
    expect(postsOf(alarm.id)).toHaveLength(1);

    // Ten minutes on, the account is topped up; a test send from Device Management goes through and resumes the
    // phone, which is not taken for silent: the message it refused was never handed to it.
    await advance(10 * MINUTE);
    expect(await alarmsOf(s.id)).toHaveLength(1);
    gw.quotas.delete('tired-key-000000001');
    const test = await call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${tired.id}/test`,
      payload: { testPhoneNumber: '+639170000001' },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json().message).toBe(SMS_DEVICE_MESSAGES.testSent);
    expect((await logsOf(t.app, 'TEST_SMS_DEVICE'))[0]?.details).toMatchObject({ resumed: true });
    await clearedOnce(s.id, alarm.id);
    await settle(s.id);
  });

  it("402 on a school's only phone: the message waits (no attempt, its reason shown), no phone for the notice; after midnight the phone sends it and both alarms clear", async () => {
    const s = await school();
    const only = await addDevice(t.app, token, { schoolId: s.id, isDefault: true, apiKey: 'only-key-0000000001' });
    gw.quotas.set('only-key-0000000001', 0);
    const studentId = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId, schoolId: s.id });
    await t.app.outbox.runOnce();

    const reason = 'Waiting: every SMS device has used up its httpSMS credits (paused until 00:00)';
    await waitsWithoutAttempt(studentId, reason);
    // Looked at again while paused: not handed to the paused phone, not counted.
    await advance(MINUTE);
    await t.app.outbox.runOnce();
    expect(gw.posts.filter((p) => p.apiKey === 'only-key-0000000001').map((p) => p.status)).toEqual([402]);
    await waitsWithoutAttempt(studentId, reason);

    await t.app.alarms.check();
    const alarms = await alarmsOf(s.id);
    expect(alarms.map((a) => [a.kind, a.noticeStatus]).sort()).toEqual([
      ['CREDITS_USED_UP', 'NO_DEVICE'],
      ['NO_DEVICE', 'NO_DEVICE'],
    ]);
    expect(alarms.find((a) => a.kind === 'NO_DEVICE')?.message).toBe(
      'Messages are waiting and no SMS device can send them: every device has used up its httpSMS credits.',
    );

    // A new month's credits, and the school's next day: the phone sends the message once.
    gw.quotas.delete('only-key-0000000001');
    clock.stopAt('2026-11-24T16:00:30.000Z');
    token = await loginSuperAdmin(t.app);
    await step();
    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: only.id, failureReason: null });
    expect(gw.messages.filter((m) => m.requestId === note!.requestId)).toHaveLength(1);
    await clearedOnce(s.id, ...alarms.map((a) => a.id));
    await settle(s.id);
  });

  it('a silent phone (screen off): handed messages for 10 minutes and reported no send → alarm, notice through the other phone; it clears when the phone sends again', async () => {
    const { s, asleep, awake, phone } = await sleepingPhone();
    const studentId = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId, schoolId: s.id });
    await step();
    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: asleep.id });
    expect(phone.queue.map((m) => m.requestId)).toEqual([note!.requestId]);

    await advance(9 * MINUTE);
    await t.app.alarms.check();
    expect(await alarmsOf(s.id)).toEqual([]);
    await advance(MINUTE);
    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'DEVICE_SILENT',
      device: { id: asleep.id },
      message: `${(alarm.device as { name: string }).name} (${asleep.phoneNumber}) has sent nothing for 10 minutes while messages waited for it.`,
      noticeStatus: 'SENT',
    });
    expect(noticesOf(alarm.id).map((m) => m.from)).toEqual([awake.phoneNumber]);

    // Woken, the phone sends the next message handed to it and reports it: the alarm clears.
    phone.setOnline(true);
    const next = await addStudent(t.app, s.id);
    await addIntent(t.app, { studentId: next, schoolId: s.id });
    await step();
    expect((await historyOf(t.app, next))[0]).toMatchObject({ status: 'SENT', deviceId: asleep.id });
    await advance(2000);
    await clearedOnce(s.id, alarm.id);
    await settle(s.id);
  });

  it('a phone whose key the gateway refuses counts as silent too: 10 minutes after its refused hand-over → alarm', async () => {
    const s = await school();
    const paced = { schoolId: s.id, sendRatePerMinute: 10 };
    const refused = await addDevice(t.app, token, { ...paced, isDefault: true, apiKey: 'revoked-key-0000001' });
    const working = await addDevice(t.app, token, { ...paced, apiKey: 'working-key-0000001' });
    gw.keys.add('working-key-0000001');
    try {
      const studentId = await addStudent(t.app, s.id);
      await addIntent(t.app, { studentId, schoolId: s.id });
      await step();
      // The refused phone passes the message on: the other one sends it.
      expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'SENT', deviceId: working.id });
      expect(gw.posts.filter((p) => p.apiKey === 'revoked-key-0000001').map((p) => p.status)).toEqual([401]);
      await advance(9 * MINUTE);
      await t.app.alarms.check();
      expect(await alarmsOf(s.id)).toEqual([]);
      await advance(MINUTE);
      const alarm = await raisedOnce(s.id);
      expect(alarm).toMatchObject({ kind: 'DEVICE_SILENT', device: { id: refused.id }, noticeStatus: 'SENT' });
      expect(noticesOf(alarm.id).map((m) => m.from)).toEqual([working.phoneNumber]);
    } finally {
      gw.keys.clear();
    }
    await settle(s.id);
  });

  it('a heartbeat older than an hour (GET /v1/heartbeats) → alarm with one notice through the other phone; a new heartbeat clears it', async () => {
    const { s, asleep: off, awake: on, phone } = await sleepingPhone();
    const lastBeat = clock.now().toISOString();
    await t.app.alarms.check();
    expect(
      await t.app.db
        .selectFrom('smsDevices')
        .select(['heartbeatAt', 'lastActive'])
        .where('id', '=', off.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ heartbeatAt: lastBeat, lastActive: lastBeat });
    await advance(59 * MINUTE);
    await t.app.alarms.check();
    expect(await alarmsOf(s.id)).toEqual([]);
    await advance(MINUTE + 1000);
    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({ kind: 'HEARTBEAT_STALE', device: { id: off.id }, noticeStatus: 'SENT' });
    expect(alarm.message).toMatch(
      new RegExp(`\\(\\${off.phoneNumber}\\) has sent no heartbeat since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\.$`),
    );
    expect(noticesOf(alarm.id).map((m) => m.from)).toEqual([on.phoneNumber]);

    phone.setOnline(true);
    await advance(5 * MINUTE);
    await clearedOnce(s.id, alarm.id);
    await settle(s.id);
  });

  it("the gateway's phone.heartbeat.offline webhook names the last heartbeat: over an hour old → alarm at the next check", async () => {
    const { s, asleep } = await sleepingPhone();
    // A number the gateway's heartbeat list does not know (GET /v1/heartbeats says nothing of it): only the webhook tells.
    const unknown = '+639189990001';
    await t.app.db.updateTable('smsDevices').set({ phoneNumber: unknown }).where('id', '=', asleep.id).execute();
    const last = new Date(clock.now().getTime() - 61 * MINUTE).toISOString();
    expect(
      await postGatewayEvent(gw.webhook!, 'phone.heartbeat.offline', {
        owner: unknown,
        last_heartbeat_timestamp: last,
        timestamp: clock.now().toISOString(),
      }),
    ).toBe(200);
    const device = await t.app.db
      .selectFrom('smsDevices')
      .select(['heartbeatAt', 'lastActive'])
      .where('id', '=', asleep.id)
      .executeTakeFirstOrThrow();
    // The offline verdict is not activity: last active stays as it was.
    expect(device).toEqual({ heartbeatAt: last, lastActive: null });
    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({ kind: 'HEARTBEAT_STALE', device: { id: asleep.id, phoneNumber: unknown } });
    await settle(s.id);
  });

  it('the oldest waiting message has waited more than 15 minutes → alarm and one notice; clears once the queue catches up', async () => {
    const s = await school();
    const slow = await addDevice(t.app, token, { schoolId: s.id, isDefault: true, sendRatePerMinute: 1 });
    const students: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const studentId = await addStudent(t.app, s.id);
      await addIntent(t.app, { studentId, schoolId: s.id });
      students.push(studentId);
    }
    for (let m = 0; m < 15; m += 1) {
      await step();
      expect(await alarmsOf(s.id)).toEqual([]);
      await advance(MINUTE);
    }
    await t.app.outbox.runOnce();
    // The phone is busy with the queue: the notice takes its next moment, ahead of the queue, and waits for it.
    const checking = t.app.alarms.check();
    await advance(MINUTE);
    await checking;
    await t.app.outbox.runOnce();
    const alarm = await raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'QUEUE_WAIT',
      message: 'Messages have waited more than 15 minutes to be sent.',
      noticeStatus: 'SENT',
    });
    // The school's only phone is not the alarm's subject: it carries the notice at its pace, its next moment.
    const [notice] = noticesOf(alarm.id);
    expect(notice).toMatchObject({ from: slow.phoneNumber, at: clock.now().toISOString() });
    const times = gw.messages.filter((m) => m.from === slow.phoneNumber).map((m) => Date.parse(m.at));
    expect(Math.min(...times.slice(1).map((at, i) => at - times[i]!))).toBe(MINUTE);
    expect(postsOf(alarm.id)).toHaveLength(1);

    // The phone keeps up again (set unpaced, as a stand-in phone with no limit): the queue empties, the alarm clears.
    await t.app.db.updateTable('smsDevices').set({ sendRatePerMinute: 0 }).where('id', '=', slow.id).execute();
    await advance(2 * MINUTE);
    await step();
    const statuses = (await Promise.all(students.map((id) => historyOf(t.app, id)))).flat().map((n) => n.status);
    expect(statuses.filter((st) => st !== 'SENT' && st !== 'DELIVERED')).toEqual([]);
    await clearedOnce(s.id, alarm.id);
    await settle(s.id);
  });
});
