import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { getDashboardStats, localDayRanges } from '../../../server/features/dashboard/service';
import type { DashboardStats } from '@domain/dashboard';

/*
 * A fixture of known counts, inserted straight into the database, read back through
 * GET /api/super-admin/dashboard-stats with the clock frozen at 2026-11-22 11:00 in Asia/Manila (UTC+8,
 * no DST): the 7-day windows are Nov 16 … Nov 22 local, i.e. [2026-11-15T16:00Z, 2026-11-22T16:00Z); the
 * 30-day windows start Oct 24 local (2026-10-23T16:00Z). Rows sit just inside and just outside each edge.
 */
const NOW = '2026-11-22T03:00:00.000Z';
const T = '2026-11-01T00:00:00.000Z';

describe(`dashboard stats (${dbKind})`, () => {
  let t: TestApp;
  let get: () => Promise<{ statusCode: number; body: { success: boolean; data: DashboardStats } }>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
    t = await createTestApp();
    const token = await loginSuperAdmin(t.app);
    get = async () => {
      const res = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/dashboard-stats' });
      return { statusCode: res.statusCode, body: res.json() };
    };
    await seed(t);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('counts schools, active admins, active students and all attendance records', async () => {
    const { statusCode, body } = await get();
    expect(statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.counts).toEqual({ schools: 6, admins: 2, students: 15, totalAttendance: 6 });
  });

  it('counts system-log entries per Manila day over the last 7 days, zero-filled', async () => {
    const { body } = await get();
    expect(body.data.activityChart).toEqual([
      { formattedDate: 'Nov 16', count: 2 },
      { formattedDate: 'Nov 17', count: 1 },
      { formattedDate: 'Nov 18', count: 0 },
      { formattedDate: 'Nov 19', count: 0 },
      { formattedDate: 'Nov 20', count: 3 },
      { formattedDate: 'Nov 21', count: 0 },
      { formattedDate: 'Nov 22', count: 2 },
    ]);
  });

  it('distributes the last 30 days of attendance by status, always the four statuses', async () => {
    const { body } = await get();
    expect(body.data.attendanceDistribution).toEqual({ labels: ['PRESENT', 'ABSENT', 'LATE', 'EXCUSED'], data: [1, 2, 1, 0] });
  });

  it('counts sent notifications per Manila day (by sent time) and types over 30 days', async () => {
    const { body } = await get();
    expect(body.data.smsSentByDay.map((d) => d.count)).toEqual([1, 0, 0, 0, 0, 1, 11]);
    expect(body.data.smsSentByDay[0]!.formattedDate).toBe('Nov 16');
    expect(body.data.smsTypeDistribution).toEqual([
      { type: 'CHECK_IN', count: 11 },
      { type: 'ABSENCE', count: 3 },
      { type: 'CUSTOM', count: 1 },
    ]);
  });

  it('ranks the top five schools by active (not archived) students', async () => {
    const { body } = await get();
    expect(body.data.topSchools).toEqual([
      { name: 'Alpha High', students: 5 },
      { name: 'Bravo High', students: 4 },
      { name: 'Charlie High', students: 3 },
      { name: 'Delta High', students: 2 },
      { name: 'Echo High', students: 1 },
    ]);
  });

  it('lists the latest 10 notifications with student, school, parent phone and sender', async () => {
    const { body } = await get();
    const logs = body.data.smsLogs;
    expect(logs).toHaveLength(10);
    expect(logs.map((l) => l.createdAt)).toEqual([...logs.map((l) => l.createdAt)].sort().reverse());
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      createdAt: '2026-11-22T02:59:00.000Z',
      type: 'CUSTOM',
      status: 'DELIVERED',
      message: 'Reminder: PTA meeting',
      phoneNumber: '09170000001',
      student: { firstName: 'Ana', lastName: 'Alpha0', parentPhone: '09170000001', school: { acronym: 'AHS' } },
      sender: { firstName: 'Ada', lastName: 'Admin' },
      timeZone: 'Asia/Manila',
    });
    expect(logs[1]!.sender).toBeNull();
    expect(logs[1]!.student).toBeNull();
  });

  it('shows the latest 10 log entries with who did them, by role (snapshot name for a deleted user)', async () => {
    const { body } = await get();
    const logs = body.data.recentLogs;
    expect(logs).toHaveLength(9);
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      action: 'UPDATE_STUDENT',
      entity: 'Student',
      createdAt: '2026-11-22T02:00:00.000Z',
      admin: { firstName: 'Ada', lastName: 'Admin' },
    });
    expect(logs[1]).toMatchObject({ action: 'LOGIN', student: { firstName: 'Ana', lastName: 'Alpha0' } });
    expect(logs[2]).toMatchObject({ action: 'CREATE_SCHOOL', superAdmin: { firstName: 'Gone', lastName: '' } });
    expect(logs[3]).toMatchObject({ action: 'CREATE_SCHOOL', superAdmin: { firstName: 'Root', lastName: 'Admin' } });
    expect(logs[4]).toEqual({
      id: expect.any(Number),
      action: 'SEND_SMS',
      entity: 'Notification',
      createdAt: '2026-11-20T01:00:00.000Z',
    });
  });

  it('is read-only: answering writes no log entry', async () => {
    const before = await t.app.db
      .selectFrom('systemLogs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await get();
    const after = await t.app.db
      .selectFrom('systemLogs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('requires a super-admin session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/super-admin/dashboard-stats' });
    expect(res.statusCode).toBe(401);
  });

  it('follows DST: a local day that lasts 25 hours is one bucket (America/New_York, 2026-11-01)', async () => {
    const now = new Date('2026-11-03T15:00:00.000Z');
    const days = localDayRanges(7, 'America/New_York', now);
    const nov1 = days.find((d) => d.date === '2026-11-01')!;
    expect(nov1).toEqual({ date: '2026-11-01', start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' });
    // 00:30 EDT and 23:30 EST of Nov 1 are both Nov 1; 00:30 EST on Nov 2 is not.
    await insertLogs(t, ['2026-11-01T04:30:00.000Z', '2026-11-02T04:30:00.000Z', '2026-11-02T05:30:00.000Z']);
    const stats = await getDashboardStats(t.app.db, 'America/New_York', now);
    expect(stats.activityChart.slice(4)).toEqual([
      { formattedDate: 'Nov 1', count: 2 },
      { formattedDate: 'Nov 2', count: 1 },
      { formattedDate: 'Nov 3', count: 0 },
    ]);
  });
});

describe(`dashboard students and top schools from one walk (${dbKind})`, () => {
  it('counts students without a school in the total but never lists them; a school without students counts 0', async () => {
    const t = await createTestApp();
    try {
      const base = { createdAt: T, updatedAt: T };
      const zulu = await t.app.db
        .insertInto('schools')
        .values({ name: 'Zulu High', acronym: 'ZHS', ...base })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.db
        .insertInto('schools')
        .values({ name: 'Able High', acronym: 'AHS', ...base })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertStudent(t, zulu.id, 'Zulu1', {});
      // Three active students without a school: more than any school has, still not a "top school".
      for (const name of ['Loose1', 'Loose2', 'Loose3']) await insertStudent(t, null, name, {});
      await insertStudent(t, null, 'LooseArchived', { isArchived: 1, isActive: 0, archivedAt: T });
      const stats = await getDashboardStats(t.app.db, 'Asia/Manila', new Date(NOW));
      expect(stats.counts.students).toBe(4);
      expect(stats.topSchools).toEqual([
        { name: 'Zulu High', students: 1 },
        { name: 'Able High', students: 0 },
      ]);
    } finally {
      await t.close();
    }
  });

  it('counts students when there is no school at all', async () => {
    const t = await createTestApp();
    try {
      await insertStudent(t, null, 'Alone', {});
      const stats = await getDashboardStats(t.app.db, 'Asia/Manila', new Date(NOW));
      expect(stats.counts.students).toBe(1);
      expect(stats.topSchools).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe(`dashboard stats on an empty database (${dbKind})`, () => {
  it('answers zeros and empty lists, with every day present', async () => {
    const t = await createTestApp();
    try {
      await t.app.db.deleteFrom('systemLogs').execute();
      const stats = await getDashboardStats(t.app.db, 'Asia/Manila', new Date(NOW));
      expect(stats.counts).toEqual({ schools: 0, admins: 0, students: 0, totalAttendance: 0 });
      expect(stats.activityChart.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(stats.smsSentByDay.map((d) => d.formattedDate)).toEqual([
        'Nov 16',
        'Nov 17',
        'Nov 18',
        'Nov 19',
        'Nov 20',
        'Nov 21',
        'Nov 22',
      ]);
      expect(stats.attendanceDistribution.data).toEqual([0, 0, 0, 0]);
      expect(stats).toMatchObject({ smsTypeDistribution: [], topSchools: [], smsLogs: [], recentLogs: [] });
    } finally {
      await t.close();
    }
  });
});

async function insertLogs(t: TestApp, instants: string[], extra: Partial<Record<string, unknown>> = {}) {
  await t.app.db
    .insertInto('systemLogs')
    .values(
      instants.map((createdAt) => ({ createdAt, action: 'SEND_SMS', entity: 'Notification', userRole: 'SYSTEM', ...extra })),
    )
    .execute();
}

async function seed(t: TestApp) {
  const db = t.app.db;
  const base = { createdAt: T, updatedAt: T };
  const rootId = (await db.selectFrom('superAdmins').select('id').executeTakeFirstOrThrow()).id;
  await db.updateTable('superAdmins').set({ firstName: 'Root', lastName: 'Admin' }).where('id', '=', rootId).execute();

  // Six schools; active students 5, 4, 3, 2, 1, 0 (+ one archived and one inactive that do not count).
  const names = ['Alpha High', 'Bravo High', 'Charlie High', 'Delta High', 'Echo High', 'Foxtrot High'];
  const schoolIds: number[] = [];
  for (const [i, name] of names.entries()) {
    const row = await db
      .insertInto('schools')
      .values({ name, acronym: `${name[0]}HS`, ...base })
      .returning('id')
      .executeTakeFirstOrThrow();
    schoolIds.push(row.id);
    for (let s = 0; s < 5 - i; s++) await insertStudent(t, row.id, `${name.split(' ')[0]}${s}`, {});
  }
  await insertStudent(t, schoolIds[5]!, 'Archived', { isArchived: 1, isActive: 0, archivedAt: T });
  await insertStudent(t, schoolIds[5]!, 'Inactive', { isActive: 0 });
  const ana = (await db.selectFrom('students').select('id').where('lastName', '=', 'Alpha0').executeTakeFirstOrThrow()).id;
  const students = (await db.selectFrom('students').select('id').orderBy('id').execute()).map((s) => s.id);

  const adminIds: number[] = [];
  for (const [first, last] of [
    ['Ada', 'Admin'],
    ['Ben', 'Admin'],
  ]) {
    const row = await db
      .insertInto('admins')
      .values({
        email: `${first}@x.test`,
        passwordHash: 'x',
        firstName: first!,
        lastName: last!,
        employeeId: `E-${first}`,
        schoolId: schoolIds[0]!,
        ...base,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    adminIds.push(row.id);
  }
  // A deactivated admin (what "Delete" on the admins screen does) is not counted in Total Admins.
  await db
    .insertInto('admins')
    .values({
      email: 'gone@x.test',
      passwordHash: 'x',
      firstName: 'Cy',
      lastName: 'Gone',
      employeeId: 'E-Cy',
      ...base,
      isActive: 0,
    })
    .execute();

  // Attendance: 30-day window is 2026-10-24 … 2026-11-22 (local dates).
  const attendance: Array<[string, string]> = [
    ['2026-10-23', 'PRESENT'], // one day too old
    ['2026-10-24', 'PRESENT'],
    ['2026-11-10', 'ABSENT'],
    ['2026-11-10', 'ABSENT'],
    ['2026-11-22', 'LATE'],
    ['2026-11-23', 'EXCUSED'], // tomorrow
  ];
  await db
    .insertInto('attendanceRecords')
    .values(attendance.map(([date, status], i) => ({ studentId: students[i]!, schoolId: schoolIds[0]!, date, status, ...base })))
    .execute();

  // System log: replace the sign-in entry with known ones.
  await db.deleteFrom('systemLogs').execute();
  await insertLogs(t, [
    '2026-11-15T15:59:59.999Z', // Nov 15 23:59:59.999 Manila: outside
    '2026-11-15T16:00:00.000Z', // Nov 16 00:00 Manila
    '2026-11-16T15:59:59.999Z', // Nov 16 23:59:59.999 Manila
    '2026-11-16T16:00:00.000Z', // Nov 17 00:00 Manila
    '2026-11-20T01:00:00.000Z',
  ]);
  const who = (role: string, userId: number | null, name: string) => ({
    userRole: role,
    userId,
    performedBy: JSON.stringify({ name }),
  });
  await db
    .insertInto('systemLogs')
    .values([
      {
        createdAt: '2026-11-20T01:00:00.000Z',
        action: 'CREATE_SCHOOL',
        entity: 'School',
        ...who('SUPER_ADMIN', rootId, 'Root Admin'),
      },
      { createdAt: '2026-11-20T01:00:00.000Z', action: 'CREATE_SCHOOL', entity: 'School', ...who('SUPER_ADMIN', 9999, 'Gone') },
      { createdAt: '2026-11-21T16:00:00.000Z', action: 'LOGIN', entity: 'Student', ...who('STUDENT', ana, 'Ana Alpha0') },
      {
        createdAt: '2026-11-22T02:00:00.000Z',
        action: 'UPDATE_STUDENT',
        entity: 'Student',
        ...who('ADMIN', adminIds[0]!, 'Ada Admin'),
      },
    ])
    .execute();

  // Notifications: 11 sent on Nov 22 (the latest 10 are listed), 1 on Nov 21, 1 on Nov 16, 1 just before.
  const sms = (createdAt: string, sentAt: string | null, type: string, extra: Record<string, unknown> = {}) => ({
    createdAt,
    updatedAt: createdAt,
    sentAt,
    type,
    status: sentAt ? 'SENT' : 'FAILED',
    message: `${type} notice`,
    phoneNumber: '09179999999',
    ...extra,
  });
  await db
    .insertInto('smsNotifications')
    .values([
      sms('2026-10-23T15:59:59.000Z', '2026-10-23T15:59:59.000Z', 'CUSTOM'), // before the 30-day window
      sms('2026-11-15T15:59:59.000Z', '2026-11-15T15:59:59.999Z', 'ABSENCE'), // sent Nov 15 local
      sms('2026-11-15T15:59:59.000Z', '2026-11-15T16:00:00.000Z', 'ABSENCE'), // sent Nov 16 00:00 local
      sms('2026-11-21T10:00:00.000Z', null, 'ABSENCE'), // failed: never sent
      sms('2026-11-21T10:00:00.000Z', '2026-11-21T10:00:05.000Z', 'CHECK_IN'),
      ...Array.from({ length: 9 }, (_, i) =>
        sms(`2026-11-21T16:3${i}:00.000Z`, `2026-11-21T16:3${i}:02.000Z`, 'CHECK_IN', { studentId: null, phoneNumber: null }),
      ),
      sms('2026-11-22T02:59:00.000Z', '2026-11-22T02:59:01.000Z', 'CUSTOM', {
        studentId: ana,
        schoolId: schoolIds[0],
        status: 'DELIVERED',
        message: 'Reminder: PTA meeting',
        phoneNumber: '09170000001',
        senderRole: 'ADMIN',
        senderId: adminIds[0],
      }),
      sms('2026-11-22T02:58:00.000Z', '2026-11-22T02:58:01.000Z', 'CHECK_IN', { senderRole: 'ADMIN', senderId: 9999 }),
    ])
    .execute();
}

async function insertStudent(t: TestApp, schoolId: number | null, lastName: string, extra: Record<string, unknown>) {
  const n = Math.floor(Math.random() * 1e12);
  await t.app.db
    .insertInto('students')
    .values({
      firstName: 'Ana',
      lastName,
      email: `${lastName.toLowerCase()}-${n}@x.test`,
      passwordHash: 'x',
      lrn: String(n).padStart(12, '0'),
      parentPhone: '09170000001',
      schoolId,
      createdAt: T,
      updatedAt: T,
      ...extra,
    })
    .execute();
}
