import { afterAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { signedInAdmin } from '../../helpers/admins';
import { permissionDeniedMessage } from '@domain/admins/console';
import { SETTINGS_MESSAGES } from '@domain/attendance';
import { SCHOOL_MESSAGES } from '@domain/schools';

/*
 * A school's own settings: class days, late and absence cutoffs, DepEd School ID and school head, changed by its
 * staff with MANAGE_SCHOOL_SETTINGS (their own school only) and by the super admin; every change logged.
 */

const t = await createTestApp();
afterAll(() => t.close());
const { app } = t;
const root = await loginSuperAdmin(app);
const schoolA = (await createSchool(app, root, { name: 'Settings School A' })).id;
const schoolB = (await createSchool(app, root, { name: 'Settings School B' })).id;
const registrar = await signedInAdmin(app, schoolA, ['MANAGE_SCHOOL_SETTINGS']);
const withoutIt = await signedInAdmin(app, schoolA, ['MANAGE_SCHOOL_PROFILE', 'MANAGE_ATTENDANCE', 'VIEW_REPORTS']);

const VALID = {
  schoolDays: [1, 2, 3, 4, 5],
  lateCutoff: '07:30',
  absenceCutoff: '09:30',
  depedSchoolId: '301234',
  schoolHeadName: 'Dr. Lourdes Bautista',
};
const put = (token: string, schoolId: number, payload: object) =>
  as(token)(app, { method: 'PUT', url: `/api/admin/schools/${schoolId}/settings`, payload });
const schoolRow = (id: number) => app.db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (schoolId: number) =>
  app.db
    .selectFrom('systemLogs')
    .selectAll()
    .where('action', '=', 'UPDATE_SCHOOL_SETTINGS')
    .where('entityId', '=', String(schoolId))
    .orderBy('id')
    .execute();

describe(`school settings (${dbKind})`, () => {
  it("lets an admin with MANAGE_SCHOOL_SETTINGS read and change their school's settings, logged with each change", async () => {
    const got = await as(registrar.token)(app, { method: 'GET', url: `/api/admin/schools/${schoolA}/settings` });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toEqual({
      schoolId: schoolA,
      schoolName: 'Settings School A',
      timeZone: 'Asia/Manila',
      schoolDays: [1, 2, 3, 4, 5],
      lateCutoff: '07:45',
      absenceCutoff: '10:00',
      depedSchoolId: null,
      schoolHeadName: null,
    });

    const res = await put(registrar.token, schoolA, VALID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'School settings saved',
      data: { ...VALID, schoolId: schoolA, schoolName: 'Settings School A', timeZone: 'Asia/Manila' },
    });
    expect(await schoolRow(schoolA)).toMatchObject({
      schoolDays: '1,2,3,4,5',
      lateCutoff: '07:30',
      absenceCutoff: '09:30',
      depedSchoolId: '301234',
      schoolHeadName: 'Dr. Lourdes Bautista',
    });
    const [log] = await logsOf(schoolA);
    expect(log).toMatchObject({ entity: 'School', userRole: 'ADMIN', userId: registrar.id, schoolId: schoolA });
    expect(JSON.parse(log!.details!)).toEqual({
      changes: {
        lateCutoff: { from: '07:45', to: '07:30' },
        absenceCutoff: { from: '10:00', to: '09:30' },
        depedSchoolId: { from: null, to: '301234' },
        schoolHeadName: { from: null, to: 'Dr. Lourdes Bautista' },
      },
    });
    // The school's record says so too (the super admin's view and SF2's header).
    const school = await as(root)(app, { method: 'GET', url: `/api/super-admin/schools/${schoolA}` });
    expect(school.json().data).toMatchObject({ depedSchoolId: '301234', schoolHeadName: 'Dr. Lourdes Bautista' });
  });

  it('saving the same values writes nothing; a class day removed and the head cleared are logged', async () => {
    const before = (await logsOf(schoolA)).length;
    expect((await put(registrar.token, schoolA, VALID)).statusCode).toBe(200);
    expect(await logsOf(schoolA)).toHaveLength(before);

    const res = await put(registrar.token, schoolA, { ...VALID, schoolDays: [1, 2, 3, 4, 5, 6], schoolHeadName: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ schoolDays: [1, 2, 3, 4, 5, 6], schoolHeadName: null, depedSchoolId: '301234' });
    const logs = await logsOf(schoolA);
    expect(JSON.parse(logs.at(-1)!.details!)).toEqual({
      changes: {
        schoolDays: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5, 6] },
        schoolHeadName: { from: 'Dr. Lourdes Bautista', to: null },
      },
    });
  });

  it('refuses an admin without MANAGE_SCHOOL_SETTINGS (403), writing nothing', async () => {
    const before = await schoolRow(schoolA);
    const get = await as(withoutIt.token)(app, { method: 'GET', url: `/api/admin/schools/${schoolA}/settings` });
    expect(get.statusCode).toBe(403);
    expect(get.json()).toMatchObject({ success: false, message: "You do not have permission to change the school's settings" });
    const res = await put(withoutIt.token, schoolA, { ...VALID, lateCutoff: '08:00' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(permissionDeniedMessage('MANAGE_SCHOOL_SETTINGS'));
    expect(await schoolRow(schoolA)).toEqual(before);
  });

  it("keeps an admin to their own school: another school's settings are 404 and unchanged", async () => {
    const before = await schoolRow(schoolB);
    const get = await as(registrar.token)(app, { method: 'GET', url: `/api/admin/schools/${schoolB}/settings` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ success: false, message: 'School not found' });
    const res = await put(registrar.token, schoolB, VALID);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('School not found');
    expect(await schoolRow(schoolB)).toEqual(before);
    expect(await logsOf(schoolB)).toHaveLength(0);
  });

  it('answers bad input with 400 and the field message, writing nothing', async () => {
    const before = await schoolRow(schoolA);
    const cases: Array<[object, string, string]> = [
      [{ ...VALID, schoolDays: [] }, 'schoolDays', SETTINGS_MESSAGES.schoolDays],
      [{ ...VALID, lateCutoff: '7:30 AM' }, 'lateCutoff', SETTINGS_MESSAGES.lateCutoff],
      [{ ...VALID, absenceCutoff: '07:00' }, 'absenceCutoff', SETTINGS_MESSAGES.order],
      [{ ...VALID, depedSchoolId: '12345' }, 'depedSchoolId', SCHOOL_MESSAGES.depedSchoolId],
      [{ ...VALID, schoolHeadName: 'x'.repeat(101) }, 'schoolHeadName', "School head's name must be 100 characters or less"],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(registrar.token, schoolA, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    expect(await schoolRow(schoolA)).toEqual(before);
  });

  it('lets the super admin change any school, logged as theirs', async () => {
    const res = await as(root)(app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolB}/settings`,
      payload: { ...VALID, schoolDays: [1, 2, 3, 4], schoolHeadName: 'Mr. Ramon Cruz' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'School settings saved', data: { schoolDays: [1, 2, 3, 4] } });
    const [log] = await logsOf(schoolB);
    expect(log).toMatchObject({ userRole: 'SUPER_ADMIN' });
    expect(JSON.parse(log!.details!).changes.schoolHeadName).toEqual({ from: null, to: 'Mr. Ramon Cruz' });
    // School Management's edit form carries the head's name too.
    const patched = await as(root)(app, {
      method: 'PATCH',
      url: `/api/super-admin/schools/${schoolB}`,
      payload: { schoolHeadName: 'Ms. Ana Cruz' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.schoolHeadName).toBe('Ms. Ana Cruz');
    const missing = await as(root)(app, { method: 'PUT', url: '/api/super-admin/schools/999999/settings', payload: VALID });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('School not found');
  });
});

describe(`admin roles and access help (${dbKind})`, () => {
  it('registers an admin from a role, with permissions given over it, and logs the role', async () => {
    const res = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/register-admin',
      payload: {
        email: 'guard@school.test',
        password: 'Gate-Keeper-2024!',
        firstName: 'Gil',
        lastName: 'Guardia',
        employeeId: 'G-1',
        schoolId: schoolA,
        role: 'GUARD',
        permissions: { SEND_SMS: true },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const on = Object.entries(res.json().data.permissions as Record<string, boolean>)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();
    expect(on).toEqual(['SEND_SMS', 'VIEW_ATTENDANCE', 'VIEW_STUDENTS']);
    const log = await app.db
      .selectFrom('systemLogs')
      .select('details')
      .where('action', '=', 'CREATE_ADMIN')
      .where('entityId', '=', String(res.json().data.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ role: 'GUARD' });

    const bad = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/register-admin',
      payload: {
        email: 'x@school.test',
        password: 'Gate-Keeper-2024!',
        firstName: 'X',
        lastName: 'Y',
        employeeId: 'X-1',
        role: 'JANITOR',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.role).toBe('Role must be one of REGISTRAR, CLASS_ADVISER, GUARD, PRINCIPAL');
  });

  it('tells an admin without permissions who can grant them: the super admins', async () => {
    const nobody = await signedInAdmin(app, schoolA, []);
    const res = await as(nobody.token)(app, { method: 'GET', url: '/api/admin/access-help' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      grantedBy: 'SUPER_ADMIN',
      superAdmins: [{ name: expect.any(String), email: 'root@school.test' }],
    });
  });
});
