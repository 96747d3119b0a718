import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool } from '../../helpers/schools';
import { insertCardStudent } from '../../helpers/rfid';
import { testClock } from '../../helpers/clock';
import { insertCheckIns } from '../../helpers/attendance';

/*
 * Five days absent: the school admin's dashboard lists the learners absent five class days or more in a row lately,
 * with the days (DepEd asks the adviser to visit the home). Absent = no check-in that day, as on School Form 2.
 */
describe(`dashboard: learners absent five days in a row (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  // Friday 20 November 2026, 11:00 in Manila: the day's absence cutoff (10:00) has passed.
  const clock = testClock('2026-11-20T03:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root, { name: 'Five Days School', acronym: 'FDS' })).id;
  });
  afterAll(async () => t.close());

  const came = (studentId: number, ...dates: string[]) => insertCheckIns(t.app.db, schoolId, studentId, dates);

  it('lists the runs of five absent class days with their days, ongoing first; a weekend does not break a run', async () => {
    const week1 = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];
    const week2 = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    // Ana: absent since Wed 11 Nov (Wed to Fri, then the whole next week): an ongoing run of 8.
    const ana = await insertCardStudent(t.app, schoolId, 'FD000001', undefined, { firstName: 'Ana', lastName: 'Absent' });
    await came(ana, '2026-11-09', '2026-11-10');
    // Ben: absent the whole first week, back on Monday 16: a past run of 5.
    const ben = await insertCardStudent(t.app, schoolId, 'FD000002', undefined, { firstName: 'Ben', lastName: 'Back' });
    await came(ben, ...week2);
    // Cy: absent four days only.
    const cy = await insertCardStudent(t.app, schoolId, 'FD000003', undefined, { firstName: 'Cy', lastName: 'Four' });
    await came(cy, ...week1, '2026-11-20');
    // Di: left on Monday 16 (dropped out): not absent after leaving.
    const di = await insertCardStudent(t.app, schoolId, 'FD000004', undefined, { firstName: 'Di', lastName: 'Gone' });
    await came(di, ...week1);
    await t.app.db
      .updateTable('students')
      .set({ leftOn: '2026-11-16', leftReason: 'DROPPED_OUT' })
      .where('id', '=', di)
      .execute();
    // All enrolled on Monday 9 November: the days before are no one's absence.
    await t.app.db.updateTable('students').set({ enrolmentDate: '2026-11-09' }).where('schoolId', '=', schoolId).execute();

    const admin = await signedInAdmin(t.app, schoolId, ['VIEW_ATTENDANCE']);
    const res = await as(admin.token)(t.app, { method: 'GET', url: '/api/admin/dashboard/absent-five-days' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { lastDay: string; learners: Array<{ studentId: number; days: string[]; ongoing: boolean }> };
    expect(data.lastDay).toBe('2026-11-20');
    expect(data.learners.map((l) => [l.studentId, l.days, l.ongoing])).toEqual([
      [ana, ['2026-11-11', '2026-11-12', '2026-11-13', ...week2], true],
      [ben, week1, false],
    ]);
    expect(res.json().data.learners[0]).toMatchObject({ name: 'ABSENT, Ana' });
    void cy;

    const refused = await as((await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS'])).token)(t.app, {
      method: 'GET',
      url: '/api/admin/dashboard/absent-five-days',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to view attendance');
  });
});
