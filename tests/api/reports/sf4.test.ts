import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { testClock } from '../../helpers/clock';
import { insertCheckIns, weekdays } from '../../helpers/attendance';
import { SF2_MESSAGES } from '@domain/sf2';
import type { Sf4Form } from '@domain/sf4';

/*
 * School Form 4 of November 2026 for a school of two sections, every figure counted by hand:
 * - Grade 7 Rizal (adviser Maria L. Santos): Abe (M) present every class day, Bea (F) absent every day, Cid (M) dropped
 *   out on 15 October, Dee (F) transferred out on 10 November;
 * - Grade 8 Mabini (no adviser set): Fay (M) transferred in on 1 September, Eve (F) transferred in on 16 November, Gil
 *   (M) no longer participating from 20 November; none of them came in November.
 */
describe(`School Form 4 (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const clock = testClock('2026-12-01T03:00:00.000Z');
  const api = (url: string) => as(token)(t.app, { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { name: 'Form Four High', acronym: 'FFH' })).id;
    await as(token)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    const section = async (grade: string, level: number, name: string, adviserName?: string) => {
      const g = await as(token)(t.app, {
        method: 'POST',
        url: '/api/super-admin/grades',
        payload: { name: grade, level, schoolId },
      });
      const s = await as(token)(t.app, {
        method: 'POST',
        url: '/api/super-admin/sections',
        payload: { name, gradeId: g.json().data.id, schoolId, adviserName },
      });
      return { gradeId: g.json().data.id as number, sectionId: s.json().data.id as number };
    };
    const rizal = await section('Grade 7', 7, 'Rizal', 'Maria L. Santos');
    const mabini = await section('Grade 8', 8, 'Mabini');
    let seq = 0;
    const learner = async (
      place: { gradeId: number; sectionId: number },
      firstName: string,
      gender: string,
      more: Record<string, string> = {},
    ) => {
      seq += 1;
      const row = await t.app.db
        .insertInto('students')
        .values({
          firstName,
          lastName: 'Four',
          gender,
          email: `sf4-${seq}@school.test`,
          passwordHash: 'x',
          lrn: String(310000000000 + seq),
          parentPhone: '+639171234567',
          schoolId,
          ...place,
          enrolmentDate: '2026-06-08',
          createdAt: '2026-06-01T00:00:00.000Z',
          updatedAt: '2026-06-01T00:00:00.000Z',
          ...more,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const abe = await learner(rizal, 'Abe', 'MALE');
    await learner(rizal, 'Bea', 'FEMALE');
    await learner(rizal, 'Cid', 'MALE', { leftOn: '2026-10-15', leftReason: 'DROPPED_OUT', leftDetail: 'b.1' });
    await learner(rizal, 'Dee', 'FEMALE', { leftOn: '2026-11-10', leftReason: 'TRANSFERRED_OUT', leftDetail: 'Mabini ES' });
    await learner(mabini, 'Fay', 'MALE', { enrolmentDate: '2026-09-01', transferInFrom: 'Mabini ES' });
    await learner(mabini, 'Eve', 'FEMALE', { enrolmentDate: '2026-11-16', transferInFrom: 'Rizal ES' });
    await learner(mabini, 'Gil', 'MALE', { leftOn: '2026-11-20', leftReason: 'NLPA' });
    // Abe came every weekday of November (records on the no-class days are no class days' columns).
    await insertCheckIns(t.app.db, schoolId, abe, weekdays('2026-11'));
  });
  afterAll(async () => t.close());

  const T = (male: number, female: number, total = male + female) => ({ male, female, total });
  const none = { previous: T(0, 0), month: T(0, 0), cumulative: T(0, 0) };

  it('each section: registered, daily average and percentage of attendance, and movements as of last month, in it, cumulative', async () => {
    const res = await api(`/api/super-admin/schools/${schoolId}/sf4?month=2026-11`);
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data as Sf4Form;
    expect(form.header).toMatchObject({
      schoolName: 'Form Four High',
      schoolYear: '2026-2027',
      month: '2026-11',
      monthName: 'NOVEMBER 2026',
    });
    expect(form.rows).toEqual([
      {
        grade: 'Grade 7',
        section: 'Rizal',
        adviser: 'Maria L. Santos',
        // Abe and Bea are on the roll at the end of November.
        registered: T(1, 1),
        // Abe present every class day: 1 a day; Bea never.
        averageDailyAttendance: T(1, 0, 1),
        percentAttendance: { male: 100, female: 0, total: 50 },
        droppedOut: { previous: T(1, 0), month: T(0, 0), cumulative: T(1, 0) },
        transferredOut: { previous: T(0, 0), month: T(0, 1), cumulative: T(0, 1) },
        transferredIn: none,
      },
      {
        grade: 'Grade 8',
        section: 'Mabini',
        adviser: null,
        // Fay and Eve; Gil no longer participates.
        registered: T(1, 1),
        averageDailyAttendance: T(0, 0, 0),
        percentAttendance: { male: 0, female: 0, total: 0 },
        droppedOut: none,
        transferredOut: none,
        transferredIn: { previous: T(1, 0), month: T(0, 1), cumulative: T(1, 1) },
      },
    ]);
    expect(form.total).toEqual({
      registered: T(2, 2),
      averageDailyAttendance: T(1, 0, 1),
      percentAttendance: { male: 50, female: 0, total: 25 },
      droppedOut: { previous: T(1, 0), month: T(0, 0), cumulative: T(1, 0) },
      transferredOut: { previous: T(0, 0), month: T(0, 1), cumulative: T(0, 1) },
      transferredIn: { previous: T(1, 0), month: T(0, 1), cumulative: T(1, 1) },
    });
  });

  it('the XLSX waits for the School ID, then holds the same figures under merged headers', async () => {
    const url = `/api/super-admin/schools/${schoolId}/sf4?month=2026-11&format=xlsx`;
    const noId = await api(url);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(SF2_MESSAGES.noSchoolId);
    await t.app.db.updateTable('schools').set({ depedSchoolId: '305980' }).where('id', '=', schoolId).execute();
    const res = await api(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="SF4-Form-Four-High-2026-11.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('SF4')!;
    const rows = ws
      .getSheetValues()
      .filter(Array.isArray)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(expect.arrayContaining(['Grade 7', 'Rizal', 'Maria L. Santos']));
    const rizal = rows.find((r) => r[1] === 'Rizal')!;
    // Registered M F T, ADA M F T, % M F T, then dropped out (A) M F T.
    expect(rizal.slice(3, 15)).toEqual([1, 1, 2, 1, 0, 1, 100, 0, 50, 1, 0, 1]);
    expect(ws.getCell('D5').isMerged).toBe(true);
  });
});
