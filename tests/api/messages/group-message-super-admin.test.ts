import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, insertStudent } from '../../helpers/schools';
import { createGradeAndSection } from '../../helpers/students';

/*
 * 'Message a class' from the super admin's console: the choices of the school they name, the audience and the
 * message of a grade in whichever school the grade is (logged as the super admin, in that school's activity log).
 */
describe(`the super admin messages a class (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  let gradeId: number;
  let sectionId: number;
  const get = (url: string) => as(root)(t.app, { method: 'GET', url });
  const send = (payload: Record<string, unknown>) =>
    as(root)(t.app, { method: 'POST', url: '/api/super-admin/sms-history/group-messages', payload });

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root, { name: 'Class Message School' })).id;
    ({ gradeId, sectionId } = await createGradeAndSection(t.app, root, schoolId, { grade: 'Grade 8', section: 'Narra' }));
    for (let i = 0; i < 3; i++) {
      const id = await insertStudent(t.app, schoolId);
      await t.app.db
        .updateTable('students')
        .set({ gradeId, sectionId: i < 2 ? sectionId : null })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(() => t.close());

  it("lists the named school's grades and sections; without a school it asks for one", async () => {
    const none = await get('/api/super-admin/sms-history/group-choices');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      success: false,
      message: 'Please select a school',
      errors: { schoolId: 'Please select a school' },
    });
    const choices = await get(`/api/super-admin/sms-history/group-choices?schoolId=${schoolId}`);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().data).toEqual([{ id: gradeId, name: 'Grade 8', sections: [{ id: sectionId, name: 'Narra' }] }]);
    const audience = await get(`/api/super-admin/sms-history/group-audience?gradeId=${gradeId}&sectionId=${sectionId}`);
    expect(audience.json().data).toEqual({ recipients: 2 });
    const unknown = await get('/api/super-admin/sms-history/group-audience?gradeId=999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Grade not found']);
  });

  it("queues one message per learner of the grade, logged as the super admin in the grade's school", async () => {
    const requestId = '0e6e7c1a-2b3c-4d5e-8f90-123456789abc';
    const res = await send({ gradeId, message: 'No classes on Friday.', requestId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ data: { recipients: 3 }, message: 'Message queued for the parents of 3 students' });
    const intents = await t.app.db
      .selectFrom('notificationOutbox')
      .select('payload')
      .where('idempotencyKey', 'like', `CUSTOM:${requestId}:%`)
      .execute();
    expect(intents).toHaveLength(3);
    expect(JSON.parse(intents[0]!.payload)).toMatchObject({ type: 'CUSTOM', schoolId, text: 'No classes on Friday.' });
    const logs = await t.app.db.selectFrom('systemLogs').selectAll().where('entityId', '=', requestId).execute();
    expect(logs.map((l) => [l.action, l.userRole, l.schoolId])).toEqual([['SEND_GROUP_MESSAGE', 'SUPER_ADMIN', schoolId]]);
    const unknown = await send({ gradeId: 999999, message: 'Hello', requestId: '0e6e7c1a-2b3c-4d5e-8f90-123456789abd' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Grade not found']);
  });
});
