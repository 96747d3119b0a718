import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { signedInAdmin } from '../../helpers/admins';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, insertStudent, logsOf } from '../../helpers/schools';
import { addIntent } from '../../helpers/notifications';
import { localDate, nowIso } from '@core/time/time';
import { CORRECTION_MESSAGES as M } from '@domain/attendance';

/*
 * Correcting a record's status with a reason (both consoles, MANAGE_ATTENDANCE for a school admin).
 * A correction sends nothing itself; it stops the unsent notice of the status it leaves; a sent one stays sent.
 */

let t: TestApp;
let root: string;
let schoolA: number;
let schoolB: number;

async function record(schoolId: number, status: string) {
  const studentId = await insertStudent(t.app, schoolId);
  const now = nowIso();
  const row = await t.app.db
    .insertInto('attendanceRecords')
    .values({ studentId, schoolId, date: localDate(new Date(), 'Asia/Manila'), status, createdAt: now, updatedAt: now })
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
    const res = await correct(root, rec.id, { status: 'LATE', reason: 'Came in at 9:10, gate reader was down' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: M.done,
      data: { id: rec.id, status: 'LATE', note: 'Came in at 9:10, gate reader was down' },
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
      },
      reason: 'Came in at 9:10, gate reader was down',
      noticesCancelled: 1,
    });
  });

  it('a notice already sent stays sent, and the correction never queues a second message', async () => {
    const rec = await record(schoolA, 'ABSENT');
    await notice(rec, schoolA, 'ABSENCE');
    await t.app.db.updateTable('notificationOutbox').set({ status: 'done' }).where('studentId', '=', rec.studentId).execute();
    const res = await correct(root, rec.id, { status: 'PRESENT', reason: 'Was in the clinic' });
    expect(res.statusCode).toBe(200);
    expect(await outboxOf(rec.studentId)).toEqual([{ channel: 'INTENT', status: 'done', lastError: null }]);
    expect((await logsOf(t.app, 'CORRECT_ATTENDANCE'))[0]!.details).toMatchObject({ noticesCancelled: 0 });
  });

  it('LATE → PRESENT stops the unsent late-arrival notice; PRESENT → ABSENT queues no absence notice', async () => {
    const late = await record(schoolA, 'LATE');
    await notice(late, schoolA, 'LATE_ARRIVAL');
    expect((await correct(root, late.id, { status: 'PRESENT', reason: 'Clock was wrong' })).statusCode).toBe(200);
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
      [rec.id, { status: 'LATE', reason: 'Same' }, 400, M.unchanged('LATE')],
      [999999, { status: 'PRESENT', reason: 'x' }, 404, M.notFound],
      ['abc', { status: 'PRESENT', reason: 'x' }, 404, M.notFound],
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

  it("a school admin corrects their own school's records only; logged as the admin, in their school", async () => {
    const tokenA = await adminOf(schoolA, ['MANAGE_ATTENDANCE']);
    const tokenB = await adminOf(schoolB, ['MANAGE_ATTENDANCE']);
    const viewer = await adminOf(schoolA, ['VIEW_ATTENDANCE']);
    const rec = await record(schoolA, 'ABSENT');
    const body = { status: 'PRESENT', reason: 'Excused tardy slip' };
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
