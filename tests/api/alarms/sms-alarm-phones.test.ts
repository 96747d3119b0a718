import { describe, expect, it } from 'vitest';
import { SMS_DEVICE_MESSAGES } from '@domain/devices/sms-devices';
import { dbKind } from '../../helpers/app';
import { logsOf } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { postGatewayEvent } from '../../fixtures/sms-gateway';
import { alarmHarness, MINUTE } from './harness';

/*
 * SMS alarms of a phone, against the stand-in httpSMS gateway on a held test clock (./harness.ts): its
 * credits used up (402: paused until the school's midnight, the message not burned and sent by another phone or after
 * the pause), silent (handed or refused messages and no send reported for 10 minutes), or its heartbeat over an hour
 * old. Each is raised once with one notice through another working phone, and clears by itself.
 */
describe(`SMS alarms: a phone (${dbKind})`, () => {
  const h = alarmHarness();

  it('402: the phone pauses until midnight, the message goes through the school’s other phone (not failed, one attempt); one alarm and one notice through the other phone; a test send that goes through resumes it', async () => {
    const s = await h.school();
    const paced = { schoolId: s.id, sendRatePerMinute: 10 };
    const tired = await addDevice(h.app, h.token, { ...paced, isDefault: true, apiKey: 'tired-key-000000001' });
    const fresh = await addDevice(h.app, h.token, { ...paced, apiKey: 'fresh-key-000000001' });
    h.gw.quotas.set('tired-key-000000001', 0);
    const studentId = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId, schoolId: s.id });
    await h.app.outbox.runOnce();

    const [note] = await historyOf(h.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: fresh.id, failureReason: null });
    expect(h.gw.posts.filter((p) => p.requestId === note!.requestId).map((p) => p.status)).toEqual([402, 200]);
    const paused = await h.app.db
      .selectFrom('smsDevices')
      .select('pausedUntil')
      .where('id', '=', tired.id)
      .executeTakeFirstOrThrow();
    // Midnight in Manila after 06:45 on the 24th.
    expect(paused.pausedUntil).toBe('2026-11-24T16:00:00.000Z');

    // The other phone has room again (one gap of 6 s on): the check's notice goes through it at once.
    await h.advance(6000);
    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'CREDITS_USED_UP',
      device: { id: tired.id, phoneNumber: tired.phoneNumber },
      message: expect.stringMatching(
        /has used up its httpSMS credits: it is paused until 2026-11-25 00:00, and the other phones take its messages\.$/,
      ),
      noticeStatus: 'SENT',
    });
    expect(h.noticesOf(alarm.id).map((m) => ({ from: m.from, to: m.to }))).toEqual([
      { from: fresh.phoneNumber, to: await h.contactOf(s.id) },
    ]);
    expect(h.postsOf(alarm.id)).toHaveLength(1);

    // Ten minutes on, the account is topped up; a test send from Device Management goes through and resumes the
    // phone, which is not taken for silent: the message it refused was never handed to it.
    await h.advance(10 * MINUTE);
    expect(await h.alarmsOf(s.id)).toHaveLength(1);
    h.gw.quotas.delete('tired-key-000000001');
    const test = await h.call({
      method: 'POST',
      url: `/api/super-admin/sms-devices/${tired.id}/test`,
      payload: { testPhoneNumber: '+639170000001' },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json().message).toBe(SMS_DEVICE_MESSAGES.testSent);
    expect((await logsOf(h.app, 'TEST_SMS_DEVICE'))[0]?.details).toMatchObject({ resumed: true });
    await h.clearedOnce(s.id, alarm.id);
    await h.settle(s.id);
  });

  it("402 on a school's only phone: the message waits (no attempt, its reason shown), no phone for the notice; after midnight the phone sends it and both alarms clear", async () => {
    const s = await h.school();
    const only = await addDevice(h.app, h.token, { schoolId: s.id, isDefault: true, apiKey: 'only-key-0000000001' });
    h.gw.quotas.set('only-key-0000000001', 0);
    const studentId = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId, schoolId: s.id });
    await h.app.outbox.runOnce();

    const reason = 'Waiting: every SMS device has used up its httpSMS credits (paused until 00:00)';
    await h.waitsWithoutAttempt(studentId, reason);
    // Looked at again while paused: not handed to the paused phone, not counted.
    await h.advance(MINUTE);
    await h.app.outbox.runOnce();
    expect(h.gw.posts.filter((p) => p.apiKey === 'only-key-0000000001').map((p) => p.status)).toEqual([402]);
    await h.waitsWithoutAttempt(studentId, reason);

    await h.app.alarms.check();
    const alarms = await h.alarmsOf(s.id);
    expect(alarms.map((a) => [a.kind, a.noticeStatus]).sort()).toEqual([
      ['CREDITS_USED_UP', 'NO_DEVICE'],
      ['NO_DEVICE', 'NO_DEVICE'],
    ]);
    expect(alarms.find((a) => a.kind === 'NO_DEVICE')?.message).toBe(
      'Messages are waiting and no SMS device can send them: every device has used up its httpSMS credits.',
    );

    // A new month's credits, and the school's next day: the phone sends the message once.
    h.gw.quotas.delete('only-key-0000000001');
    h.clock.stopAt('2026-11-24T16:00:30.000Z');
    await h.signInAgain();
    await h.step();
    const [note] = await historyOf(h.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: only.id, failureReason: null });
    expect(h.gw.messages.filter((m) => m.requestId === note!.requestId)).toHaveLength(1);
    await h.clearedOnce(s.id, ...alarms.map((a) => a.id));
    await h.settle(s.id);
  });

  it('a silent phone (screen off): handed messages for 10 minutes and reported no send → alarm, notice through the other phone; it clears when the phone sends again', async () => {
    const { s, asleep, awake, phone } = await h.sleepingPhone();
    const studentId = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId, schoolId: s.id });
    await h.step();
    const [note] = await historyOf(h.app, studentId);
    expect(note).toMatchObject({ status: 'SENT', deviceId: asleep.id });
    expect(phone.queue.map((m) => m.requestId)).toEqual([note!.requestId]);

    await h.advance(9 * MINUTE);
    await h.app.alarms.check();
    expect(await h.alarmsOf(s.id)).toEqual([]);
    await h.advance(MINUTE);
    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({
      kind: 'DEVICE_SILENT',
      device: { id: asleep.id },
      message: `${(alarm.device as { name: string }).name} (${asleep.phoneNumber}) has sent nothing for 10 minutes while messages waited for it.`,
      noticeStatus: 'SENT',
    });
    expect(h.noticesOf(alarm.id).map((m) => m.from)).toEqual([awake.phoneNumber]);

    // Woken, the phone sends the next message handed to it and reports it: the alarm clears.
    phone.setOnline(true);
    const next = await addStudent(h.app, s.id);
    await addIntent(h.app, { studentId: next, schoolId: s.id });
    await h.step();
    expect((await historyOf(h.app, next))[0]).toMatchObject({ status: 'SENT', deviceId: asleep.id });
    await h.advance(2000);
    await h.clearedOnce(s.id, alarm.id);
    await h.settle(s.id);
  });

  it('a phone whose key the gateway refuses counts as silent too: 10 minutes after its refused hand-over → alarm', async () => {
    const s = await h.school();
    const paced = { schoolId: s.id, sendRatePerMinute: 10 };
    const refused = await addDevice(h.app, h.token, { ...paced, isDefault: true, apiKey: 'revoked-key-0000001' });
    const working = await addDevice(h.app, h.token, { ...paced, apiKey: 'working-key-0000001' });
    h.gw.keys.add('working-key-0000001');
    try {
      const studentId = await addStudent(h.app, s.id);
      await addIntent(h.app, { studentId, schoolId: s.id });
      await h.step();
      // The refused phone passes the message on: the other one sends it.
      expect((await historyOf(h.app, studentId))[0]).toMatchObject({ status: 'SENT', deviceId: working.id });
      expect(h.gw.posts.filter((p) => p.apiKey === 'revoked-key-0000001').map((p) => p.status)).toEqual([401]);
      await h.advance(9 * MINUTE);
      await h.app.alarms.check();
      expect(await h.alarmsOf(s.id)).toEqual([]);
      await h.advance(MINUTE);
      const alarm = await h.raisedOnce(s.id);
      expect(alarm).toMatchObject({ kind: 'DEVICE_SILENT', device: { id: refused.id }, noticeStatus: 'SENT' });
      expect(h.noticesOf(alarm.id).map((m) => m.from)).toEqual([working.phoneNumber]);
    } finally {
      h.gw.keys.clear();
    }
    await h.settle(s.id);
  });

  it('a heartbeat older than an hour (GET /v1/heartbeats) → alarm with one notice through the other phone; a new heartbeat clears it', async () => {
    const { s, asleep: off, awake: on, phone } = await h.sleepingPhone();
    const lastBeat = h.clock.now().toISOString();
    await h.app.alarms.check();
    expect(
      await h.app.db
        .selectFrom('smsDevices')
        .select(['heartbeatAt', 'lastActive'])
        .where('id', '=', off.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ heartbeatAt: lastBeat, lastActive: lastBeat });
    await h.advance(59 * MINUTE);
    await h.app.alarms.check();
    expect(await h.alarmsOf(s.id)).toEqual([]);
    await h.advance(MINUTE + 1000);
    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({ kind: 'HEARTBEAT_STALE', device: { id: off.id }, noticeStatus: 'SENT' });
    expect(alarm.message).toMatch(
      new RegExp(`\\(\\${off.phoneNumber}\\) has sent no heartbeat since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\.$`),
    );
    expect(h.noticesOf(alarm.id).map((m) => m.from)).toEqual([on.phoneNumber]);

    phone.setOnline(true);
    await h.advance(5 * MINUTE);
    await h.clearedOnce(s.id, alarm.id);
    await h.settle(s.id);
  });

  it("the gateway's phone.heartbeat.offline webhook names the last heartbeat: over an hour old → alarm at the next check", async () => {
    const { s, asleep } = await h.sleepingPhone();
    // A number the gateway's heartbeat list does not know (GET /v1/heartbeats says nothing of it): only the webhook tells.
    const unknown = '+639189990001';
    await h.app.db.updateTable('smsDevices').set({ phoneNumber: unknown }).where('id', '=', asleep.id).execute();
    const last = new Date(h.clock.now().getTime() - 61 * MINUTE).toISOString();
    expect(
      await postGatewayEvent(h.gw.webhook!, 'phone.heartbeat.offline', {
        owner: unknown,
        last_heartbeat_timestamp: last,
        timestamp: h.clock.now().toISOString(),
      }),
    ).toBe(200);
    const device = await h.app.db
      .selectFrom('smsDevices')
      .select(['heartbeatAt', 'lastActive'])
      .where('id', '=', asleep.id)
      .executeTakeFirstOrThrow();
    // The offline verdict is not activity: last active stays as it was.
    expect(device).toEqual({ heartbeatAt: last, lastActive: null });
    const alarm = await h.raisedOnce(s.id);
    expect(alarm).toMatchObject({ kind: 'HEARTBEAT_STALE', device: { id: asleep.id, phoneNumber: unknown } });
    await h.settle(s.id);
  });
});
