import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { parseCsv } from '../../helpers/csv';
import { writeLog } from '@core/audit-log';
import type { NewSystemLog } from '@core/db/schema';

const URL = '/api/super-admin/system-logs';

function entry(over: Partial<NewSystemLog>): NewSystemLog {
  return {
    createdAt: '2024-01-01T00:00:00.000Z',
    action: 'SEEDED',
    entity: 'Seed',
    entityId: null,
    details: null,
    userRole: 'SUPER_ADMIN',
    userId: 1,
    performedBy: JSON.stringify({ name: 'Seed Person', email: 'seed@school.test', employeeId: null, lrn: null }),
    ip: '127.0.0.1',
    userAgent: 'vitest',
    ...over,
  };
}

describe(`system logs (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let get: (url: string) => ReturnType<ReturnType<typeof as>>;
  const seed = async (rows: NewSystemLog[]) => {
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('systemLogs')
        .values(rows.slice(i, i + 500))
        .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    get = (url) => as(token)(t.app, { method: 'GET', url });
    // Around 2024-03-10 in Asia/Manila (UTC+8): that day is 2024-03-09T16:00Z .. 2024-03-10T16:00Z.
    await seed([
      entry({ createdAt: '2024-03-09T15:59:59.999Z', action: 'CREATE_SCHOOL', entity: 'School', entityId: '1' }),
      entry({ createdAt: '2024-03-09T16:00:00.000Z', action: 'CREATE_SCHOOL', entity: 'School', entityId: '2' }),
      entry({ createdAt: '2024-03-10T15:59:59.999Z', action: 'UPDATE_STUDENT', entity: 'Student', entityId: '3' }),
      entry({ createdAt: '2024-03-10T16:00:00.000Z', action: 'DELETE_DEVICE', entity: 'SmsDevice', entityId: '4' }),
      entry({ createdAt: '2024-02-01T00:00:00.000Z', action: 'UPDATE_STUDENT', entity: 'Student', userRole: 'ADMIN', userId: 7 }),
      entry({
        createdAt: '2024-02-02T00:00:00.000Z',
        action: 'UPDATE_STUDENT',
        entity: 'Student',
        userRole: 'STUDENT',
        userId: 7,
      }),
      entry({ createdAt: '2024-02-03T00:00:00.000Z', action: 'UPDATE_STUDENT', entity: 'Student', userRole: 'ADMIN', userId: 8 }),
    ]);
  });
  afterAll(async () => t.close());

  it('requires a super-admin session (401 without a token, for the list and the CSV)', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${URL}?format=csv` })).statusCode).toBe(401);
  });

  it('lists newest first in the spec shape, 20 per page by default', async () => {
    const res = await get(URL);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.pagination).toMatchObject({ page: 1, limit: 20, hasPrevPage: false });
    const dates = data.logs.map((l: { createdAt: string }) => l.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const login = data.logs.find((l: { action: string }) => l.action === 'LOGIN');
    expect(login).toMatchObject({
      entity: 'SuperAdmin',
      userRole: 'SUPER_ADMIN',
      performedBy: { email: SUPER_ADMIN.email, employeeId: null, lrn: null },
    });
    expect(Object.keys(login).sort()).toEqual(
      [
        'action',
        'createdAt',
        'details',
        'entity',
        'entityId',
        'id',
        'ip',
        'performedBy',
        'timeZone',
        'userAgent',
        'userId',
        'userRole',
      ].sort(),
    );
  });

  it('filters by action (case and spaces forgiven) and by entity', async () => {
    const byAction = (await get(`${URL}?action=create%20school`)).json().data;
    expect(byAction.logs.map((l: { entityId: string }) => l.entityId)).toEqual(['2', '1']);
    const byEntity = (await get(`${URL}?entity=Student`)).json().data;
    expect(byEntity.pagination.total).toBe(4);
    expect((await get(`${URL}?action=NO_SUCH_ACTION`)).json().data).toMatchObject({
      logs: [],
      pagination: { total: 0, totalPages: 1 },
    });
  });

  it('date range is inclusive at both ends, in school-local days', async () => {
    const day = (await get(`${URL}?startDate=2024-03-10&endDate=2024-03-10`)).json().data;
    expect(day.logs.map((l: { entityId: string }) => l.entityId)).toEqual(['3', '2']);
    const from = (await get(`${URL}?startDate=2024-03-11&action=DELETE_DEVICE`)).json().data;
    expect(from.pagination.total).toBe(1);
    const until = (await get(`${URL}?endDate=2024-03-09`)).json().data;
    expect(until.logs.map((l: { entityId: string | null }) => l.entityId)).toEqual(['1', null, null, null]);
  });

  it('userType filters by role, with userId one user; userId alone is ignored', async () => {
    const both = (await get(`${URL}?userType=admin&userId=7`)).json().data;
    expect(both.logs).toHaveLength(1);
    expect(both.logs[0]).toMatchObject({ userRole: 'ADMIN', userId: 7, createdAt: '2024-02-01T00:00:00.000Z' });
    const student = (await get(`${URL}?userType=student&userId=7`)).json().data;
    expect(student.logs.map((l: { userRole: string }) => l.userRole)).toEqual(['STUDENT']);
    const all = (await get(URL)).json().data.pagination.total;
    // The super admin lists what school admins did (userType alone).
    const admins = (await get(`${URL}?userType=admin`)).json().data;
    expect(admins.logs.length).toBeGreaterThan(0);
    expect(admins.logs.every((l: { userRole: string }) => l.userRole === 'ADMIN')).toBe(true);
    expect(admins.pagination.total).toBeLessThan(all);
    expect((await get(`${URL}?userId=7`)).json().data.pagination.total).toBe(all);
    expect((await get(`${URL}?userType=&userId=7`)).json().data.pagination.total).toBe(all);
  });

  it('clamps limit and answers a page past the end with an empty page', async () => {
    const zero = (await get(`${URL}?limit=0`)).json().data;
    expect([zero.logs.length, zero.pagination.limit]).toEqual([1, 1]);
    const huge = (await get(`${URL}?limit=10000`)).json().data;
    expect(huge.pagination.limit).toBe(100);
    const ten = (await get(`${URL}?limit=10&page=junk`)).json().data;
    expect([ten.logs.length, ten.pagination.page]).toEqual([Math.min(10, ten.pagination.total), 1]);
    const past = await get(`${URL}?page=999`);
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toMatchObject({ logs: [], pagination: { page: 999, hasNextPage: false, hasPrevPage: true } });
  });

  it.each([
    ['startDate=2024-13-01', 'Start date must be a valid date (YYYY-MM-DD)'],
    ['startDate=2024-02-30', 'Start date must be a valid date (YYYY-MM-DD)'],
    ['endDate=yesterday', 'End date must be a valid date (YYYY-MM-DD)'],
    ['startDate=2024-03-02&endDate=2024-03-01', 'Start date must be on or before the end date'],
    ['userType=teacher&userId=1', 'User type must be superAdmin, admin or student'],
    ['userType=admin&userId=abc', 'User ID must be a positive whole number'],
    ['action=A&action=B', 'Action must be text'],
    ['format=xml', "Unsupported format: use 'csv' or leave it out"],
  ])('answers %s with 400 and a message', async (qs, message) => {
    const res = await get(`${URL}?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('sorts by whitelisted columns only', async () => {
    const byAction = (await get(`${URL}?sortBy=action&sortOrder=asc&limit=100`))
      .json()
      .data.logs.map((l: { action: string }) => l.action);
    expect(byAction).toEqual([...byAction].sort());
    const junk = await get(`${URL}?sortBy=passwordHash&sortOrder=sideways`);
    expect(junk.statusCode).toBe(200);
    const dates = junk.json().data.logs.map((l: { createdAt: string }) => l.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('records sign-in, profile update, password change and sign-out, with secrets redacted', async () => {
    const own = await loginSuperAdmin(t.app);
    const call = as(own);
    expect(
      (await call(t.app, { method: 'PATCH', url: '/api/super-admin/profile', payload: { firstName: 'Rooty' } })).statusCode,
    ).toBe(200);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/super-admin/change-password',
      payload: { currentPassword: SUPER_ADMIN.password, newPassword: 'BrandNewPass456' },
    });
    expect(changed.statusCode).toBe(200);
    const again = await loginSuperAdmin(t.app, { email: SUPER_ADMIN.email, password: 'BrandNewPass456' });
    expect((await as(again)(t.app, { method: 'POST', url: '/api/super-admin/logout' })).statusCode).toBe(200);
    token = await loginSuperAdmin(t.app, { email: SUPER_ADMIN.email, password: 'BrandNewPass456' });

    const logs = (await get(`${URL}?limit=10&startDate=2025-01-01`)).json().data.logs;
    const actions = logs.map((l: { action: string }) => l.action);
    for (const a of ['LOGIN', 'UPDATE_PROFILE', 'CHANGE_PASSWORD', 'LOGOUT']) expect(actions).toContain(a);
    const profile = logs.find((l: { action: string }) => l.action === 'UPDATE_PROFILE');
    expect(profile.details).toEqual({ changes: { firstName: { from: expect.any(String), to: 'Rooty' } } });
    expect(profile.performedBy.email).toBe(SUPER_ADMIN.email);

    await writeLog(
      t.app.db,
      { role: 'SUPER_ADMIN', userId: 1 },
      {
        action: 'UPDATE_SMS_DEVICE',
        entity: 'SmsDevice',
        entityId: 9,
        details: {
          changes: { apiKey: { from: 'old-key-123', to: 'new-key-456' }, name: { from: 'A', to: 'B' } },
          nested: [{ accessToken: 'tok-789' }],
        },
      },
    );
    const device = (await get(`${URL}?action=UPDATE_SMS_DEVICE`)).json().data.logs[0];
    expect(device.details).toEqual({
      changes: { apiKey: '[REDACTED]', name: { from: 'A', to: 'B' } },
      nested: [{ accessToken: '[REDACTED]' }],
    });

    const stored = JSON.stringify(await t.app.db.selectFrom('systemLogs').selectAll().execute());
    for (const secret of ['BrandNewPass456', SUPER_ADMIN.password, 'old-key-123', 'new-key-456', 'tok-789', token]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('exports the whole filtered list as CSV, equal to the paged list', async () => {
    // More than two CSV batches (1000 rows each), with cells that need quoting or defusing.
    await seed(
      Array.from({ length: 2050 }, (_, i) =>
        entry({
          createdAt: new Date(Date.UTC(2023, 5, 1) + i * 60_000).toISOString(),
          action: 'BULK_IMPORT',
          entity: 'Student',
          entityId: i % 7 === 0 ? `=HYPERLINK("http://evil/${i}")` : String(i),
          details: JSON.stringify({ note: `row ${i}, "quoted"\nnext line`, n: i }),
          performedBy: JSON.stringify({ name: i % 2 ? 'José, Jr.' : '@admin', email: null, employeeId: 'E-1', lrn: null }),
        }),
      ),
    );
    const res = await get(`${URL}?action=BULK_IMPORT&format=csv&page=3&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="system-logs-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\ufeffDate,Action,Entity,Entity ID,Performed By,')).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Date',
      'Action',
      'Entity',
      'Entity ID',
      'Performed By',
      'Email',
      'Employee ID',
      'LRN',
      'Role',
      'User ID',
      'IP',
      'Details',
    ]);

    const listed: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page++) {
      const data = (await get(`${URL}?action=BULK_IMPORT&limit=100&page=${page}`)).json().data;
      listed.push(...data.logs);
      if (!data.pagination.hasNextPage) break;
    }
    expect(rows).toHaveLength(2050);
    expect(listed).toHaveLength(2050);
    const defuse = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);
    rows.forEach((row, i) => {
      const log = listed[i] as {
        createdAt: string;
        entityId: string;
        performedBy: { name: string };
        userId: number;
        details: unknown;
      };
      expect(row[0]).toBe(log.createdAt);
      expect(row[3]).toBe(defuse(log.entityId));
      expect(row[4]).toBe(defuse(log.performedBy.name));
      expect(row[9]).toBe(String(log.userId));
      expect(JSON.parse(row[11])).toEqual(log.details);
    });
    expect(rows[5][3]).toBe(`'=HYPERLINK("http://evil/2044")`);
  });

  it('CSV honours the other filters too', async () => {
    const csv = parseCsv((await get(`${URL}?format=csv&userType=admin&userId=7`)).body);
    expect(csv.slice(1).map((r) => [r[0], r[8], r[9]])).toEqual([['2024-02-01T00:00:00.000Z', 'ADMIN', '7']]);
    const empty = parseCsv((await get(`${URL}?format=csv&action=NOTHING`)).body);
    expect(empty).toHaveLength(1);
  });

  it('lists the actions and entities present, for the filter choices', async () => {
    const res = await get(`${URL}/filters`);
    expect(res.statusCode).toBe(200);
    const { actions, entities } = res.json().data;
    expect(actions).toEqual(expect.arrayContaining(['LOGIN', 'CREATE_SCHOOL', 'DELETE_DEVICE']));
    expect(actions).toEqual([...actions].sort());
    expect(entities).toEqual(expect.arrayContaining(['School', 'SmsDevice', 'Student', 'SuperAdmin']));
  });
});
