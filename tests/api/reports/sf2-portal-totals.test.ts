import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@core/time/clock';
import type { Sf2Form } from '@domain/sf2';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { at, createReader, postTaps } from '../../helpers/rfid';

/*
 * The portal's month totals are SF2's. One grade 7 learner's November 2026, computed both ways — the
 * SF2 preview's row and GET /api/student/attendance — must agree, on a month with everything that moves a count:
 * - enrolled on Wed 4 Nov (2 and 3 Nov are before it: not counted);
 * - 10 Nov a whole-school holiday, 12 Nov a grade 7 suspension (the learner taps anyway: kept, no record),
 *   13 Nov a grade 8 suspension (a class day for grade 7), 30 Nov Bonifacio Day (the school year's holidays);
 * - 5 Nov present, 6 and 18 Nov late (tardy), 9 Nov excused without a tap, 4, 23, 24 and 26 Nov no check-in;
 * - the school's clock: Thu 26 Nov, noon in Manila (after the 10:00 absence cutoff: the 26th counts).
 */
const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
const PASSWORD = 'Mango-Lantern-58';

describe(`SF2 and the student portal count a month alike (${dbKind})`, () => {
  let t: TestApp;
  let now = new Date('2026-11-04T00:00:00.000Z');
  const clock: Clock = { now: () => now };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  it("one learner's month: the SF2 row and the portal's totals are equal", async () => {
    const root = await loginSuperAdmin(t.app);
    const api = as(root);
    const schoolId = (await createSchool(t.app, root, { name: 'Totals High School' })).id;
    const year = await api(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.statusCode, year.body).toBe(200);
    // The school holds classes on All Souls' Day (a special non-working day it lifts), as the month's counts assume.
    const lift = await api(t.app, {
      method: 'DELETE',
      url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days/2026-11-02`,
    });
    expect(lift.statusCode, lift.body).toBe(200);
    const { gradeId, sectionId } = await createGradeAndSection(t.app, root, schoolId);
    const declare = async (date: string, name: string, gradeLevels: number[] | null) => {
      const res = await api(t.app, {
        method: 'POST',
        url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days`,
        payload: { date, name, kind: gradeLevels ? 'SUSPENSION' : 'HOLIDAY', gradeLevels },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await declare(day(10), 'Foundation Day', null);
    await declare(day(12), 'Grade 7 suspension', [7]);
    await declare(day(13), 'Grade 8 exam break', [8]);

    const learner = await createStudent(t.app, root, schoolId, {
      gradeId,
      sectionId,
      gender: 'FEMALE',
      rfidCardId: 'AA55CC77',
      enrolmentDate: day(4),
    });
    const reader = await createReader(t.app, root, { schoolId });
    const taps: Array<[number, string]> = [
      [5, '07:20'],
      [6, '08:05'],
      [11, '07:30'],
      [12, '07:25'],
      [13, '07:10'],
      [16, '07:15'],
      [17, '07:15'],
      [18, '07:50'],
      [19, '07:15'],
      [20, '07:15'],
      [25, '07:15'],
    ];
    for (const [d, time] of taps) {
      now = new Date(at(day(d), '12:00'));
      const res = await postTaps(t.app, reader.token, { eventId: `tot-${d}`, cardUid: 'AA55CC77', tappedAt: at(day(d), time) });
      expect(res.json().data.outcome, `${d} Nov`).toBe(d === 12 ? 'NOT_SCHOOL_DAY' : [6, 18].includes(d) ? 'LATE' : 'CHECK_IN');
    }
    // Three weeks later on the school's clock: the registrar signs in again (a staff session lasts 7 days at most).
    const excuse = await as(await loginSuperAdmin(t.app))(t.app, {
      method: 'POST',
      url: '/api/super-admin/attendance/excuse',
      payload: { studentId: learner.id, date: day(9), note: 'Fever' },
    });
    expect(excuse.statusCode, excuse.body).toBe(200);

    now = new Date(at(day(26), '12:00'));
    const sf2 = await as(await loginSuperAdmin(t.app))(t.app, {
      method: 'GET',
      url: `/api/super-admin/schools/${schoolId}/sections/${sectionId}/sf2?month=2026-11`,
    });
    expect(sf2.statusCode, sf2.body).toBe(200);
    const form = sf2.json().data as Sf2Form;
    const row = form.groups.flatMap((g) => g.learners).find((l) => l.studentId === learner.id)!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      headers: WANT_TOKEN,
      payload: { email: learner.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const portal = await as(login.json().data.token)(t.app, { method: 'GET', url: '/api/student/attendance?month=2026-11' });
    expect(portal.statusCode, portal.body).toBe(200);
    const totals = portal.json().data.totals;

    // SF2's own row first (so equality below cannot hold by both being wrong the same way)…
    const marked = (m: string | null) => m !== null;
    const sf2Totals = {
      classDays: form.days.length,
      classDaysSoFar: row.marks.filter(marked).length,
      present: row.marks.filter((m) => m === '' || m === 'T').length,
      absent: row.absent,
      tardy: row.tardy,
    };
    // 21 weekdays less the 10th, the 12th (grade 7) and the 30th; marked from the 4th to the 26th: 15 days.
    expect(sf2Totals).toEqual({ classDays: 18, classDaysSoFar: 15, present: 10, absent: 5, tardy: 2 });
    expect(form.days.map((d) => d.dayOfMonth)).not.toContain(12);
    expect(form.days.map((d) => d.dayOfMonth)).toContain(13);
    // …then the portal's, equal to it (the excused day is one of the absences on both).
    expect(totals).toEqual({ ...sf2Totals, excused: 1 });
    const portalDay = (d: number) => portal.json().data.days.find((x: { date: string }) => x.date === day(d));
    expect(portalDay(12)).toMatchObject({ classDay: false, reason: 'Grade 7 suspension', mark: 'NO_CLASS' });
    expect(portalDay(13)).toMatchObject({ classDay: true, mark: 'PRESENT' });
    expect(portalDay(26)).toMatchObject({ classDay: true, mark: 'NO_RECORD' });
  });
});
