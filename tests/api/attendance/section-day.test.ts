import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { signedInAdmin } from '../../helpers/admins';
import { permissionDeniedMessage } from '@domain/admins/console';
import { SECTION_DAY_MESSAGES } from '@domain/section-day';

/*
 * A section's day (the class adviser's phone view): the section's active learners with in / missing / left /
 * excused from the day's records; the day defaults to the school's today; a school admin sees their own
 * school's sections only (404 as the section's own page would say), and only with VIEW_ATTENDANCE.
 */
describe(`section day (${dbKind})`, () => {
  // Wednesday 4 Nov 2026, 09:00 in Manila.
  const clock = testClock('2026-11-04T01:00:00.000Z');
  let t: TestApp;
  let root: string;
  const ids = {} as Record<string, number>;

  const get = (token: string, url: string) => as(token)(t.app, { method: 'GET', url });
  const record = (studentId: number, date: string, status: string, checkInAt: string | null, checkOutAt: string | null = null) =>
    t.app.db
      .insertInto('attendanceRecords')
      .values({
        studentId,
        schoolId: ids.a,
        date,
        status,
        checkInAt,
        checkOutAt,
        note: status === 'EXCUSED' ? 'Dental appointment' : null,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    root = await loginSuperAdmin(t.app);
    ids.a = (await createSchool(t.app, root, { name: 'Adviser High' })).id;
    ids.b = (await createSchool(t.app, root, { name: 'Other High' })).id;
    const narra = await createGradeAndSection(t.app, root, ids.a, { grade: 'Grade 7', section: 'Narra' });
    ids.narra = narra.sectionId;
    ids.grade = narra.gradeId;
    const other = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Sampaguita', gradeId: narra.gradeId, schoolId: ids.a },
    });
    ids.sampaguita = other.json().data.id;
    ids.acacia = (await createGradeAndSection(t.app, root, ids.b, { grade: 'Grade 7', section: 'Acacia' })).sectionId;
    const learner = async (firstName: string, lastName: string, sectionId = ids.narra) =>
      (await createStudent(t.app, root, ids.a, { firstName, lastName, gradeId: ids.grade, sectionId })).id;
    ids.ana = await learner('Ana', 'Abad');
    ids.ben = await learner('Ben', 'Bato');
    ids.cara = await learner('Cara', 'Cruz');
    ids.dino = await learner('Dino', 'Diaz');
    ids.ella = await learner('Ella', 'Esteban');
    ids.fe = await learner('Fe', 'Flores');
    ids.gio = await learner('Gio', 'Garcia', ids.sampaguita);
    ids.hana = await learner('Hana', 'Halili');
    ids.ivan = await learner('Ivan', 'Isip');
    await record(ids.ana, '2026-11-04', 'PRESENT', '2026-11-03T23:30:00.000Z');
    await record(ids.ben, '2026-11-04', 'LATE', '2026-11-04T00:10:00.000Z', '2026-11-04T00:55:00.000Z');
    await record(ids.cara, '2026-11-04', 'ABSENT', null);
    await record(ids.ella, '2026-11-04', 'EXCUSED', null);
    await record(ids.gio, '2026-11-04', 'PRESENT', '2026-11-03T23:40:00.000Z');
    await record(ids.dino, '2026-11-03', 'PRESENT', '2026-11-02T23:40:00.000Z');
    // Registered today (the enrolment date a registration gives), enrolled since June.
    await t.app.db.updateTable('students').set({ enrolmentDate: '2026-06-08' }).where('schoolId', '=', ids.a).execute();
    // Fe was archived; Hana left the school on 2 Nov; Ivan enrols on 5 Nov: none of them is the section's today.
    await t.app.db.updateTable('students').set({ isArchived: 1 }).where('id', '=', ids.fe).execute();
    await t.app.db.updateTable('students').set({ leftOn: '2026-11-02' }).where('id', '=', ids.hana).execute();
    await t.app.db.updateTable('students').set({ enrolmentDate: '2026-11-05' }).where('id', '=', ids.ivan).execute();
  });
  afterAll(() => t?.close());

  it("lists the section's learners of the school's today: in, still missing, left, excused", async () => {
    const res = await get(root, `/api/super-admin/attendance/section-day?sectionId=${ids.narra}`);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data;
    expect(day).toMatchObject({
      school: { id: ids.a, name: 'Adviser High' },
      grade: { id: ids.grade, name: 'Grade 7' },
      section: { id: ids.narra, name: 'Narra' },
      date: '2026-11-04',
      today: '2026-11-04',
      timeZone: 'Asia/Manila',
      isSchoolDay: true,
      counts: { IN: 1, MISSING: 2, LEFT: 1, EXCUSED: 1 },
    });
    expect(day.learners).toEqual([
      {
        studentId: ids.ana,
        firstName: 'Ana',
        lastName: 'Abad',
        lrn: expect.any(String),
        state: 'IN',
        status: 'PRESENT',
        checkInAt: '2026-11-03T23:30:00.000Z',
        checkOutAt: null,
        note: null,
      },
      expect.objectContaining({ studentId: ids.ben, state: 'LEFT', status: 'LATE', checkOutAt: '2026-11-04T00:55:00.000Z' }),
      expect.objectContaining({ studentId: ids.cara, state: 'MISSING', status: 'ABSENT' }),
      expect.objectContaining({ studentId: ids.dino, state: 'MISSING', status: null, checkInAt: null }),
      expect.objectContaining({ studentId: ids.ella, state: 'EXCUSED', status: 'EXCUSED', note: 'Dental appointment' }),
    ]);
  });

  it('shows a chosen day; a weekend is not a school day', async () => {
    const res = await get(root, `/api/super-admin/attendance/section-day?sectionId=${ids.narra}&date=2026-11-03`);
    const day = res.json().data;
    expect(day.date).toBe('2026-11-03');
    expect(day.counts).toEqual({ IN: 1, MISSING: 4, LEFT: 0, EXCUSED: 0 });
    expect(day.learners.find((l: { studentId: number }) => l.studentId === ids.dino).state).toBe('IN');
    // Hana left on 2 Nov: still listed on 1 Nov (a Sunday).
    const sunday = (await get(root, `/api/super-admin/attendance/section-day?sectionId=${ids.narra}&date=2026-11-01`)).json()
      .data;
    expect(sunday.isSchoolDay).toBe(false);
    expect(sunday.learners.map((l: { firstName: string }) => l.firstName)).toEqual([
      'Ana',
      'Ben',
      'Cara',
      'Dino',
      'Ella',
      'Hana',
    ]);
  });

  it('refuses a missing or unknown section and a bad date', async () => {
    const cases: Array<[string, number, string]> = [
      ['', 400, SECTION_DAY_MESSAGES.section],
      ['sectionId=abc', 400, 'Section must be a positive whole number'],
      [`sectionId=${ids.narra}&date=2026-02-30`, 400, 'Date must be a valid date (YYYY-MM-DD)'],
      ['sectionId=999999', 404, SECTION_DAY_MESSAGES.notFound],
    ];
    for (const [query, status, message] of cases) {
      const res = await get(root, `/api/super-admin/attendance/section-day?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });

  it("a school admin sees their own school's sections with VIEW_ATTENDANCE, never another school's", async () => {
    const adviser = await signedInAdmin(t.app, ids.a, ['VIEW_ATTENDANCE']);
    const own = await get(adviser.token, `/api/admin/attendance/section-day?sectionId=${ids.sampaguita}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.learners.map((l: { firstName: string; state: string }) => [l.firstName, l.state])).toEqual([
      ['Gio', 'IN'],
    ]);
    const other = await get(adviser.token, `/api/admin/attendance/section-day?sectionId=${ids.acacia}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: SECTION_DAY_MESSAGES.notFound });
    const unknown = await get(adviser.token, '/api/admin/attendance/section-day?sectionId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SECTION_DAY_MESSAGES.notFound);
    const guard = await signedInAdmin(t.app, ids.a, ['VIEW_STUDENTS']);
    const denied = await get(guard.token, `/api/admin/attendance/section-day?sectionId=${ids.narra}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('VIEW_ATTENDANCE'));
  });
});
