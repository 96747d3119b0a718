import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { at, createReader, insertCardStudent, intentsOf, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { runAbsenceJob } from '../../../server/features/attendance/absence-job';
import { expandIntent } from '../../../server/features/outbox/expand';
import { CALENDAR_MESSAGES } from '@domain/calendar';
import { localDate, nowIso } from '@core/time/time';

/** The school calendar, and no-class days that stop absence marks and their messages. */
describe(`school calendar (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const job = (iso: string) => runAbsenceJob(t.app.db, { defaultTimeZone: 'Asia/Manila', now: new Date(iso) });
  const declare = (schoolId: number, payload: Record<string, unknown>) =>
    api({ method: 'POST', url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days`, payload });

  async function gradeOfLevel(schoolId: number, level: number) {
    const now = nowIso();
    const g = await t.app.db
      .insertInto('grades')
      .values({ schoolId, name: `Grade ${level}`, level, isActive: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return g.id;
  }
  /** A student registered the evening before `day` (Manila): earlier days are none of its business. */
  async function studentIn(schoolId: number, card: string, gradeId: number | null, day = '2026-11-16') {
    const id = await insertCardStudent(t.app, schoolId, card, `${day}T00:00:00.000Z`);
    await t.app.db.updateTable('students').set({ gradeId }).where('id', '=', id).execute();
    return id;
  }
  const recordsOn = (schoolId: number, date: string) =>
    t.app.db
      .selectFrom('attendanceRecords')
      .select(['studentId', 'status'])
      .where('schoolId', '=', schoolId)
      .where('date', '=', date)
      .orderBy('studentId')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    // The absence job counts from its first run on this database: before every day these tests use.
    await job('2026-11-02T00:00:00.000Z');
  });
  afterAll(() => t.close());

  it('the school year loads the holidays and special non-working days of the Philippines; its first Friday is the enrolment cut-off', async () => {
    const { id } = await createSchool(t.app, token);
    const empty = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ schoolId: id, schoolYear: null, schoolDays: [1, 2, 3, 4, 5], days: [] });

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ start: '2026-06-31', end: '2027-04-09' }, CALENDAR_MESSAGES.start],
      [{ start: '2026-06-08', end: 'april' }, CALENDAR_MESSAGES.end],
      [{ start: '2026-06-08', end: '2026-06-01' }, CALENDAR_MESSAGES.order],
      [{ start: '2026-06-08', end: '2028-06-01' }, CALENDAR_MESSAGES.tooLong],
    ];
    for (const [payload, message] of bad) {
      const r = await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/calendar/school-year`, payload });
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect(await logsOf(t.app, 'UPDATE_SCHOOL_YEAR')).toHaveLength(0);

    const put = await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(put.statusCode).toBe(200);
    const { calendar, holidaysAdded } = put.json().data;
    expect(calendar.schoolYear).toEqual({ start: '2026-06-08', end: '2027-04-09', enrolmentCutoff: '2026-06-12' });
    const days = calendar.days as Array<{ date: string; name: string; kind: string; gradeLevels: null }>;
    expect(holidaysAdded).toBe(days.length);
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get('2026-06-12')).toEqual({
      date: '2026-06-12',
      endDate: null,
      name: 'Independence Day',
      kind: 'HOLIDAY',
      gradeLevels: null,
    });
    expect(byDate.get('2026-08-31')?.name).toBe("National Heroes' Day");
    expect(byDate.get('2026-11-30')?.name).toBe('Bonifacio Day');
    expect(byDate.get('2026-12-25')?.name).toBe('Christmas Day');
    expect(byDate.get('2027-01-01')?.name).toBe("New Year's Day");
    expect(days.every((d) => d.date >= '2026-06-08' && d.date <= '2027-04-09' && ['HOLIDAY', 'SPECIAL'].includes(d.kind))).toBe(
      true,
    );
    // The special non-working days, which a school may lift.
    const special = days.filter((d) => d.kind === 'SPECIAL').map((d) => [d.date, d.name]);
    expect(special).toEqual(
      expect.arrayContaining([
        ['2026-11-01', "All Saints' Day"],
        ['2026-11-02', "All Souls' Day"],
        ['2026-12-08', 'Feast of the Immaculate Conception of the Blessed Virgin Mary'],
        ['2026-12-24', 'Christmas Eve'],
        ['2026-12-31', "New Year's Eve"],
        ['2027-03-27', 'Easter Saturday'],
      ]),
    );
    // Whole-school no-class days are the attendance settings' holidays: one table, one truth.
    const settings = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/attendance-settings` });
    expect(settings.json().data.holidays).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    // Loading again adds nothing twice.
    const again = await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(again.json().data.holidaysAdded).toBe(0);
    const logs = await logsOf(t.app, 'UPDATE_SCHOOL_YEAR');
    expect(logs).toHaveLength(2);
    expect(
      (
        await api({
          method: 'PUT',
          url: '/api/super-admin/schools/999999/calendar/school-year',
          payload: { start: '2026-06-08', end: '2027-04-09' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a period is one entry: it keeps the holidays inside it, undoes every day’s marks, and is removed whole', async () => {
    const { id } = await createSchool(t.app, token);
    await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    const learner = await studentIn(id, 'CP100001', null, '2026-12-18');
    await job('2026-12-21T02:30:00.000Z');
    expect(await recordsOn(id, '2026-12-21')).toEqual([{ studentId: learner, status: 'ABSENT' }]);

    const bad = await declare(id, { date: '2026-12-21', endDate: '2026-12-20', name: 'Christmas break' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CALENDAR_MESSAGES.periodOrder);
    const long = await declare(id, { date: '2026-12-21', endDate: '2027-02-28', name: 'Christmas break' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A no-class period is at most 60 days: declare a longer one in parts');

    const res = await declare(id, { date: '2026-12-21', endDate: '2027-01-03', name: 'Christmas break' });
    expect(res.statusCode, res.body).toBe(201);
    // 14 dates, of which Dec 24, 25, 30, 31 and Jan 1 were holidays already: kept as they are.
    expect(res.json()).toMatchObject({
      message: 'No-class period saved: 9 day(s)',
      data: {
        day: { date: '2026-12-21', endDate: '2027-01-03', name: 'Christmas break', kind: 'SUSPENSION' },
        days: 9,
        cancelledAbsences: 1,
      },
    });
    expect(await recordsOn(id, '2026-12-21')).toEqual([]);
    const cal = (await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` })).json().data.days as Array<{
      date: string;
      endDate: string | null;
      name: string;
    }>;
    const around = cal.filter((d) => d.date >= '2026-12-20' && d.date <= '2027-01-04').map((d) => [d.date, d.endDate, d.name]);
    expect(around).toEqual([
      ['2026-12-21', '2027-01-03', 'Christmas break'],
      ['2026-12-24', null, 'Christmas Eve'],
      ['2026-12-25', null, 'Christmas Day'],
      ['2026-12-30', null, 'Rizal Day'],
      ['2026-12-31', null, "New Year's Eve"],
      ['2027-01-01', null, "New Year's Day"],
    ]);
    // Taps on a day inside the period are no-class taps (the rules read each date).
    const settings = (await api({ method: 'GET', url: `/api/super-admin/schools/${id}/attendance-settings` })).json().data;
    expect(settings.holidays.map((h: { date: string }) => h.date)).toEqual(expect.arrayContaining(['2026-12-22', '2027-01-02']));
    const [log] = await logsOf(t.app, 'DECLARE_NO_CLASS_DAY');
    expect(log!.details).toMatchObject({
      date: '2026-12-21',
      endDate: '2027-01-03',
      days: 9,
      kept: ['2026-12-24', '2026-12-25', '2026-12-30', '2026-12-31', '2027-01-01'],
    });

    const every = await declare(id, { date: '2026-12-24', endDate: '2026-12-25', name: 'Again' });
    expect(every.statusCode).toBe(409);
    expect(every.json().message).toBe(CALENDAR_MESSAGES.allTaken);

    // Removing any day of the period removes the period; the holidays inside stay.
    const removed = await api({ method: 'DELETE', url: `/api/super-admin/schools/${id}/calendar/no-class-days/2026-12-28` });
    expect(removed.json().message).toBe('No-class period removed: 9 day(s)');
    const after = (await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` })).json().data.days as Array<{
      date: string;
    }>;
    expect(after.filter((d) => d.date >= '2026-12-20' && d.date <= '2027-01-04').map((d) => d.date)).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it('a lifted special day stays lifted when the year is loaded again; declaring it again clears the lift', async () => {
    const { id } = await createSchool(t.app, token);
    const year = { start: '2026-06-08', end: '2027-04-09' };
    await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/calendar/school-year`, payload: year });
    const lift = await api({ method: 'DELETE', url: `/api/super-admin/schools/${id}/calendar/no-class-days/2026-11-02` });
    expect(lift.statusCode).toBe(200);
    expect(lift.json().message).toBe('Holiday lifted: classes are held that day');
    const [log] = await logsOf(t.app, 'REMOVE_NO_CLASS_DAY');
    expect(log!.details).toMatchObject({ date: '2026-11-02', kind: 'SPECIAL', lifted: true });

    const again = await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/calendar/school-year`, payload: year });
    expect(again.json().data.holidaysAdded).toBe(0);
    const dates = () =>
      api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` }).then((r) =>
        (r.json().data.days as Array<{ date: string }>).map((d) => d.date),
      );
    expect(await dates()).not.toContain('2026-11-02');

    const declared = await declare(id, { date: '2026-11-02', name: "All Souls' Day", kind: 'HOLIDAY' });
    expect(declared.statusCode).toBe(201);
    expect(await t.app.db.selectFrom('schoolLiftedDays').select('date').where('schoolId', '=', id).execute()).toEqual([]);
    expect(await dates()).toContain('2026-11-02');
  });

  it('a suspension declared after the absence job ran undoes that day’s ABSENT marks and their unsent messages', async () => {
    const { id } = await createSchool(t.app, token);
    const day = '2026-11-18';
    const tapped = await studentIn(id, 'CA100001', null, day);
    const expanded = await studentIn(id, 'CA100002', null, day);
    const queued = await studentIn(id, 'CA100003', null, day);
    await t.app.db
      .insertInto('attendanceRecords')
      .values({
        studentId: tapped,
        schoolId: id,
        date: day,
        status: 'LATE',
        checkInAt: '2026-11-18T00:10:00.000Z',
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .execute();
    expect((await job('2026-11-18T02:30:00.000Z')).filter((r) => r.schoolId === id && r.date === day)).toEqual([
      { schoolId: id, date: day, marked: 2 },
    ]);
    // One parent's absence notice has become its SMS (pending in SMS History), the other is still an intent.
    const intent = await t.app.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('studentId', '=', expanded)
      .where('channel', '=', 'INTENT')
      .executeTakeFirstOrThrow();
    await t.app.db
      .transaction()
      .execute((trx) => expandIntent(trx, intent, 'Asia/Manila', t.app.config.outbox, new Date('2026-11-18T02:31:00.000Z')));
    const pendingSms = await t.app.db.selectFrom('smsNotifications').selectAll().where('studentId', '=', expanded).execute();
    expect(pendingSms.map((s) => s.status)).toEqual(['PENDING']);

    const res = await declare(id, { date: day, name: 'Typhoon Pepito', kind: 'SUSPENSION' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'No-class day saved',
      data: {
        day: { date: day, name: 'Typhoon Pepito', kind: 'SUSPENSION', gradeLevels: null },
        cancelledAbsences: 2,
        cancelledMessages: 2,
      },
    });
    // The tap's record stays; the marks are gone.
    expect(await recordsOn(id, day)).toEqual([{ studentId: tapped, status: 'LATE' }]);
    const reason = `Cancelled: no classes on ${day} (Typhoon Pepito)`;
    const sms = await t.app.db.selectFrom('smsNotifications').selectAll().where('studentId', '=', expanded).execute();
    expect(sms.map((s) => [s.status, s.failureReason])).toEqual([['EXPIRED', reason]]);
    const outbox = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['studentId', 'channel', 'status', 'lastError'])
      .where('studentId', 'in', [expanded, queued])
      // The absence job writes a day's intents in one statement, in no promised order: by channel, then learner.
      .orderBy('channel')
      .orderBy('studentId')
      .execute();
    expect(outbox).toEqual([
      { studentId: expanded, channel: 'INTENT', status: 'done', lastError: null },
      { studentId: queued, channel: 'INTENT', status: 'expired', lastError: reason },
      { studentId: expanded, channel: 'SMS', status: 'expired', lastError: reason },
    ]);
    // The worker has nothing left to send to these parents.
    await t.app.outbox.runOnce();
    expect(await t.app.db.selectFrom('smsNotifications').select('id').where('studentId', '=', queued).execute()).toEqual([]);
    const [log] = await logsOf(t.app, 'DECLARE_NO_CLASS_DAY');
    expect(log?.entityId).toBe(String(id));
    expect(log!.details).toMatchObject({
      date: day,
      name: 'Typhoon Pepito',
      kind: 'SUSPENSION',
      cancelledAbsences: 2,
      cancelledMessages: 2,
      studentIds: [expanded, queued],
    });
    // The job does not come back for that day.
    expect((await job('2026-11-18T05:00:00.000Z')).filter((r) => r.schoolId === id)).toEqual([]);
    expect(await recordsOn(id, day)).toHaveLength(1);

    const dup = await declare(id, { date: day, name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CALENDAR_MESSAGES.duplicate);
  });

  it('declared before the cutoff, the absence job never marks the day; a day of some grade levels marks the others', async () => {
    const { id } = await createSchool(t.app, token);
    const g7 = await gradeOfLevel(id, 7);
    const g8 = await gradeOfLevel(id, 8);
    const seven = await studentIn(id, 'CB100001', g7, '2026-11-19');
    const eight = await studentIn(id, 'CB100002', g8, '2026-11-19');
    expect((await declare(id, { date: '2026-11-19', name: 'Flood', kind: 'SUSPENSION' })).statusCode).toBe(201);
    const levels = await declare(id, { date: '2026-11-20', name: 'Grade 7 field trip', kind: 'EVENT', gradeLevels: [7, 7] });
    expect(levels.statusCode).toBe(201);
    expect(levels.json().data).toMatchObject({ day: { gradeLevels: [7] }, cancelledAbsences: 0, cancelledMessages: 0 });
    const runs = (await job('2026-11-20T05:00:00.000Z')).filter((r) => r.schoolId === id && r.marked > 0);
    expect(runs).toEqual([{ schoolId: id, date: '2026-11-20', marked: 1 }]);
    expect(await recordsOn(id, '2026-11-19')).toEqual([]);
    expect(await recordsOn(id, '2026-11-20')).toEqual([{ studentId: eight, status: 'ABSENT' }]);
    expect(seven).toBeGreaterThan(0);
    // The settings list the whole-school day only.
    const settings = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/attendance-settings` });
    expect(settings.json().data.holidays).toEqual([{ date: '2026-11-19', name: 'Flood' }]);
  });

  it('a no-class day for grade 8 after the job ran undoes grade 8’s marks only', async () => {
    const { id } = await createSchool(t.app, token);
    const seven = await studentIn(id, 'CC100001', await gradeOfLevel(id, 7), '2026-11-17');
    const eight = await studentIn(id, 'CC100002', await gradeOfLevel(id, 8), '2026-11-17');
    await job('2026-11-17T02:30:00.000Z');
    expect((await recordsOn(id, '2026-11-17')).map((r) => r.studentId)).toEqual([seven, eight]);
    const res = await declare(id, { date: '2026-11-17', name: 'Grade 8 quarterly exam break', kind: 'EVENT', gradeLevels: [8] });
    expect(res.json().data).toMatchObject({ cancelledAbsences: 1, cancelledMessages: 1 });
    expect(await recordsOn(id, '2026-11-17')).toEqual([{ studentId: seven, status: 'ABSENT' }]);
  });

  it('saving the attendance settings without holidays leaves the calendar’s no-class days as they are', async () => {
    const { id } = await createSchool(t.app, token);
    await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect((await declare(id, { date: '2026-12-21', endDate: '2026-12-23', name: 'Christmas break' })).statusCode).toBe(201);
    expect((await declare(id, { date: '2027-02-10', name: 'Intramurals', kind: 'EVENT', gradeLevels: [7] })).statusCode).toBe(
      201,
    );
    const before = (await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` })).json().data.days;
    const res = await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${id}/attendance-settings`,
      payload: { timeZone: 'Asia/Manila', lateCutoff: '07:30', absenceCutoff: '09:00', schoolDays: [1, 2, 3, 4, 5] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lateCutoff).toBe('07:30');
    const after = (await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` })).json().data.days;
    expect(after).toEqual(before);
    expect(before.find((d: { date: string }) => d.date === '2026-12-21')).toMatchObject({ endDate: '2026-12-23' });
  });

  it('a holiday added through the attendance settings undoes that day’s marks too, and keeps the calendar’s kinds', async () => {
    const { id } = await createSchool(t.app, token);
    const student = await studentIn(id, 'CE100001', null, '2026-11-13');
    await job('2026-11-13T02:30:00.000Z');
    expect(await recordsOn(id, '2026-11-13')).toEqual([{ studentId: student, status: 'ABSENT' }]);
    expect((await declare(id, { date: '2026-11-12', name: 'Foundation day', kind: 'EVENT' })).statusCode).toBe(201);
    const settings = {
      timeZone: 'Asia/Manila',
      lateCutoff: '07:45',
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5],
      holidays: [
        { date: '2026-11-12', name: 'Foundation day' },
        { date: '2026-11-13', name: 'Flooded roads' },
      ],
    };
    const put = await api({ method: 'PUT', url: `/api/super-admin/schools/${id}/attendance-settings`, payload: settings });
    expect(put.statusCode).toBe(200);
    expect(await recordsOn(id, '2026-11-13')).toEqual([]);
    const log = (await logsOf(t.app, 'UPDATE_ATTENDANCE_SETTINGS')).find((l) => l.entityId === String(id));
    expect(log?.details).toMatchObject({ cancelled: { '2026-11-13': { absences: 1, messages: 1 } } });
    const cal = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` });
    expect(cal.json().data.days.map((d: { date: string; kind: string }) => [d.date, d.kind])).toEqual([
      ['2026-11-12', 'EVENT'],
      ['2026-11-13', 'HOLIDAY'],
    ]);
  });

  it('a tap on a grade 7 no-class day is kept for a grade 7 learner without a record or message; grade 8 checks in', async () => {
    const { id } = await createSchool(t.app, token);
    const reader = await createReader(t.app, token, { schoolId: id });
    const day = lastSchoolDay();
    const seven = await studentIn(id, 'CF100007', await gradeOfLevel(id, 7), '2020-01-01');
    const eight = await studentIn(id, 'CF100008', await gradeOfLevel(id, 8), '2020-01-01');
    const res = await declare(id, { date: day, name: 'Grade 7 suspension', kind: 'SUSPENSION', gradeLevels: [7] });
    expect(res.statusCode).toBe(201);
    const tap = await postTaps(t.app, reader.token, {
      events: [
        { eventId: 'gl-7', cardUid: 'CF100007', tappedAt: at(day, '07:05') },
        { eventId: 'gl-8', cardUid: 'CF100008', tappedAt: at(day, '07:06') },
      ],
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.json().data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['NOT_SCHOOL_DAY', 'CHECK_IN']);
    const taps = await t.app.db
      .selectFrom('rfidTaps')
      .select(['studentId', 'outcome', 'attendanceId'])
      .where('readerId', '=', reader.id)
      .orderBy('studentId')
      .execute();
    expect(taps).toEqual([
      { studentId: seven, outcome: 'NOT_SCHOOL_DAY', attendanceId: null },
      { studentId: eight, outcome: 'CHECK_IN', attendanceId: expect.any(Number) },
    ]);
    expect(await recordsOn(id, day)).toEqual([{ studentId: eight, status: 'PRESENT' }]);
    expect(await intentsOf(t.app, seven)).toHaveLength(0);
    expect((await intentsOf(t.app, eight)).map((i) => JSON.parse(i.payload).type)).toEqual(['CHECK_IN']);
    await t.app.outbox.runOnce();
    const sms = await t.app.db
      .selectFrom('smsNotifications')
      .select(['studentId', 'type'])
      .where('studentId', 'in', [seven, eight])
      .where('channel', '=', 'SMS')
      .execute();
    expect(sms).toEqual([{ studentId: eight, type: 'CHECK_IN' }]);
  });

  it('taps on a no-class day are kept; bad input is refused with its message; removal is logged', async () => {
    const { id } = await createSchool(t.app, token);
    const reader = await createReader(t.app, token, { schoolId: id });
    const student = await studentIn(id, 'CD100001', null);
    const today = localDate(new Date(), t.config.schoolTimezone);
    expect((await declare(id, { date: today, name: 'Typhoon signal no. 3' })).statusCode).toBe(201);
    const tap = await postTaps(t.app, reader.token, {
      events: [{ eventId: 'nc-1', cardUid: 'CD100001', tappedAt: new Date().toISOString() }],
    });
    expect(tap.statusCode).toBe(200);
    const taps = await t.app.db
      .selectFrom('rfidTaps')
      .select(['studentId', 'outcome'])
      .where('readerId', '=', reader.id)
      .execute();
    expect(taps).toEqual([{ studentId: student, outcome: 'NOT_SCHOOL_DAY' }]);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ date: '2026-02-30', name: 'X' }, CALENDAR_MESSAGES.date],
      [{ date: '2026-12-01', name: '  ' }, CALENDAR_MESSAGES.reason],
      [{ date: '2026-12-01', name: 'x'.repeat(101) }, CALENDAR_MESSAGES.reasonLong],
      [{ date: '2026-12-01', name: 'Fiesta', kind: 'PARTY' }, CALENDAR_MESSAGES.kind],
      [{ date: '2026-12-01', name: 'Fiesta', gradeLevels: [0] }, CALENDAR_MESSAGES.gradeLevels],
      [{ date: '2026-12-01', name: 'Fiesta', gradeLevels: ['seven'] }, CALENDAR_MESSAGES.gradeLevels],
    ];
    for (const [payload, message] of bad) {
      const r = await declare(id, payload);
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect((await declare(999999, { date: '2026-12-01', name: 'Fiesta' })).statusCode).toBe(404);

    const del = (date: string) => api({ method: 'DELETE', url: `/api/super-admin/schools/${id}/calendar/no-class-days/${date}` });
    expect((await del('2026-12-01')).json()).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect((await del('not-a-date')).statusCode).toBe(404);
    const removed = await del(today);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('No-class day removed');
    const cal = await api({ method: 'GET', url: `/api/super-admin/schools/${id}/calendar` });
    expect(cal.json().data.days).toEqual([]);
    expect((await logsOf(t.app, 'REMOVE_NO_CLASS_DAY')).find((l) => l.entityId === String(id))).toBeTruthy();
  });
});
