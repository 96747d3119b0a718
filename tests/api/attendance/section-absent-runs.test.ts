import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { testClock } from '../../helpers/clock';
import { insertCheckIns } from '../../helpers/attendance';
import { SECTION_DAY_MESSAGES } from '@domain/section-day';

/*
 * A section's day lists the section's learners absent five class days in a row lately, with the days and whether
 * they are still absent: the school dashboard's list (one computation), this section only. Absent = no check-in.
 */
describe(`section day: learners absent five days in a row (${dbKind})`, () => {
  // Friday 20 November 2026, 11:00 in Manila: the day's absence cutoff (10:00) has passed.
  const clock = testClock('2026-11-20T03:00:00.000Z');
  const week1 = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];
  const week2 = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
  let t: TestApp;
  let root: string;
  const ids = {} as Record<string, number>;

  const came = (studentId: number, ...dates: string[]) => insertCheckIns(t.app.db, ids.school, studentId, dates);
  const sectionDay = (token: string, path: string, sectionId: number) =>
    as(token)(t.app, { method: 'GET', url: `/api/${path}/attendance/section-day?sectionId=${sectionId}` });

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    root = await loginSuperAdmin(t.app);
    ids.school = (await createSchool(t.app, root, { name: 'Home Visit High', acronym: 'HVH' })).id;
    ids.other = (await createSchool(t.app, root, { name: 'Elsewhere High', acronym: 'EH' })).id;
    const narra = await createGradeAndSection(t.app, root, ids.school, { grade: 'Grade 8', section: 'Narra' });
    ids.narra = narra.sectionId;
    const molave = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Molave', gradeId: narra.gradeId, schoolId: ids.school },
    });
    ids.molave = molave.json().data.id;
    const learner = async (firstName: string, lastName: string, sectionId: number) =>
      (await createStudent(t.app, root, ids.school, { firstName, lastName, gradeId: narra.gradeId, sectionId })).id;
    // Narra: Ana absent since Wed 11 Nov (still absent), Ben absent the first week only, Cy every day in school.
    ids.ana = await learner('Ana', 'Alis', ids.narra);
    ids.ben = await learner('Ben', 'Balik', ids.narra);
    ids.cy = await learner('Cy', 'Dumalo', ids.narra);
    // Molave: Dan absent the whole second week, in another section of the same school.
    ids.dan = await learner('Dan', 'Wala', ids.molave);
    await came(ids.ana, '2026-11-09', '2026-11-10');
    await came(ids.ben, ...week2);
    await came(ids.cy, ...week1, ...week2);
    await came(ids.dan, ...week1);
    await t.app.db.updateTable('students').set({ enrolmentDate: '2026-11-09' }).where('schoolId', '=', ids.school).execute();
  });
  afterAll(async () => t?.close());

  it("lists the section's runs with their days, still absent first; a learner of another section is not listed", async () => {
    const res = await sectionDay(root, 'super-admin', ids.narra);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.absentRuns).toEqual({
      lastDay: '2026-11-20',
      learners: [
        {
          studentId: ids.ana,
          name: 'ALIS, Ana',
          grade: 'Grade 8',
          section: 'Narra',
          days: ['2026-11-11', '2026-11-12', '2026-11-13', ...week2],
          ongoing: true,
        },
        { studentId: ids.ben, name: 'BALIK, Ben', grade: 'Grade 8', section: 'Narra', days: week1, ongoing: false },
      ],
    });
    // The same list whatever day is shown: it is the adviser's home-visit list as of the school's today.
    const monday = await as(root)(t.app, {
      method: 'GET',
      url: `/api/super-admin/attendance/section-day?sectionId=${ids.narra}&date=2026-11-09`,
    });
    expect(monday.json().data.absentRuns.learners.map((l: { studentId: number }) => l.studentId)).toEqual([ids.ana, ids.ben]);

    const molave = await sectionDay(root, 'super-admin', ids.molave);
    expect(
      molave.json().data.absentRuns.learners.map((l: { studentId: number; ongoing: boolean }) => [l.studentId, l.ongoing]),
    ).toEqual([[ids.dan, true]]);
  });

  it('the school dashboard lists the same runs for the whole school', async () => {
    const admin = await signedInAdmin(t.app, ids.school, ['VIEW_ATTENDANCE']);
    const res = await as(admin.token)(t.app, { method: 'GET', url: '/api/admin/dashboard/absent-five-days' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.learners.map((l: { studentId: number; days: string[] }) => [l.studentId, l.days.length])).toEqual([
      [ids.ana, 8],
      [ids.dan, 5],
      [ids.ben, 5],
    ]);
    const own = await sectionDay(admin.token, 'admin', ids.narra);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.absentRuns.learners).toHaveLength(2);
  });

  it('a school admin of another school gets 404 for the section, and none of its learners', async () => {
    const stranger = await signedInAdmin(t.app, ids.other, ['VIEW_ATTENDANCE']);
    const res = await sectionDay(stranger.token, 'admin', ids.narra);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: SECTION_DAY_MESSAGES.notFound });
  });
});
