import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool, logsOf } from '../../helpers/schools';
import { at, createReader, insertCardStudent, intentsOf, lastSchoolDay, postTaps, schoolYearAround } from '../../helpers/rfid';
import { runAbsenceJob } from '../../../server/features/attendance/absence-job';
import { ATTENDANCE_PAGE_SIZE, EXCUSE_MESSAGES, SETTINGS_MESSAGES } from '@domain/attendance';

/** Attendance settings, the absence job (catch-up, holidays, one claim), EXCUSED, Attendance History. */
describe(`attendance (${dbKind})`, () => {
  /** The server's clock: a tap is received at the time the test sets. */
  const clock = testClock();
  let t: TestApp;
  let token: string;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const settings = {
    timeZone: 'Asia/Manila',
    lateCutoff: '07:45',
    absenceCutoff: '10:00',
    schoolDays: [1, 2, 3, 4, 5],
    holidays: [],
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(() => t.close());

  it('attendance settings default to SCHOOL_TIMEZONE, 07:45, 10:00, Mon–Fri; edits are validated and logged', async () => {
    const { id } = await createSchool(t.app, token);
    const res = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/attendance-settings` });
    expect(res.json().data).toEqual({ ...settings, timeZone: t.config.schoolTimezone });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...settings, timeZone: 'Mars/Olympus' }, SETTINGS_MESSAGES.timeZone],
      [{ ...settings, lateCutoff: '7:45' }, SETTINGS_MESSAGES.lateCutoff],
      [{ ...settings, absenceCutoff: '07:00' }, SETTINGS_MESSAGES.order],
      [{ ...settings, schoolDays: [] }, SETTINGS_MESSAGES.schoolDays],
      [{ ...settings, holidays: [{ date: '2026-02-30', name: 'X' }] }, SETTINGS_MESSAGES.holidayDate],
      [{ ...settings, holidays: [{ date: '2026-12-25', name: ' ' }] }, SETTINGS_MESSAGES.holidayName],
    ];
    for (const [payload, message] of bad) {
      const r = await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/attendance-settings`, payload });
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const next = {
      ...settings,
      timeZone: 'America/New_York',
      schoolDays: [5, 1, 1],
      holidays: [{ date: '2026-12-25', name: 'Christmas' }],
    };
    const put = await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/attendance-settings`, payload: next });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ ...next, schoolDays: [1, 5] });
    expect((await logsOf(t.app, 'UPDATE_ATTENDANCE_SETTINGS'))[0]?.entityId).toBe(String(id));
    expect((await api({ method: 'GET', url: '/api/super-admin/schools/999999/attendance-settings' })).statusCode).toBe(404);
  });

  it('the absence job catches up after downtime, skips holidays and weekends, and marks each day once', async () => {
    const { id } = await createSchool(t.app, token);
    await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/attendance-settings`,
      payload: { ...settings, holidays: [{ date: '2026-11-17', name: 'Holiday' }] },
    });
    const present = await insertCardStudent(t.app, id, 'ABAB0001');
    const absent = await insertCardStudent(t.app, id, 'ABAB0002');
    const later = await insertCardStudent(t.app, id, 'ABAB0003', '2026-11-18T00:00:00.000Z');
    await t.app.db
      .insertInto('attendanceRecords')
      .values({
        studentId: present,
        schoolId: id,
        date: '2026-11-16',
        status: 'PRESENT',
        checkInAt: '2026-11-15T23:30:00.000Z',
        createdAt: '2026-11-15T23:30:00.000Z',
        updatedAt: '2026-11-15T23:30:00.000Z',
      })
      .execute();
    const job = (iso: string) => runAbsenceJob(t.app.db, { defaultTimeZone: 'Asia/Manila', now: new Date(iso) });
    // The job first runs on Friday 13 Nov at 09:00 Manila: nothing before then is ever marked.
    await t.app.db.deleteFrom('jobRuns').execute();
    expect((await job('2026-11-13T01:00:00.000Z')).filter((r) => r.schoolId === id)).toEqual([]);
    // Friday after 10:00.
    expect((await job('2026-11-13T02:30:00.000Z')).filter((r) => r.schoolId === id)).toEqual([
      { schoolId: id, date: '2026-11-13', marked: 2 },
    ]);
    // The servers were down from Friday to Thursday 19 Nov, 13:00 Manila: Mon, Wed, Thu are marked; Tue is a holiday,
    // Sat/Sun no school days; the student registered on Wednesday morning counts from Wednesday.
    const [a, b] = await Promise.all([job('2026-11-19T05:00:00.000Z'), job('2026-11-19T05:00:00.000Z')]);
    const runs = [...a!, ...b!].filter((r) => r.schoolId === id).sort((x, y) => x.date.localeCompare(y.date));
    expect(runs).toEqual([
      { schoolId: id, date: '2026-11-16', marked: 1 },
      { schoolId: id, date: '2026-11-18', marked: 3 },
      { schoolId: id, date: '2026-11-19', marked: 3 },
    ]);
    const rows = await t.app.db
      .selectFrom('attendanceRecords')
      .select(['studentId', 'date', 'status'])
      .where('schoolId', '=', id)
      .orderBy('date')
      .orderBy('studentId')
      .execute();
    expect(rows.filter((r) => r.studentId === absent).map((r) => r.date)).toEqual([
      '2026-11-13',
      '2026-11-16',
      '2026-11-18',
      '2026-11-19',
    ]);
    expect(rows.filter((r) => r.studentId === later).map((r) => r.date)).toEqual(['2026-11-18', '2026-11-19']);
    expect(rows.find((r) => r.studentId === present && r.date === '2026-11-16')?.status).toBe('PRESENT');
    const intents = await intentsOf(t.app, absent);
    expect(intents.map((i) => JSON.parse(i.payload).type)).toEqual(['ABSENCE', 'ABSENCE', 'ABSENCE', 'ABSENCE']);
    expect(await job('2026-11-19T06:00:00.000Z')).toEqual([]);
    expect((await logsOf(t.app, 'MARK_ABSENCES')).filter((l) => l.entityId === String(id))).toHaveLength(4);
  });

  it('a student marked ABSENT who turns up is LATE; EXCUSED with a note stays EXCUSED', async () => {
    const { id } = await createSchool(t.app, token);
    const reader = await createReader(t.app, token, { schoolId: id });
    const day = lastSchoolDay();
    await schoolYearAround(t.app, id, day);
    const s1 = await insertCardStudent(t.app, id, 'CDCD0001');
    const s2 = await insertCardStudent(t.app, id, 'CDCD0002');
    const stamp = new Date().toISOString();
    const rec = await t.app.db
      .insertInto('attendanceRecords')
      .values({ studentId: s1, schoolId: id, date: day, status: 'ABSENT', createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Received as it happens (a tap received long after its time over an ABSENT mark is a late replay: tap-late-replay.test.ts).
    clock.set(at(day, '10:30:02'));
    const res = await postTaps(t.app, reader.token, { eventId: 'late-1', cardUid: 'CDCD0001', tappedAt: at(day, '10:30') });
    clock.set(new Date());
    expect(res.json().data).toMatchObject({ outcome: 'LATE', status: 'LATE', attendanceId: rec.id });
    expect((await intentsOf(t.app, s1)).map((i) => JSON.parse(i.payload).type)).toEqual(['LATE_ARRIVAL']);

    const bad = await api({
      method: 'POST',
      url: '/api/super-admin/attendance/excuse',
      payload: { studentId: s2, date: day, note: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EXCUSE_MESSAGES.note);
    expect(
      (
        await api({
          method: 'POST',
          url: '/api/super-admin/attendance/excuse',
          payload: { studentId: 99999, date: day, note: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const ok = await api({
      method: 'POST',
      url: '/api/super-admin/attendance/excuse',
      payload: { studentId: s2, date: day, note: 'Medical certificate' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ studentId: s2, status: 'EXCUSED', note: 'Medical certificate', date: day });
    expect((await logsOf(t.app, 'EXCUSE_ATTENDANCE'))[0]?.details).toMatchObject({ to: 'EXCUSED', note: 'Medical certificate' });
    const tap = await postTaps(t.app, reader.token, { eventId: 'exc-1', cardUid: 'CDCD0002', tappedAt: at(day, '11:00') });
    expect(tap.json().data).toMatchObject({ outcome: 'CHECK_IN', status: 'EXCUSED' });
  });

  it('Attendance History: page size 10, newest first, filters From/To/Status/student, spec fields', async () => {
    const { id, acronym } = await createSchool(t.app, token);
    const reader = await createReader(t.app, token, { schoolId: id, name: 'History Gate', location: 'East wing' });
    const day = lastSchoolDay();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await insertCardStudent(t.app, id, `EF00${String(i).padStart(4, '0')}`));
    const events = ids.map((_, i) => ({
      eventId: `h-${i}`,
      cardUid: `EF00${String(i).padStart(4, '0')}`,
      tappedAt: at(day, i < 4 ? '07:50' : '07:00'),
    }));
    expect((await postTaps(t.app, reader.token, { events })).statusCode).toBe(200);
    const page = await api({ method: 'GET', url: `/api/super-admin/attendance-history?schoolId=${id}` });
    expect(page.statusCode).toBe(200);
    const { records, pagination } = page.json().data;
    expect(records).toHaveLength(ATTENDANCE_PAGE_SIZE);
    expect(pagination).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    expect(records[0]).toMatchObject({
      studentId: ids[11],
      status: 'PRESENT',
      date: day,
      checkInAt: at(day, '07:00'),
      checkOutAt: null,
      reader: { name: 'History Gate', location: 'East wing' },
      card: { cardId: 'EF000011' },
      student: { school: { acronym } },
    });
    const late = await api({
      method: 'GET',
      url: `/api/super-admin/attendance-history?schoolId=${id}&status=LATE&startDate=${day}&endDate=${day}`,
    });
    expect(late.json().data.pagination.total).toBe(4);
    const none = await api({ method: 'GET', url: `/api/super-admin/attendance-history?schoolId=${id}&endDate=2000-01-01` });
    expect(none.json().data.records).toEqual([]);
    const one = await api({ method: 'GET', url: `/api/super-admin/attendance-history?studentId=${ids[0]}` });
    expect(one.json().data.records.map((r: { studentId: number }) => r.studentId)).toEqual([ids[0]]);
    const badStatus = await api({ method: 'GET', url: '/api/super-admin/attendance-history?status=HERE' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status must be PRESENT, ABSENT, LATE or EXCUSED');
    const order = await api({
      method: 'GET',
      url: '/api/super-admin/attendance-history?startDate=2026-02-02&endDate=2026-02-01',
    });
    expect(order.json().message).toBe('Start date must be on or before the end date');
  });
});
