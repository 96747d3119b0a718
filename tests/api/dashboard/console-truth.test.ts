import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addStudent } from '../../helpers/notifications';

/**
 * Every row of a school's events carries the zone its times are read in — the school's own,
 * or the platform's SCHOOL_TIMEZONE for a school without one — so the console shows them in that zone.
 */
describe(`school time zones on history rows (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const at = '2026-03-02T23:30:00.000Z';

  beforeAll(async () => {
    t = await createTestApp({ schoolTimezone: 'Asia/Manila' });
    token = await loginSuperAdmin(t.app);
    const own = (await createSchool(t.app, token, { acronym: 'NYC' })).id;
    await t.app.db.updateTable('schools').set({ timezone: 'America/New_York' }).where('id', '=', own).execute();
    const plain = (await createSchool(t.app, token, { acronym: 'DEF' })).id;
    for (const [schoolId, firstName] of [
      [own, 'Own'],
      [plain, 'Plain'],
    ] as const) {
      const studentId = await addStudent(t.app, schoolId, { firstName });
      await t.app.db
        .insertInto('attendanceRecords')
        .values({ studentId, schoolId, date: '2026-03-02', status: 'PRESENT', checkInAt: at, createdAt: at, updatedAt: at })
        .execute();
      await t.app.db
        .insertInto('smsNotifications')
        .values({
          studentId,
          schoolId,
          type: 'CHECK_IN',
          message: firstName,
          status: 'SENT',
          sentAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
  });
  afterAll(async () => t?.close());

  it('attendance history: the school zone, else the platform zone', async () => {
    const res = await call({ method: 'GET', url: '/api/super-admin/attendance-history' });
    expect(res.statusCode, res.body).toBe(200);
    const zones = res
      .json()
      .data.records.map((r: { student: { firstName: string }; timeZone: string }) => [r.student.firstName, r.timeZone]);
    expect(zones).toEqual([
      ['Plain', 'Asia/Manila'],
      ['Own', 'America/New_York'],
    ]);
  });

  it('SMS history and the dashboard: the school zone, else the platform zone', async () => {
    const res = await call({ method: 'GET', url: '/api/super-admin/sms-history' });
    expect(res.statusCode, res.body).toBe(200);
    const zones = res.json().data.notifications.map((n: { message: string; timeZone: string }) => [n.message, n.timeZone]);
    expect(zones).toEqual([
      ['Plain', 'Asia/Manila'],
      ['Own', 'America/New_York'],
    ]);
    const dash = await call({ method: 'GET', url: '/api/super-admin/dashboard-stats' });
    expect(dash.statusCode, dash.body).toBe(200);
    const logs = dash.json().data.smsLogs.map((n: { message: string; timeZone: string }) => [n.message, n.timeZone]);
    expect(logs).toEqual(zones);
  });
});

describe(`dashboard Recent Activity (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  afterAll(async () => t?.close());

  it('leaves delivery events out, so a school day of SMS does not push everything else out of the feed', async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    await createSchool(t.app, token, { acronym: 'ACT' });
    const now = Date.now();
    await t.app.db
      .insertInto('systemLogs')
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          action: 'SMS_DELIVERED',
          entity: 'SmsNotification',
          entityId: String(i + 1),
          createdAt: new Date(now + 1000 + i).toISOString(),
        })),
      )
      .execute();
    const res = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/dashboard-stats' });
    expect(res.statusCode, res.body).toBe(200);
    const actions = res.json().data.recentLogs.map((l: { action: string }) => l.action);
    expect(actions).toContain('CREATE_SCHOOL');
    expect(actions).not.toContain('SMS_DELIVERED');
  });
});
