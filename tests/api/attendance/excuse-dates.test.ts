import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@core/time/clock';
import { EXCUSE_MESSAGES } from '@domain/attendance';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, insertStudent, logsOf } from '../../helpers/schools';

/*
 * An excuse's date: a day of the current school year, at most 30 days after the school's today (Asia/Manila).
 * The school clock stands at Thu 26 Nov 2026, noon in Manila; the school has not set its year, so the Philippine
 * rule's year applies (1 Jun 2026 – 31 May 2027) until it does.
 */
describe(`excuse dates are bounded (${dbKind})`, () => {
  let t: TestApp;
  let now = new Date('2026-11-26T04:00:00.000Z');
  const clock: Clock = { now: () => now };
  let api: ReturnType<typeof as>;
  let schoolId: number;
  let studentId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const root = await loginSuperAdmin(t.app);
    api = as(root);
    schoolId = (await createSchool(t.app, root)).id;
    studentId = await insertStudent(t.app, schoolId);
  });
  afterAll(() => t.close());

  const excuse = (date: unknown) =>
    api(t.app, { method: 'POST', url: '/api/super-admin/attendance/excuse', payload: { studentId, date, note: 'Fever' } });
  const recordsOn = async (date: string) =>
    (
      await t.app.db
        .selectFrom('attendanceRecords')
        .select('id')
        .where('studentId', '=', studentId)
        .where('date', '=', date)
        .execute()
    ).length;

  it.each([
    ['9999-12-31', EXCUSE_MESSAGES.tooFar],
    ['2026-12-27', EXCUSE_MESSAGES.tooFar], // 31 days ahead
    ['2026-05-29', EXCUSE_MESSAGES.beforeYear('2026-06-01')], // the last school year
    ['2026-02-30', EXCUSE_MESSAGES.date],
    ['next week', EXCUSE_MESSAGES.date],
  ])('%s is refused with a message naming the date, nothing written', async (date, message) => {
    const logs = (await logsOf(t.app, 'EXCUSE_ATTENDANCE')).length;
    const res = await excuse(date);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { date: message } });
    expect(await recordsOn(date)).toBe(0);
    expect(await logsOf(t.app, 'EXCUSE_ATTENDANCE')).toHaveLength(logs);
  });

  it.each([
    ['2026-11-26', 'today'],
    ['2026-12-26', '30 days ahead'],
    ['2026-06-01', 'the first day of the school year'],
  ])('%s (%s) is excused', async (date) => {
    const res = await excuse(date);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ studentId, date, status: 'EXCUSED' });
    expect(await recordsOn(date)).toBe(1);
  });

  it("the school's own school year bounds it once set: before its start, and past its end", async () => {
    const year = await api(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.statusCode, year.body).toBe(200);
    const before = await excuse('2026-06-05');
    expect(before.statusCode).toBe(400);
    expect(before.json().errors).toEqual({ date: EXCUSE_MESSAGES.beforeYear('2026-06-08') });

    now = new Date('2027-04-01T04:00:00.000Z');
    // Months later: a new sign-in (the first session has long ended).
    api = as(await loginSuperAdmin(t.app));
    const after = await excuse('2027-04-12');
    expect(after.statusCode).toBe(400);
    expect(after.json().errors).toEqual({ date: EXCUSE_MESSAGES.afterYear('2027-04-09') });
    expect((await excuse('2027-04-09')).statusCode).toBe(200);
    expect(await recordsOn('2026-06-05')).toBe(0);
    expect(await recordsOn('2027-04-12')).toBe(0);
  });
});
