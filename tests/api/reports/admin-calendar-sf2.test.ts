import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { SCHOOL_NOT_FOUND } from '@core/http/school-scope';
import { SF2_MESSAGES } from '@domain/sf2';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';

/*
 * The school admin's console: the calendar and School Form 2 under /api/admin, for the
 * admin's own school only. (Every route × every permission is in admin-authz.test.ts; this is what they do.)
 */
describe(`school calendar and SF2 for a school admin (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolA: number;
  let schoolB: number;
  let sectionA: number;
  let sectionB: number;
  let seq = 0;
  const PASSWORD = 'Registrar-Pass-2024!';

  async function adminToken(schoolId: number, permissions: string[]) {
    seq += 1;
    const email = `cal-admin${seq}@school.test`;
    const now = nowIso();
    await t.app.db
      .insertInto('admins')
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD, t.config.scryptCost),
        firstName: 'Cal',
        lastName: `Admin${seq}`,
        employeeId: `CAL-${seq}`,
        schoolId,
        permissions: JSON.stringify(Object.fromEntries(permissions.map((p) => [p, true]))),
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: WANT_TOKEN,
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolA = (await createSchool(t.app, root, { name: 'Admin Calendar A' })).id;
    schoolB = (await createSchool(t.app, root, { name: 'Admin Calendar B' })).id;
    for (const id of [schoolA, schoolB]) {
      const year = await as(root)(t.app, {
        method: 'PUT',
        url: `/api/super-admin/schools/${id}/calendar/school-year`,
        payload: { start: '2026-06-08', end: '2027-04-09' },
      });
      expect(year.statusCode).toBe(200);
    }
    const a = await createGradeAndSection(t.app, root, schoolA);
    sectionA = a.sectionId;
    sectionB = (await createGradeAndSection(t.app, root, schoolB)).sectionId;
    await createStudent(t.app, root, schoolA, { gradeId: a.gradeId, sectionId: a.sectionId, gender: 'MALE' });
  });
  afterAll(() => t.close());

  it('an admin with MANAGE_ATTENDANCE declares a no-class day for their school; it is in their activity log', async () => {
    const token = await adminToken(schoolA, ['MANAGE_ATTENDANCE']);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: `/api/admin/schools/${schoolA}/calendar/no-class-days`,
      payload: { date: '2026-12-07', name: 'Typhoon signal no. 2', gradeLevels: [7] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'No-class day saved', data: { day: { date: '2026-12-07', gradeLevels: [7] } } });
    const log = (await logsOf(t.app, 'DECLARE_NO_CLASS_DAY')).find((l) => l.entityId === String(schoolA));
    expect(log?.schoolId).toBe(schoolA);
    const cal = await as(token)(t.app, { method: 'GET', url: `/api/admin/schools/${schoolA}/calendar` });
    expect(cal.json().data.days.map((d: { date: string }) => d.date)).toContain('2026-12-07');
    // Another school's calendar: 404, nothing written.
    const other = await as(token)(t.app, {
      method: 'POST',
      url: `/api/admin/schools/${schoolB}/calendar/no-class-days`,
      payload: { date: '2026-12-09', name: 'Fiesta' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SCHOOL_NOT_FOUND);
    const b = await as(root)(t.app, { method: 'GET', url: `/api/super-admin/schools/${schoolB}/calendar` });
    expect(b.json().data.days.map((d: { date: string }) => d.date)).not.toContain('2026-12-09');
  });

  it('an admin with VIEW_REPORTS gets their sections and the XLSX; another school’s section is 404', async () => {
    const token = await adminToken(schoolA, ['VIEW_REPORTS']);
    const choices = await as(token)(t.app, { method: 'GET', url: `/api/admin/schools/${schoolA}/sf2/choices` });
    expect(choices.statusCode).toBe(200);
    expect(choices.json().data).toMatchObject({
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      grades: [{ id: expect.any(Number), name: 'Grade 7' }],
      sections: [{ id: sectionA, name: 'Rizal', gradeId: expect.any(Number) }],
    });
    const fileUrl = `/api/admin/schools/${schoolA}/sections/${sectionA}/sf2?month=2026-11&format=xlsx`;
    // Not without the school's DepEd School ID.
    const noId = await as(token)(t.app, { method: 'GET', url: fileUrl });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(SF2_MESSAGES.noSchoolId);
    await t.app.db.updateTable('schools').set({ depedSchoolId: '305978' }).where('id', '=', schoolA).execute();
    const xlsx = await as(token)(t.app, { method: 'GET', url: fileUrl });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1);
    // School B's section asked for under the admin's own school: not theirs, 404.
    const foreign = await as(token)(t.app, {
      method: 'GET',
      url: `/api/admin/schools/${schoolA}/sections/${sectionB}/sf2?month=2026-11`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SF2_MESSAGES.sectionNotFound);
    const otherSchool = await as(token)(t.app, {
      method: 'GET',
      url: `/api/admin/schools/${schoolB}/sections/${sectionB}/sf2?month=2026-11`,
    });
    expect(otherSchool.statusCode).toBe(404);
    expect(otherSchool.json().message).toBe(SCHOOL_NOT_FOUND);
    // Reports do not let the admin change the calendar.
    const declare = await as(token)(t.app, {
      method: 'POST',
      url: `/api/admin/schools/${schoolA}/calendar/no-class-days`,
      payload: { date: '2026-12-09', name: 'Fiesta' },
    });
    expect(declare.statusCode).toBe(403);
    expect(declare.json().message).toBe('You do not have permission to correct attendance');
  });
});
