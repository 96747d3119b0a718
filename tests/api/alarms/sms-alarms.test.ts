import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { as, dbKind } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { alarmHarness, ALARM_START, MINUTE } from './harness';

/*
 * SMS alarms of a school's queue, against the stand-in httpSMS gateway on a held test clock (./harness.ts):
 * no device can take its messages, or its oldest message waits too long. Each is raised once (one system-log entry,
 * one live event, one notice to the school's contact through another working phone, or a log line saying there is
 * none), listed for the school and the super admin only, and clears by itself when sending moves again.
 */
describe(`SMS alarms: a school's queue (${dbKind})`, () => {
  const h = alarmHarness();

  it('no device: the message waits with its reason (no attempt); one alarm, seen by the school and the super admin; no phone for the notice, said in the log; clears when a phone comes', async () => {
    const s = await h.school();
    const other = await h.school();
    const studentId = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId, schoolId: s.id });
    await h.app.outbox.runOnce();

    await h.waitsWithoutAttempt(studentId, 'Waiting: no active SMS device for this school');

    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'NO_DEVICE',
      school: { id: s.id, name: s.name, acronym: s.acronym },
      device: null,
      message: 'Messages are waiting and no SMS device can send them: no active SMS device.',
      raisedAt: ALARM_START,
      clearedAt: null,
      noticeStatus: 'NO_DEVICE',
      timeZone: 'Asia/Manila',
    });
    // The super admin's list names the school; its own admin sees it, another school's admin does not.
    const all = (await h.call({ method: 'GET', url: '/api/super-admin/sms-alarms' })).json().data as Array<{ id: number }>;
    expect(all.map((a) => a.id)).toContain(alarm.id);
    const mine = await signedInAdmin(h.app, s.id, ['VIEW_SMS_HISTORY']);
    const theirs = await signedInAdmin(h.app, other.id, ['VIEW_SMS_HISTORY']);
    const asMine = await as(mine.token)(h.app, { method: 'GET', url: '/api/admin/sms-alarms' });
    expect(asMine.statusCode).toBe(200);
    expect(asMine.json().data).toEqual([alarm]);
    expect((await as(theirs.token)(h.app, { method: 'GET', url: '/api/admin/sms-alarms' })).json().data).toEqual([]);
    const cross = await as(theirs.token)(h.app, { method: 'GET', url: `/api/admin/sms-alarms?schoolId=${s.id}` });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('School not found');
    const bad = await h.call({ method: 'GET', url: '/api/super-admin/sms-alarms?schoolId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ schoolId: 'School must be a school id' });

    // One log entry for the raise, one saying why no notice went, however many checks.
    const raised = await h.logsFor('SMS_ALARM_RAISED', alarm.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ userRole: 'SYSTEM', schoolId: s.id, details: { kind: 'NO_DEVICE', schoolId: s.id } });
    const notice = await h.logsFor('SMS_ALARM_NOTICE', alarm.id);
    expect(notice.map((l) => l.details)).toEqual([
      {
        kind: 'NO_DEVICE',
        schoolId: s.id,
        sent: false,
        to: await h.contactOf(s.id),
        reason: 'No other working SMS device to send the notice through',
      },
    ]);

    // A phone comes: the message goes at its next look, and the alarm clears once.
    await addDevice(h.app, h.token, { schoolId: s.id, isDefault: true });
    await h.advance(MINUTE);
    await h.step();
    expect((await historyOf(h.app, studentId))[0]).toMatchObject({ status: 'SENT', failureReason: null });
    await h.clearedOnce(s.id, alarm.id);
    await h.settle(s.id);
  });

  it('live: sms:alarm reaches the super admin and the school’s admins with VIEW_SMS_HISTORY when raised and when cleared; never another school’s', async () => {
    const s = await h.school();
    const other = await h.school();
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
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
      await connect(h.token, 'joinSuperAdmin'),
      await connect((await signedInAdmin(h.app, s.id, ['VIEW_SMS_HISTORY'])).token, 'joinSchool'),
      await connect((await signedInAdmin(h.app, other.id, ['VIEW_SMS_HISTORY'])).token, 'joinSchool'),
    ];
    const [root, mine, theirs] = sockets.map(heard);
    const studentId = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId, schoolId: s.id });
    await h.app.outbox.runOnce();
    const alarm = await h.raisedOnce(s.id);
    await expect.poll(() => mine!.length).toBe(1);
    await h.settle(s.id);
    await expect.poll(() => mine!.length).toBe(2);
    await expect.poll(() => root!.filter((e) => e.id === alarm.id).length).toBe(2);
    for (const events of [mine!, root!.filter((e) => e.id === alarm.id)]) {
      // Emitted as it is raised: its notice is still to be tried then.
      expect(events[0]).toEqual({ ...alarm, noticeStatus: 'PENDING' });
      expect(events[1]).toMatchObject({ id: alarm.id, school: { id: s.id }, clearedAt: h.clock.now().toISOString() });
    }
    expect(theirs).toEqual([]);
    for (const socket of sockets) socket.disconnect();
  });

  it("every device at its daily limit: the alarm's notice goes through a global phone to the school's contact, once", async () => {
    const s = await h.school();
    const own = await addDevice(h.app, h.token, { schoolId: s.id, isDefault: true, dailyLimit: 1 });
    const global = await addDevice(h.app, h.token, { schoolId: null });
    const first = await addStudent(h.app, s.id);
    const second = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId: first, schoolId: s.id });
    await addIntent(h.app, { studentId: second, schoolId: s.id });
    await h.app.outbox.runOnce();
    // One went (the school's phone's one message today), the other waits.
    const statuses = [(await historyOf(h.app, first))[0]?.status, (await historyOf(h.app, second))[0]?.status];
    expect(statuses.sort()).toEqual(['PENDING', 'SENT']);

    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'NO_DEVICE',
      message: 'Messages are waiting and no SMS device can send them: every device is paused or has reached its daily limit.',
      noticeStatus: 'SENT',
    });
    const notices = h.noticesOf(alarm.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ from: global.phoneNumber, to: await h.contactOf(s.id) });
    expect(notices[0]!.content).toBe(
      `${s.acronym} SMS alarm: ${alarm.message as string} Add an SMS device in Device Management, or set one to Active.`,
    );
    expect(h.postsOf(alarm.id)).toHaveLength(1);
    expect((await h.logsFor('SMS_ALARM_NOTICE', alarm.id)).map((l) => l.details)).toEqual([
      {
        kind: 'NO_DEVICE',
        schoolId: s.id,
        sent: true,
        to: await h.contactOf(s.id),
        device: expect.any(String),
        deviceId: global.id,
      },
    ]);
    expect(own.id).not.toBe(global.id);
    await h.settle(s.id);
  });

  it('the oldest waiting message has waited more than 15 minutes → alarm and one notice; clears once the queue catches up', async () => {
    const s = await h.school();
    const slow = await addDevice(h.app, h.token, { schoolId: s.id, isDefault: true, sendRatePerMinute: 1 });
    const students: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const studentId = await addStudent(h.app, s.id);
      await addIntent(h.app, { studentId, schoolId: s.id });
      students.push(studentId);
    }
    for (let m = 0; m < 15; m += 1) {
      await h.step();
      expect(await h.alarmsOf(s.id)).toEqual([]);
      await h.advance(MINUTE);
    }
    await h.app.outbox.runOnce();
    // The phone is busy with the queue: the notice takes its next moment, ahead of the queue, and waits for it.
    const checking = h.app.alarms.check();
    await h.advance(MINUTE);
    await checking;
    await h.app.outbox.runOnce();
    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'QUEUE_WAIT',
      message: 'Messages have waited more than 15 minutes to be sent.',
      noticeStatus: 'SENT',
    });
    // The school's only phone is not the alarm's subject: it carries the notice at its pace, its next moment.
    const [notice] = h.noticesOf(alarm.id);
    expect(notice).toMatchObject({ from: slow.phoneNumber, at: h.clock.now().toISOString() });
    const times = h.gw.messages.filter((m) => m.from === slow.phoneNumber).map((m) => Date.parse(m.at));
    expect(Math.min(...times.slice(1).map((at, i) => at - times[i]!))).toBe(MINUTE);
    expect(h.postsOf(alarm.id)).toHaveLength(1);

    // The phone keeps up again (set unpaced, as a stand-in phone with no limit): the queue empties, the alarm clears.
    await h.app.db.updateTable('smsDevices').set({ sendRatePerMinute: 0 }).where('id', '=', slow.id).execute();
    await h.advance(2 * MINUTE);
    await h.step();
    const statuses = (await Promise.all(students.map((id) => historyOf(h.app, id)))).flat().map((n) => n.status);
    expect(statuses.filter((st) => st !== 'SENT' && st !== 'DELIVERED')).toEqual([]);
    await h.clearedOnce(s.id, alarm.id);
    await h.settle(s.id);
  });
});
