import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSession } from '@core/auth/sessions';
import { PERMISSION_CATALOGUE } from '@domain/admins';

describe(`permissions API (${dbKind})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  const sync = (payload: unknown) =>
    call(t.app, { method: 'POST', url: '/api/super-admin/permissions/sync', payload: payload as object });
  const permissionRows = () =>
    t.app.db.selectFrom('permissions').select(['name', 'description', 'category', 'updatedAt']).orderBy('name').execute();
  /** Registers an admin through the API (JSON body) and returns its id. */
  const registerAdmin = async (email: string) => {
    const payload = { email, password: 'Tamarind-Gate-42', firstName: 'P', lastName: 'Q', employeeId: 'E-1' };
    const res = await call(t.app, { method: 'POST', url: '/api/super-admin/register-admin', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const syncLogs = () => t.app.db.selectFrom('systemLogs').select('details').where('action', '=', 'SYNC_PERMISSIONS').execute();

  beforeAll(async () => {
    t = await createTestApp();
    call = as(await loginSuperAdmin(t.app));
  });
  afterAll(async () => t.close());

  it('lists the seeded catalogue with permissions and groupedByCategory', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/super-admin/permissions' });
    expect(res.statusCode).toBe(200);
    const { permissions, groupedByCategory } = res.json().data;
    expect(permissions.map((p: { name: string }) => p.name).sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.name).sort());
    expect(permissions[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: expect.any(String),
      category: expect.any(String),
    });
    expect(Object.keys(groupedByCategory).sort()).toEqual([...new Set(PERMISSION_CATALOGUE.map((p) => p.category))].sort());
    expect(groupedByCategory.Students.map((p: { name: string }) => p.name)).toEqual([
      'ARCHIVE_STUDENTS',
      'MANAGE_STUDENTS',
      'VIEW_STUDENTS',
    ]);
  });

  it('finds the console catalogue already in sync with the seeded one', async () => {
    const res = await sync({ additionalPermissions: PERMISSION_CATALOGUE });
    expect(res.json()).toMatchObject({ success: true, data: { created: 0, updated: 0, unchanged: PERMISSION_CATALOGUE.length } });
  });

  it('creates new names, updates changed ones, leaves the rest, and is idempotent', async () => {
    const payload = {
      additionalPermissions: [
        { name: 'EXPORT_REPORTS', description: 'Export reports as CSV', category: 'Reports' },
        { name: 'VIEW_STUDENTS', description: 'See every student of the school', category: 'Students' },
        { name: 'SEND_SMS', description: 'Send custom SMS messages to parents', category: 'Notifications' },
      ],
    };
    const first = await sync(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      data: { created: 1, updated: 1, unchanged: 1 },
      message: 'Permissions synced successfully! Created: 1, Updated: 1, Unchanged: 1',
    });
    const rows = await permissionRows();
    expect(rows.find((r) => r.name === 'EXPORT_REPORTS')).toMatchObject({
      description: 'Export reports as CSV',
      category: 'Reports',
    });
    expect(rows.find((r) => r.name === 'VIEW_STUDENTS')?.description).toBe('See every student of the school');

    const second = await sync(payload);
    expect(second.json().data).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await permissionRows()).toEqual(rows);

    const logs = await syncLogs();
    const details = JSON.parse(logs[logs.length - 2].details ?? '{}');
    expect(details).toMatchObject({
      created: 1,
      updated: 1,
      createdNames: ['EXPORT_REPORTS'],
      changes: {
        VIEW_STUDENTS: {
          from: { description: 'View the students of the school' },
          to: { description: 'See every student of the school' },
        },
      },
    });
  });

  it('adds a synced permission to every admin’s map (off) so it can be granted', async () => {
    await sync({ additionalPermissions: [{ name: 'MANAGE_EVENTS', description: 'Manage school events', category: 'School' }] });
    const url = `/api/super-admin/admins/${await registerAdmin('perm@school.test')}/permissions`;
    const res = await call(t.app, { method: 'PATCH', url, payload: { permissions: { MANAGE_EVENTS: true } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).toMatchObject({ MANAGE_EVENTS: true, VIEW_STUDENTS: false });
  });

  it('rejects bad payloads with 400 and writes nothing', async () => {
    const before = await permissionRows();
    const logs = (await syncLogs()).length;
    const cases: Array<[unknown, string]> = [
      [{}, 'additionalPermissions is required'],
      [{ additionalPermissions: 'VIEW' }, 'additionalPermissions must be a list of permissions'],
      [
        { additionalPermissions: [{ name: 'view students', description: 'd', category: 'c' }] },
        'Permission names must be UPPER_SNAKE_CASE (e.g. VIEW_STUDENTS)',
      ],
      [{ additionalPermissions: [{ name: 'NEW_ONE', category: 'c' }] }, 'Permission description is required'],
      [{ additionalPermissions: [{ name: 'NEW_ONE', description: 'd', category: ' ' }] }, 'Permission category is required'],
      [
        {
          additionalPermissions: [
            { name: 'NEW_ONE', description: 'd', category: 'c' },
            { name: 'NEW_ONE', description: 'e', category: 'c' },
          ],
        },
        'Permission NEW_ONE is listed twice',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await sync(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await permissionRows()).toEqual(before);
    expect((await syncLogs()).length).toBe(logs);
  });

  it('answers no session with 401 and an ADMIN session with 403', async () => {
    const { token } = await createSession(t.app.db, 'ADMIN', await registerAdmin('other@school.test'));
    for (const r of [
      { method: 'GET', url: '/api/super-admin/permissions' },
      { method: 'POST', url: '/api/super-admin/permissions/sync', payload: { additionalPermissions: [] } },
    ] as const) {
      expect((await t.app.inject(r)).statusCode).toBe(401);
      expect((await as(token)(t.app, r)).statusCode).toBe(403);
    }
  });
});
