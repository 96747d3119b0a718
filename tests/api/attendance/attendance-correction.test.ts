import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { signedInAdmin } from '../../helpers/admins';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, insertStudent, logsOf } from '../../helpers/schools';
import { addIntent } from '../../helpers/notifications';
import { addDays, localDate, localDateTime, nowIso } from '@core/time/time';
import { CORRECTION_MESSAGES as M } from '@domain/attendance';

/*
 * Correcting a record's status with a reason (both consoles, MANAGE_ATTENDANCE for a school admin).
 * A correction sends nothing itself; it stops the unsent notice of the status it leaves; a sent one stays sent.
 */

let t: TestApp;
let root: string;
let schoolA: number;
let schoolB: number;

// Yesterday in Manila: any arrival time of the day is past.
const YESTERDAY = addDays(localDate(new Date(), 'Asia/Manila'), -1);

async function record(schoolId: number, status: string, times: { checkInAt?: string; checkOutAt?: string } = {}) {
  const studentId = await insertStudent(t.app, schoolId);
  const now = nowIso();
  const row = await t.app.db
    .insertInto('attendanceRecords')
    .values({ studentId, schoolId, date: YESTERDAY, status, createdAt: now, updatedAt: now, ...times })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, studentId };
}

async function notice(rec: { id: number; studentId: number }, schoolId: number, type: 'ABSENCE' | 'LATE_ARRIVAL') {
  await addIntent(t.app, { type, studentId: rec.studentId, schoolId, attendanceId: rec.id }, `${type}:attendance:${rec.id}`);
}

const outboxOf = (studentId: number) =>
  t.app.db
    .selectFrom('notificationOutbox')
    .select(['channel', 'status', 'lastError'])
    .where('studentId', '=', studentId)
    .orderBy('id')
    .execute();

const adminOf = async (schoolId: number, permissions: string[]) => (await signedInAdmin(t.app, schoolId, permissions)).token;

const correct = (token: string, id: number | string, payload: unknown, prefix = 'super-admin') =>
  as(token)(t.app, { method: 'POST', url: `/api/${prefix}/attendance/${id}/correct`, payload } as InjectOptions);

beforeAll(async () => {
  t = await createTestApp();
  root = await loginSuperAdmin(t.app);
  schoolA = (await createSchool(t.app, root, { name: 'Correction School A' })).id;
  schoolB = (await createSchool(t.app, root, { name: 'Correction School B' })).id;
});
afterAll(() => t.close());

describe(`attendance corrections (${dbKind})`, () => {
  it('ABSENT → LATE with a reason: logged before/after, the unsent absence notice stopped, nothing new queued', async () => {
    const rec = await record(schoolA, 'ABSENT');
    await notice(rec, schoolA, 'ABSENCE');
    const res = await correct(root, rec.id, {
      status: 'LATE',
      reason: 'Came in at 9:10, gate reader was down',
      arrivalTime: '09:10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: M.done,
      data: {
        id: rec.id,
        status: 'LATE',
        note: 'Came in at 9:10, gate reader was down',
        checkInAt: localDateTime(YESTERDAY, '09:10', 'Asia/Manila').toISOString(),
      },
    });
    const reason = 'Cancelled: attendance corrected to LATE (Came in at 9:10, gate reader was down)';
    expect(await outboxOf(rec.studentId)).toEqual([{ channel: 'INTENT', status: 'expired', lastError: reason }]);
    await t.app.outbox.runOnce();
    expect(await t.app.db.selectFrom('smsNotifications').select('id').where('studentId', '=', rec.studentId).execute()).toEqual(
      [],
    );
    const log = (await logsOf(t.app, 'CORRECT_ATTENDANCE'))[0]!;
    expect(log.entityId).toBe(String(rec.id));
    expect(log.details).toEqual({
      studentId: rec.studentId,
      date: expect.any(String),
      changes: {
        status: { from: 'ABSENT', to: 'LATE' },
        note: { from: null, to: 'Came in at 9:10, gate reader was down' },
        checkInAt: { from: null, to: localDateTime(YESTERDAY, '09:10', 'Asia/Manila').toISOString() },
      },
      reason: 'Came in at 9:10, gate reader was down',
      noticesCancelled: 1,
    });
  });

  it('a notice already sent stays sent, and the correction never queues a second message', async () => {
    const rec = await record(schoolA, 'ABSENT');
    await notice(rec, schoolA, 'ABSENCE');
    await t.app.db.updateTable('notificationOutbox').set({ status: 'done' }).where('studentId', '=', rec.studentId).execute();
    const res = await correct(root, rec.id, { status: 'PRESENT', reason: 'Was in the clinic', arrivalTime: '07:20' });
    expect(res.statusCode).toBe(200);
    expect(await outboxOf(rec.studentId)).toEqual([{ channel: 'INTENT', status: 'done', lastError: null }]);
    expect((await logsOf(t.app, 'CORRECT_ATTENDANCE'))[0]!.details).toMatchObject({ noticesCancelled: 0 });
  });

  it('LATE → PRESENT stops the unsent late-arrival notice; PRESENT → ABSENT queues no absence notice', async () => {
    const late = await record(schoolA, 'LATE');
    await notice(late, schoolA, 'LATE_ARRIVAL');
    expect(
      (await correct(root, late.id, { status: 'PRESENT', reason: 'Clock was wrong', arrivalTime: '07:40' })).statusCode,
    ).toBe(200);
    expect((await outboxOf(late.studentId)).map((r) => r.status)).toEqual(['expired']);

    const present = await record(schoolA, 'PRESENT');
    expect((await correct(root, present.id, { status: 'ABSENT', reason: 'Card tapped by a classmate' })).statusCode).toBe(200);
    expect(await outboxOf(present.studentId)).toEqual([]);
  });

  it('refuses bad input with its message and writes nothing', async () => {
    const rec = await record(schoolA, 'LATE');
    const logs = (await logsOf(t.app, 'CORRECT_ATTENDANCE')).length;
    const cases: Array<[number | string, unknown, number, string]> = [
      [rec.id, { status: 'PRESENT' }, 400, M.reason],
      [rec.id, { status: 'PRESENT', reason: '   ' }, 400, M.reason],
      [rec.id, { status: 'EXCUSED', reason: 'x' }, 400, M.status],
      [rec.id, { reason: 'x' }, 400, M.status],
      [rec.id, { status: 'LATE', reason: 'Same', arrivalTime: '08:00' }, 400, M.unchanged('LATE')],
      [rec.id, { status: 'PRESENT', reason: 'Tardy slip' }, 400, M.arrivalTime],
      [rec.id, { status: 'PRESENT', reason: 'Tardy slip', arrivalTime: '' }, 400, M.arrivalTime],
      [rec.id, { status: 'PRESENT', reason: 'Tardy slip', arrivalTime: '7:5' }, 400, M.arrivalTime],
      [rec.id, { status: 'PRESENT', reason: 'Tardy slip', arrivalTime: '24:00' }, 400, M.arrivalTime],
      [999999, { status: 'PRESENT', reason: 'x', arrivalTime: '07:00' }, 404, M.notFound],
      ['abc', { status: 'PRESENT', reason: 'x', arrivalTime: '07:00' }, 404, M.notFound],
    ];
    for (const [id, payload, status, message] of cases) {
      const res = await correct(root, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await logsOf(t.app, 'CORRECT_ATTENDANCE')).length).toBe(logs);
    const row = await t.app.db
      .selectFrom('attendanceRecords')
      .select('status')
      .where('id', '=', rec.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('LATE');
  });

  it('to PRESENT or LATE asks when the learner came: not after the check-out, not later than now', async () => {
    const checkOutAt = localDateTime(YESTERDAY, '15:00', 'Asia/Manila').toISOString();
    const rec = await record(schoolA, 'ABSENT', { checkOutAt });
    const logs = (await logsOf(t.app, 'CORRECT_ATTENDANCE')).length;
    const after = await correct(root, rec.id, { status: 'LATE', reason: 'Gate reader was down', arrivalTime: '15:30' });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({
      success: false,
      message: M.afterCheckOut('15:00'),
      errors: { arrivalTime: M.afterCheckOut('15:00') },
    });
    const today = await record(schoolA, 'ABSENT');
    await t.app.db
      .updateTable('attendanceRecords')
      .set({ date: addDays(YESTERDAY, 2) })
      .where('id', '=', today.id)
      .execute();
    const future = await correct(root, today.id, { status: 'PRESENT', reason: 'Came early', arrivalTime: '00:00' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(M.future);
    expect((await logsOf(t.app, 'CORRECT_ATTENDANCE')).length).toBe(logs);

    const ok = await correct(root, rec.id, { status: 'PRESENT', reason: 'Gate reader was down', arrivalTime: '07:05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'PRESENT',
      checkInAt: localDateTime(YESTERDAY, '07:05', 'Asia/Manila').toISOString(),
      checkOutAt,
    });
    // To ABSENT nothing is asked (an arrival time sent is ignored).
    const absent = await correct(root, rec.id, { status: 'ABSENT', reason: 'Card tapped by a classmate', arrivalTime: '08:00' });
    expect(absent.statusCode, absent.body).toBe(200);
    expect(absent.json().data.checkInAt).toBe(localDateTime(YESTERDAY, '07:05', 'Asia/Manila').toISOString());
  });

  it("a school admin corrects their own school's records only; logged as the admin, in their school", async () => {
    const tokenA = await adminOf(schoolA, ['MANAGE_ATTENDANCE']);
    const tokenB = await adminOf(schoolB, ['MANAGE_ATTENDANCE']);
    const viewer = await adminOf(schoolA, ['VIEW_ATTENDANCE']);
    const rec = await record(schoolA, 'ABSENT');
    const body = { status: 'PRESENT', reason: 'Excused tardy slip', arrivalTime: '07:15' };
    const other = await correct(tokenB, rec.id, body, 'admin');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(M.notFound);
    const denied = await correct(viewer, rec.id, body, 'admin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to correct attendance');
    const ok = await correct(tokenA, rec.id, body, 'admin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('PRESENT');
    const log = (await logsOf(t.app, 'CORRECT_ATTENDANCE'))[0]!;
    expect(log).toMatchObject({ userRole: 'ADMIN', schoolId: schoolA, entityId: String(rec.id) });
  });
});
