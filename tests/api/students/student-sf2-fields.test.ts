import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@core/time/clock';
import { STUDENT_MESSAGES } from '@domain/students';
import { SCHOOL_MESSAGES } from '@domain/schools';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { postStudent, studentData } from '../../helpers/students';

/**
 * What SF2 needs of a student (middle name, enrolment date — the registration day in the school's zone
 * when not given —, leaving date and reason) and of a school (its DepEd School ID), through register, edit and export.
 */
describe(`SF2 fields of students and schools (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  // 16 Nov 2026, 23:30 UTC = 17 Nov, 07:30 in Manila: the registration day is the school's 17 Nov.
  const clock: Clock = { now: () => new Date('2026-11-16T23:30:00.000Z') };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    await t.app.db.updateTable('schools').set({ timezone: 'Asia/Manila' }).where('id', '=', schoolId).execute();
  });
  afterAll(() => t.close());

  it('register takes a middle name; the enrolment date defaults to the registration day in the school’s zone', async () => {
    const res = await postStudent(t.app, token, studentData(schoolId, { middleName: 'Reyes' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ middleName: 'Reyes', enrolmentDate: '2026-11-17', leftOn: null, leftReason: null });
    const given = await postStudent(t.app, token, studentData(schoolId, { enrolmentDate: '2026-06-08' }));
    expect(given.json().data).toMatchObject({ middleName: null, enrolmentDate: '2026-06-08' });
  });

  it('edit records a transfer with its date (logged), and refuses bad dates and reasons with their messages', async () => {
    const created = await postStudent(t.app, token, studentData(schoolId));
    const id = created.json().data.id as number;
    const patch = (payload: Record<string, unknown>) => api({ method: 'PATCH', url: `/api/super-admin/students/${id}`, payload });
    for (const [payload, message] of [
      [{ enrolmentDate: '2026-02-30' }, STUDENT_MESSAGES.enrolmentDate],
      [{ leftOn: 'yesterday' }, STUDENT_MESSAGES.leftOn],
      [{ leftReason: 'EXPELLED' }, STUDENT_MESSAGES.leftReason],
    ] as const) {
      const r = await patch(payload);
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const ok = await patch({ leftOn: '2026-11-20', leftReason: 'TRANSFERRED_OUT', middleName: 'Luna' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ leftOn: '2026-11-20', leftReason: 'TRANSFERRED_OUT', middleName: 'Luna' });
    const log = (await logsOf(t.app, 'UPDATE_STUDENT')).find((l) => l.entityId === String(id));
    expect(log?.details).toMatchObject({
      changes: { leftOn: { from: null, to: '2026-11-20' }, leftReason: { from: null, to: 'TRANSFERRED_OUT' } },
    });
    const csv = await api({ method: 'GET', url: `/api/super-admin/students?schoolId=${schoolId}&format=csv` });
    const lines = csv.body.trim().split('\r\n');
    const header = lines[0]!.replace('\ufeff', '').split(',');
    const row = lines.find((l) => l.startsWith(`${id},`))!.split(',');
    expect(row[header.indexOf('Middle Name')]).toBe('Luna');
    expect(row[header.indexOf('Left On')]).toBe('2026-11-20');
    expect(row[header.indexOf('Left Reason')]).toBe('TRANSFERRED_OUT');
  });

  it('the CSV import takes Middle Name and Enrolment Date; a row without a date is enrolled on the import day', async () => {
    const text = [
      'First Name,Last Name,Email,LRN,Parent Phone,Middle Name,Enrolment Date,Gender',
      'Rosa,Lim,rosa.lim@students.test,400000000001,09171112222,Tan,2026-06-08,FEMALE',
      'Tomas,Uy,tomas.uy@students.test,400000000002,09171112223,,,MALE',
    ].join('\r\n');
    const res = await api({
      method: 'POST',
      url: '/api/super-admin/students/import/commit',
      ...multipart([
        { name: 'schoolId', value: String(schoolId) },
        { name: 'file', filename: 'learners.csv', content: Buffer.from(text) },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('students')
      .select(['lastName', 'middleName', 'enrolmentDate', 'gender'])
      .where('lrn', 'in', ['400000000001', '400000000002'])
      .orderBy('lrn')
      .execute();
    expect(rows).toEqual([
      { lastName: 'Lim', middleName: 'Tan', enrolmentDate: '2026-06-08', gender: 'FEMALE' },
      { lastName: 'Uy', middleName: null, enrolmentDate: '2026-11-17', gender: 'MALE' },
    ]);
  });

  it('a school keeps its DepEd School ID (6 digits)', async () => {
    const bad = await api({ method: 'PATCH', url: `/api/super-admin/schools/${schoolId}`, payload: { depedSchoolId: '30597' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SCHOOL_MESSAGES.depedSchoolId);
    const ok = await api({ method: 'PATCH', url: `/api/super-admin/schools/${schoolId}`, payload: { depedSchoolId: '305976' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.depedSchoolId).toBe('305976');
  });
});
