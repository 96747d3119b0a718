import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { at, createReader, insertCardStudent, postTaps } from '../../helpers/rfid';
import { waitFor } from '../../helpers/processes';
import { TAP_MESSAGES } from '@domain/rfid';
import type { Clock } from '@core/time/clock';

/**
 * The server's clock: the server decides the school day's questions — is a tap ahead of time, has the absence
 * cutoff passed, has a notice outlived its day, which day is today — by the clock it is built with, so `npm run
 * demo` can run whole school days at any hour. Here the clock is set to a Monday in 2031: on the system clock every
 * one of these answers would differ (the taps would be refused as ahead of the clock). The absence job's ticks
 * (every second) run on fake timers that keep pace with real time, so the test moves them on instead of waiting.
 */
describe(`the school clock (${dbKind})`, () => {
  const TZ = 'Asia/Manila';
  const DAY = '2031-03-10';
  let shown = Date.parse(at(DAY, '07:00', TZ));
  const clock: Clock = { now: () => new Date(shown) };
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let reader: { token: string };
  let present: number;
  let away: number;

  beforeAll(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    t = await createTestApp({ absenceJob: true, absenceJobSeconds: 1 }, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    const settings = { timeZone: TZ, lateCutoff: '07:45', absenceCutoff: '10:00', schoolDays: [1, 2, 3, 4, 5], holidays: [] };
    const put = await as(token)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/attendance-settings`,
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    reader = await createReader(t.app, token, { schoolId });
    present = await insertCardStudent(t.app, schoolId, 'C0C0A001');
    away = await insertCardStudent(t.app, schoolId, 'C0C0A002');
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const recordsOf = (studentId: number) =>
    t.app.db.selectFrom('attendanceRecords').select(['date', 'status']).where('studentId', '=', studentId).execute();

  it('takes a tap at the school clock’s time and refuses one more than 5 minutes ahead of it', async () => {
    const ok = await postTaps(t.app, reader.token, { eventId: 'clock-1', cardUid: 'C0C0A001', tappedAt: at(DAY, '07:02', TZ) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ outcome: 'CHECK_IN', status: 'PRESENT' });
    const ahead = await postTaps(t.app, reader.token, {
      eventId: 'clock-2',
      cardUid: 'C0C0A001',
      tappedAt: at(DAY, '07:10', TZ),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe(TAP_MESSAGES.future);
    expect(await recordsOf(present)).toEqual([{ date: DAY, status: 'PRESENT' }]);
  });

  it('marks the day’s absences once the school clock passes the absence cutoff, not before', async () => {
    const looked = () => t.app.db.selectFrom('jobRuns').select('claimedAt').where('job', '=', 'absence').execute();
    await vi.advanceTimersByTimeAsync(1000); // the job's next tick
    await waitFor(async () => (await looked()).length > 0, 5000, 'the absence job to look at 07:00', 10);
    expect(await looked()).toEqual([{ claimedAt: at(DAY, '07:00', TZ) }]);
    expect(await recordsOf(away)).toEqual([]);
    shown = Date.parse(at(DAY, '10:01', TZ));
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(async () => (await recordsOf(away)).length > 0, 5000, 'the absence job', 10);
    expect(await recordsOf(away)).toEqual([{ date: DAY, status: 'ABSENT' }]);
    // Marked by a tick that read 10:01, not by one that read 07:00.
    const marked = await t.app.db.selectFrom('attendanceRecords').select('createdAt').where('studentId', '=', away).execute();
    expect(marked).toEqual([{ createdAt: at(DAY, '10:01', TZ) }]);
  });

  it('counts the school clock’s day as today on the dashboard', async () => {
    const res = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/dashboard-stats' });
    expect(res.statusCode).toBe(200);
    const { labels, data } = res.json().data.attendanceDistribution as { labels: string[]; data: number[] };
    expect(Object.fromEntries(labels.map((l, i) => [l, data[i]]))).toMatchObject({ PRESENT: 1, ABSENT: 1 });
  });

  it('expires the day’s notices once the school clock has left the day, instead of sending them', async () => {
    shown = Date.parse(at('2031-03-11', '07:00', TZ));
    await t.app.outbox.runOnce();
    const notes = await t.app.db
      .selectFrom('smsNotifications')
      .select(['studentId', 'type', 'status'])
      .where('studentId', 'in', [present, away])
      .orderBy('studentId')
      .execute();
    expect(notes).toEqual([
      { studentId: present, type: 'CHECK_IN', status: 'EXPIRED' },
      { studentId: away, type: 'ABSENCE', status: 'EXPIRED' },
    ]);
  });
});
