import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain } from '../../helpers/notifications';
import { at, createReader, insertCardStudent, intentsOf, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { nowIso } from '@core/time/time';
import * as m0033 from '@core/db/migrations/0033_outbox_urgent_routine';
import { PRIORITY } from '../../../server/features/outbox/urgency';
import type { NotificationIntent } from '../../../server/features/outbox/intents';

/**
 * When a school's phones cannot send everything at once: absence, late and correction notices and the staff's own
 * messages go before arrival and departure notices, however old those are; schools still take turns. Real worker,
 * real database, the stand-in httpSMS gateway on 127.0.0.1; one send at a time, so the gateway sees the worker's order.
 */
describe(`outbox priority when capacity is short (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  const BATCH = 3;
  const day = lastSchoolDay();
  /** The server's clock, at 07:30 of a recent school day: the taps and notices below are of that morning. */
  const clock = testClock(at(day, '07:30'));
  const ago = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000).toISOString();
  let seq = 0;

  /** One intent of a new learner of `schoolId`; returns its SMS request_id. */
  async function notice(schoolId: number, type: NotificationIntent['type'], minutesAgo: number) {
    seq += 1;
    const studentId = await addStudent(t.app, schoolId);
    const key = `${type}:attendance:prio-${seq}-${Date.now()}`;
    const extra = type === 'CUSTOM' ? { text: `Staff message ${seq}` } : {};
    // An absence is told only while its record is still ABSENT.
    if (type === 'ABSENCE') {
      const record = await t.app.db
        .insertInto('attendanceRecords')
        .values({ studentId, schoolId, date: day, status: 'ABSENT', createdAt: nowIso(), updatedAt: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      Object.assign(extra, { attendanceId: record.id });
    }
    await addIntent(t.app, { type, studentId, schoolId, occurredAt: ago(minutesAgo), ...extra }, key);
    return `${key}:SMS`;
  }
  const order = (ids: string[]) => gw.messages.filter((m) => ids.includes(m.requestId)).map((m) => ids.indexOf(m.requestId));

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        outbox: { ...loadConfig({}).outbox, enabled: false, batchSize: BATCH, concurrency: 1 },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a backlog of check-ins, older and fresher: the absence, late, correction and staff notices are sent first', async () => {
    const school = (await createSchool(t.app, token)).id;
    await addDevice(t.app, token, { schoolId: school, isDefault: true });
    // Queued first: check-ins older than every urgent notice (and fresh ones), the way a rush fills the queue.
    const checkIns = [
      await notice(school, 'CHECK_IN', 20),
      await notice(school, 'CHECK_IN', 18),
      await notice(school, 'CHECK_IN', 1),
      await notice(school, 'CHECK_OUT', 0),
    ];
    const urgent = [
      await notice(school, 'ABSENCE', 10),
      await notice(school, 'LATE_ARRIVAL', 8),
      await notice(school, 'CORRECTION', 12),
      await notice(school, 'CUSTOM', 5),
    ];
    const before = gw.messages.length;
    await t.app.outbox.runOnce();
    // One claim of 3: urgent notices only.
    expect(gw.messages.slice(before).map((m) => urgent.includes(m.requestId))).toEqual([true, true, true]);
    await drain(t.app, () => order([...urgent, ...checkIns]).length === 8);
    const sent = order([...urgent, ...checkIns]);
    // Every urgent notice (indexes 0–3) before any check-in or check-out (4–7).
    expect(sent.slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    expect(sent.slice(4).sort()).toEqual([4, 5, 6, 7]);
  });

  it('a staff message from SMS History waits for no check-in; schools still take turns within each class', async () => {
    const busy = (await createSchool(t.app, token)).id;
    const quiet = (await createSchool(t.app, token)).id;
    await addDevice(t.app, token, { schoolId: busy, isDefault: true });
    await addDevice(t.app, token, { schoolId: quiet, isDefault: true });
    const rush: string[] = [];
    for (let i = 0; i < 5; i += 1) rush.push(await notice(busy, 'CHECK_IN', 2));
    const quietCheckIn = await notice(quiet, 'CHECK_IN', 25);
    const parent = await addStudent(t.app, busy);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId: parent, message: 'Classes end at noon today.' },
    });
    expect(res.statusCode).toBe(202);
    const staff = `${res.json().data.key}:SMS`;
    const before = gw.messages.length;
    await t.app.outbox.runOnce();
    // The staff message first; then the routine class, one school in turn: the quiet school's older check-in is
    // not left behind the busy school's rush.
    const first = gw.messages.slice(before).map((m) => m.requestId);
    expect(first[0]).toBe(staff);
    expect(first).toContain(quietCheckIn);
    await drain(t.app, () => order(rush).length === 5);
  });

  it('the intents written by a tap are routine, those of an absence or a staff message urgent', async () => {
    const school = (await createSchool(t.app, token)).id;
    const reader = await createReader(t.app, token, { schoolId: school, name: 'Gate prio' });
    const studentId = await insertCardStudent(t.app, school, 'AB7A0001');
    const tap = await postTaps(t.app, reader.token, { eventId: 'prio-1', cardUid: 'AB7A0001', tappedAt: at(day, '07:10') });
    expect(tap.statusCode).toBe(201);
    expect((await intentsOf(t.app, studentId)).map((i) => [JSON.parse(i.payload).type, i.priority])).toEqual([
      ['CHECK_IN', PRIORITY.routine],
    ]);
    const absent = await addStudent(t.app, school);
    await addIntent(t.app, { type: 'ABSENCE', studentId: absent, schoolId: school });
    expect((await intentsOf(t.app, absent)).map((i) => i.priority)).toEqual([PRIORITY.urgent]);
  });

  it('the migration gives waiting rows the class of their type (check-ins routine, staff messages urgent), finished rows keep theirs', async () => {
    const stamp = nowIso();
    const rows: Array<[label: string, status: string, type: string, priority: number, text?: string]> = [
      // Before: 1 = every attendance notice, 0 = CUSTOM.
      ['in-pending', 'pending', 'CHECK_IN', 1],
      ['out-sending', 'sending', 'CHECK_OUT', 1],
      ['in-uncertain', 'uncertain', 'CHECK_IN', 1],
      ['absence', 'pending', 'ABSENCE', 1],
      ['custom', 'pending', 'CUSTOM', 0],
      // A staff message quoting a check-in's payload is still a staff message (its quotes are escaped in the JSON).
      ['custom-quoting', 'pending', 'CUSTOM', 0, 'see "type":"CHECK_IN"'],
      ['in-sent', 'sent', 'CHECK_IN', 1],
    ];
    const tag = `mig-${Date.now()}`;
    for (const [label, status, type, priority, text] of rows) {
      await t.app.db
        .insertInto('notificationOutbox')
        .values({
          idempotencyKey: `${type}:${tag}:${label}`,
          channel: 'INTENT',
          recipient: '',
          payload: JSON.stringify({ type, studentId: 1, schoolId: null, occurredAt: stamp, ...(text ? { text } : {}) }),
          status,
          priority,
          nextAttemptAt: '2999-01-01T00:00:00.000Z', // never due: no other test's claim takes them
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
    }
    const classes = async () =>
      Object.fromEntries(
        (
          await t.app.db
            .selectFrom('notificationOutbox')
            .select(['idempotencyKey', 'priority'])
            .where('idempotencyKey', 'like', `%:${tag}:%`)
            .execute()
        ).map((r) => [r.idempotencyKey.split(':').at(-1), r.priority]),
      );
    await m0033.up(t.app.db);
    expect(await classes()).toEqual({
      'in-pending': PRIORITY.routine,
      'out-sending': PRIORITY.routine,
      'in-uncertain': PRIORITY.routine,
      absence: PRIORITY.urgent,
      custom: PRIORITY.urgent,
      'custom-quoting': PRIORITY.urgent,
      'in-sent': 1,
    });
    await m0033.down(t.app.db);
    expect(await classes()).toEqual({
      'in-pending': 1,
      'out-sending': 1,
      'in-uncertain': 1,
      absence: 1,
      custom: 0,
      'custom-quoting': 0,
      'in-sent': 1,
    });
    await m0033.up(t.app.db); // the suite's other rows back to the values the code writes
    await t.app.db.deleteFrom('notificationOutbox').where('idempotencyKey', 'like', `%:${tag}:%`).execute();
  });
});
