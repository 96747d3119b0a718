import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { addDevice } from '../../helpers/notifications';

/*
 * A school's activity log holds what anyone did to that school, the super admin included (not another school's);
 * each entry, and a learner's record, carries the zone its times are read in (the school's, else SCHOOL_TIMEZONE).
 */
describe(`a school's activity log (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let tokyo: number;
  let other: number;

  const logOf = async (token: string, query = '') => {
    const res = await as(token)(t.app, { method: 'GET', url: `/api/admin/system-logs?limit=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.logs as Array<{ action: string; userRole: string; entityId: string; timeZone: string }>;
  };

  beforeAll(async () => {
    t = await createTestApp({ schoolTimezone: 'Asia/Manila' });
    root = await loginSuperAdmin(t.app);
    tokyo = (await createSchool(t.app, root, { name: 'Tokyo Activity School' })).id;
    other = (await createSchool(t.app, root, { name: 'Other Activity School' })).id;
    const settings = await as(root)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${tokyo}/attendance-settings`,
      payload: { timeZone: 'Asia/Tokyo', lateCutoff: '07:45', absenceCutoff: '10:00', schoolDays: [1, 2, 3, 4, 5] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => t.close());

  it("lists the super admin's changes to the school, in the school's zone, and none of another school's", async () => {
    const { gradeId } = await createGradeAndSection(t.app, root, tokyo);
    const learner = await createStudent(t.app, root, tokyo, { gradeId });
    const patched = await as(root)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/students/${learner.id}`,
      payload: { address: 'Shibuya' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const reader = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/rfid-readers',
      payload: { name: 'Tokyo gate', schoolId: tokyo },
    });
    expect(reader.statusCode, reader.body).toBe(201);
    await addDevice(t.app, root, { schoolId: tokyo });
    await createStudent(t.app, root, other);

    const { token } = await signedInAdmin(t.app, tokyo, ['VIEW_SYSTEM_LOGS']);
    const logs = await logOf(token, '&userType=superAdmin');
    const actions = logs.map((l) => l.action);
    for (const action of [
      'UPDATE_ATTENDANCE_SETTINGS',
      'CREATE_GRADE',
      'CREATE_SECTION',
      'CREATE_STUDENT',
      'UPDATE_STUDENT',
      'CREATE_RFID_READER',
      'CREATE_SMS_DEVICE',
    ])
      expect(actions, action).toContain(action);
    expect(logs.every((l) => l.userRole === 'SUPER_ADMIN' && l.timeZone === 'Asia/Tokyo')).toBe(true);
    expect(logs.filter((l) => l.action === 'CREATE_STUDENT').map((l) => l.entityId)).toEqual([String(learner.id)]);

    // The other school's admin sees none of it; the super admin's own entries of no school read in the default zone.
    const { token: otherToken } = await signedInAdmin(t.app, other, ['VIEW_SYSTEM_LOGS']);
    const theirs = await logOf(otherToken, '&action=CREATE_STUDENT');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.entityId).not.toBe(String(learner.id));
    const all = await as(root)(t.app, { method: 'GET', url: '/api/super-admin/system-logs?action=LOGIN' });
    expect(all.json().data.logs[0]).toMatchObject({ action: 'LOGIN', timeZone: 'Asia/Manila' });
  });

  it("a learner's record carries its school's zone (the default for a school without one)", async () => {
    const inTokyo = await createStudent(t.app, root, tokyo);
    const elsewhere = await createStudent(t.app, root, other);
    const get = (id: number) => as(root)(t.app, { method: 'GET', url: `/api/super-admin/students/${id}` });
    expect((await get(inTokyo.id)).json().data.timeZone).toBe('Asia/Tokyo');
    expect((await get(elsewhere.id)).json().data.timeZone).toBe('Asia/Manila');
  });
});
