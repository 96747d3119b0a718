import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, expandOnly, historyOf } from '../../helpers/notifications';
import { at, lastSchoolDay } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { addDays, nowIso, startOfLocalDay } from '@core/time/time';
import { EXPIRY_REASONS } from '../../../server/features/outbox/urgency';
import type { NotificationIntent } from '../../../server/features/outbox/intents';

const BY_DELAY = 'Expired: not sent within 30 minutes of the tap, and an arrival or departure notice is never sent late';

/**
 * ATTENDANCE_NOTICE_MAX_DELAY (default 30 minutes): an arrival or departure notice that cannot be sent within that
 * long of the tap is EXPIRED with the reason, never sent; other notices keep the end-of-day rule. Time moves by the
 * server's clock (a test clock); real worker, real database, the stand-in httpSMS gateway on 127.0.0.1.
 */
describe(`outbox expiry by delay (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  const day = lastSchoolDay();
  const clock = testClock();
  /** The server's clock at `time` of `day`, held there (the sweep runs at most once per second of it). */
  const clockAt = (time: string) => clock.stopAt(at(day, time));
  /** The held clock `minutes` later. */
  const later = (minutes: number) => clock.advance(minutes * 60_000);
  const outboxOf = (studentId: number) =>
    t.app.db.selectFrom('notificationOutbox').selectAll().where('studentId', '=', studentId).orderBy('id').execute();
  const postsOf = (key: string) => gw.posts.filter((p) => p.requestId === `${key}:SMS`);
  let seq = 0;

  /** A learner of a school with a phone, and one notice of `type` for the clock's now; returns its key. */
  async function notice(type: NotificationIntent['type'], occurredAt = clock.now().toISOString()) {
    seq += 1;
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id);
    const key = `${type}:attendance:delay-${seq}-${Date.now()}`;
    let attendanceId: number | undefined;
    if (type === 'ABSENCE') {
      const record = await t.app.db
        .insertInto('attendanceRecords')
        .values({ studentId, schoolId: school.id, date: day, status: 'ABSENT', createdAt: nowIso(), updatedAt: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      attendanceId = record.id;
    }
    const extra = {
      ...(attendanceId ? { attendanceId } : {}),
      ...(type === 'CUSTOM' ? { text: 'Bring your report cards' } : {}),
    };
    await addIntent(t.app, { type, studentId, schoolId: school.id, occurredAt, ...extra }, key);
    return { key, studentId };
  }

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        outbox: { ...loadConfig({}).outbox, enabled: false, baseDelayMs: 20, maxDelayMs: 80, maxAttempts: 50 },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
  });
  afterEach(() => {
    clock.resume();
    gw.down = false;
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a check-in waiting for the phone when 30 minutes have passed is EXPIRED by the sweep with its reason, never sent', async () => {
    clockAt('07:02');
    const { key, studentId } = await notice('CHECK_IN');
    gw.down = true; // the school's phone is off
    await drain(t.app, async () => ((await outboxOf(studentId)).find((r) => r.channel === 'SMS')?.attempts ?? 0) >= 1);
    const sms = (await outboxOf(studentId)).find((r) => r.channel === 'SMS')!;
    expect(sms).toMatchObject({ status: 'pending', expiresAt: at(day, '07:32') });
    gw.down = false;
    later(30);
    await t.app.outbox.runOnce();
    const [note] = await historyOf(t.app, studentId);
    expect(note).toMatchObject({ status: 'EXPIRED', failureReason: BY_DELAY, sentAt: null });
    expect((await outboxOf(studentId)).find((r) => r.channel === 'SMS')).toMatchObject({
      status: 'expired',
      lastError: BY_DELAY,
    });
    expect(postsOf(key).filter((p) => p.status < 300)).toEqual([]);
    const res = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/sms-history?studentId=${studentId}` });
    expect(res.json().data.notifications).toEqual([expect.objectContaining({ status: 'EXPIRED', failureReason: BY_DELAY })]);
  });

  it('an intent first reached 31 minutes after the tap is written EXPIRED with the reason; one reached at 29 minutes is sent', async () => {
    clockAt('07:05');
    const late = await notice('CHECK_OUT');
    const inTime = await notice('CHECK_IN', at(day, '07:07'));
    later(31); // the outbox was behind (or down) all that time
    await t.app.outbox.runOnce();
    expect(await historyOf(t.app, late.studentId)).toEqual([
      expect.objectContaining({ type: 'CHECK_OUT', status: 'EXPIRED', failureReason: BY_DELAY }),
    ]);
    expect(postsOf(late.key)).toEqual([]);
    expect(await historyOf(t.app, inTime.studentId)).toEqual([expect.objectContaining({ type: 'CHECK_IN', status: 'SENT' })]);
    expect(postsOf(inTime.key)).toHaveLength(1);
  });

  it('a check-in claimed after its deadline (left "sending" by a crashed worker) is EXPIRED at send time, not sent', async () => {
    clockAt('07:10');
    const { key, studentId } = await notice('CHECK_IN');
    await expandOnly(t.app, studentId);
    // A worker took it at 07:11 and died; its lease ran out after the notice's deadline.
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ status: 'sending', leaseToken: 'crashed-worker', lockedUntil: at(day, '07:41') })
      .where('idempotencyKey', '=', `${key}:SMS`)
      .execute();
    later(35);
    await t.app.outbox.runOnce();
    expect(await historyOf(t.app, studentId)).toEqual([
      expect.objectContaining({ status: 'EXPIRED', failureReason: BY_DELAY, sentAt: null }),
    ]);
    expect(postsOf(key)).toEqual([]);
  });

  it('absence, late, correction and staff notices keep the day rule: two hours after the event they are still sent', async () => {
    clockAt('07:00');
    const notices = [await notice('ABSENCE'), await notice('LATE_ARRIVAL'), await notice('CORRECTION'), await notice('CUSTOM')];
    later(120);
    await drain(t.app, async () => {
      const notes = await Promise.all(notices.map((n) => historyOf(t.app, n.studentId)));
      return notes.every((n) => n[0]?.status === 'SENT');
    });
    for (const n of notices) expect(postsOf(n.key)).toHaveLength(1);
    // Their deadline is the end of the school day (the day rule), not 30 minutes; a staff message has none.
    const deadlines = await Promise.all(
      notices.map(async (n) => (await outboxOf(n.studentId)).find((r) => r.channel === 'SMS')?.expiresAt),
    );
    const dayEnd = startOfLocalDay(addDays(day, 1), 'Asia/Manila').toISOString();
    expect(deadlines).toEqual([dayEnd, dayEnd, dayEnd, null]);
  });
});

describe(`ATTENDANCE_NOTICE_MAX_DELAY from the environment (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  const clock = testClock();

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp(
      { smsGatewayUrl: gw.url, outbox: { ...loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: '5' }).outbox, enabled: false } },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('set to 5: a check-in 6 minutes old is EXPIRED "not sent within 5 minutes of the tap"; one 4 minutes old is sent', async () => {
    const school = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const old = await addStudent(t.app, school.id);
    const recent = await addStudent(t.app, school.id);
    const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * 60_000).toISOString();
    await addIntent(t.app, { studentId: old, schoolId: school.id, occurredAt: minutesAgo(6) });
    await addIntent(t.app, { studentId: recent, schoolId: school.id, occurredAt: minutesAgo(4) });
    await drain(t.app, async () => (await historyOf(t.app, recent))[0]?.status === 'SENT');
    expect(await historyOf(t.app, old)).toEqual([
      expect.objectContaining({ status: 'EXPIRED', failureReason: EXPIRY_REASONS.delay(5) }),
    ]);
    expect(EXPIRY_REASONS.delay(5)).toBe(
      'Expired: not sent within 5 minutes of the tap, and an arrival or departure notice is never sent late',
    );
  });
});
