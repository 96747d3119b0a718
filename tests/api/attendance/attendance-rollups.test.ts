import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps, schoolYearAround } from '../../helpers/rfid';
import { runAbsenceJob } from '../../../server/features/attendance/absence-job';
import * as rollups from '../../../server/core/db/migrations/0022_attendance_rollups';

/*
 * The attendance rollups (migration 0022) equal a direct count of attendance_records after
 * every kind of write — taps (check-in, late, check-out), the absence job, EXCUSED, a correction, a no-class day
 * that undoes absences, a student's cascade delete — and the migration's backfill counts existing records.
 */
describe(`attendance rollups (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Rollup rows (zeros left out) and the same figures counted from the records, both sorted. */
  async function both() {
    const db = t.app.db;
    const key = (r: { date: string; status: string; schoolId: number }) => `${r.date}|${r.status}|${r.schoolId}`;
    const daily = await db.selectFrom('attendanceDailyCounts').selectAll().where('n', '<>', 0).execute();
    const counted = await db
      .selectFrom('attendanceRecords')
      .select(['date', 'status', sql<number>`coalesce(school_id, 0)`.as('schoolId'), (e) => e.fn.countAll<number>().as('n')])
      .groupBy(['date', 'status', sql`coalesce(school_id, 0)`])
      .execute();
    const totals = await db.selectFrom('attendanceSchoolTotals').selectAll().where('n', '<>', 0).execute();
    const countedTotals = await db
      .selectFrom('attendanceRecords')
      .select([sql<number>`coalesce(school_id, 0)`.as('schoolId'), (e) => e.fn.countAll<number>().as('n')])
      .groupBy(sql`coalesce(school_id, 0)`)
      .execute();
    const norm = <R extends { n: number | string; schoolId: number | string }>(rows: R[], k: (r: R) => string) =>
      rows.map((r) => `${k(r)}=${Number(r.n)}`).sort();
    return {
      daily: norm(daily, key),
      counted: norm(counted as typeof daily, key),
      totals: norm(totals, (r) => String(r.schoolId)),
      countedTotals: norm(countedTotals, (r) => String(Number(r.schoolId))),
    };
  }

  async function expectRollupsRight() {
    const b = await both();
    expect(b.daily).toEqual(b.counted);
    expect(b.totals).toEqual(b.countedTotals);
    return b;
  }

  /** One school's rollup figures for a day, by status. */
  async function dayOf(schoolId: number, date: string) {
    const rows = await t.app.db
      .selectFrom('attendanceDailyCounts')
      .select(['status', 'n'])
      .where('schoolId', '=', schoolId)
      .where('date', '=', date)
      .where('n', '<>', 0)
      .orderBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  it('follow taps, the absence job, EXCUSED, a correction, a no-class day and a cascade delete', async () => {
    const { id } = await createSchool(t.app, token);
    const reader = await createReader(t.app, token, { schoolId: id });
    const day = lastSchoolDay();
    await schoolYearAround(t.app, id, day);
    const s = [];
    for (let i = 0; i < 5; i++) s.push(await insertCardStudent(t.app, id, `ACE0000${i}`));

    const taps = await postTaps(t.app, reader.token, {
      events: [
        { eventId: 'r-1', cardUid: 'ACE00000', tappedAt: at(day, '07:00') },
        { eventId: 'r-2', cardUid: 'ACE00001', tappedAt: at(day, '08:30') },
      ],
    });
    expect(taps.statusCode).toBe(200);
    const out = await postTaps(t.app, reader.token, { eventId: 'r-3', cardUid: 'ACE00000', tappedAt: at(day, '16:00') });
    expect(out.json().data).toMatchObject({ outcome: 'CHECK_OUT', status: 'PRESENT' });
    await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ LATE: 1, PRESENT: 1 });

    // The job's first run (before the cutoff) only sets where it starts; the next one marks the day.
    await t.app.db.deleteFrom('jobRuns').execute();
    const job = (time: string) => runAbsenceJob(t.app.db, { defaultTimeZone: 'Asia/Manila', now: new Date(at(day, time)) });
    await job('09:00');
    const marked = await job('11:00');
    expect(marked.filter((r) => r.schoolId === id)).toEqual([{ schoolId: id, date: day, marked: 3 }]);
    await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ ABSENT: 3, LATE: 1, PRESENT: 1 });

    const excuse = await api({
      method: 'POST',
      url: '/api/super-admin/attendance/excuse',
      payload: { studentId: s[2], date: day, note: 'Medical certificate' },
    });
    expect(excuse.statusCode).toBe(200);
    await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ ABSENT: 2, EXCUSED: 1, LATE: 1, PRESENT: 1 });

    // A correction by any writer (the triggers do not depend on which code path updates the record).
    await t.app.db
      .updateTable('attendanceRecords')
      .set({ status: 'PRESENT' })
      .where('studentId', '=', s[1]!)
      .where('date', '=', day)
      .execute();
    await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ ABSENT: 2, EXCUSED: 1, PRESENT: 2 });

    const settings = await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/attendance-settings`,
      payload: {
        timeZone: 'Asia/Manila',
        lateCutoff: '07:45',
        absenceCutoff: '10:00',
        schoolDays: [1, 2, 3, 4, 5],
        holidays: [{ date: day, name: 'Typhoon' }],
      },
    });
    expect(settings.statusCode).toBe(200);
    await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ EXCUSED: 1, PRESENT: 2 });

    await t.app.db.deleteFrom('students').where('id', '=', s[0]!).execute();
    const b = await expectRollupsRight();
    expect(await dayOf(id, day)).toEqual({ EXCUSED: 1, PRESENT: 1 });
    expect(b.totals).toContain(`${id}=2`);
  });

  it('the migration counts the records already there (backfill)', async () => {
    const { id } = await createSchool(t.app, token);
    const student = await insertCardStudent(t.app, id, 'ACE00100');
    const stamp = new Date().toISOString();
    await t.app.db
      .insertInto('attendanceRecords')
      .values(
        ['2026-01-05', '2026-01-06', '2026-01-07'].map((date, i) => ({
          studentId: student,
          schoolId: i === 2 ? null : id,
          date,
          status: i === 0 ? 'LATE' : 'PRESENT',
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();
    await rollups.down(t.app.db);
    await rollups.up(t.app.db);
    const b = await expectRollupsRight();
    expect(b.daily).toEqual(
      expect.arrayContaining([`2026-01-05|LATE|${id}=1`, `2026-01-06|PRESENT|${id}=1`, '2026-01-07|PRESENT|0=1']),
    );
    // The triggers are back after the backfill.
    await t.app.db.deleteFrom('attendanceRecords').where('studentId', '=', student).execute();
    await expectRollupsRight();
    expect(await dayOf(id, '2026-01-05')).toEqual({});
  });
});
