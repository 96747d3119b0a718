import type { FastifyInstance } from 'fastify';
import { as } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';

/*
 * A school at the end of SY 2026–2027 (ends 2027-03-31), for the rollover's tests:
 * - Grade 6 · Sampaguita: Ana (card AA0001, completes), Ben (retained by the tests that choose him);
 * - Grade 7 · Rizal (adviser Maria L. Santos): Cara (goes up), Dan (transferred out in November: archived by the
 *   rollover, card DD0001), Eli (retained by the tests that choose him), Fe (archived in January: kept for the forms);
 * - Grade 8 · Mabini: Gio, and Hana (transferred in on 1 September); Grade 9 · Mabini is empty: their next class.
 */
export async function seedYearEnd(app: FastifyInstance, token: string) {
  const school = await createSchool(app, token, { name: 'Rollover High' });
  const schoolId = school.id;
  const put = await as(token)(app, {
    method: 'PUT',
    url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
    payload: { start: '2026-06-08', end: '2027-03-31' },
  });
  if (put.statusCode !== 200) throw new Error(put.body);
  await app.db.updateTable('schools').set({ depedSchoolId: '305123' }).where('id', '=', schoolId).execute();
  const section = async (grade: string, level: number, name: string, adviserName?: string) => {
    const g = await as(token)(app, { method: 'POST', url: '/api/super-admin/grades', payload: { name: grade, level, schoolId } });
    const s = await as(token)(app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name, gradeId: g.json().data.id, schoolId, adviserName },
    });
    return { gradeId: g.json().data.id as number, sectionId: s.json().data.id as number };
  };
  const sampaguita = await section('Grade 6', 6, 'Sampaguita');
  const rizal = await section('Grade 7', 7, 'Rizal', 'Maria L. Santos');
  const mabini = await section('Grade 8', 8, 'Mabini');
  const mabini9 = await section('Grade 9', 9, 'Mabini');
  const ids: Record<string, number> = {};
  const learner = async (
    place: { gradeId: number; sectionId: number },
    firstName: string,
    gender: string,
    more: Record<string, unknown> = {},
  ) => {
    const n = Object.keys(ids).length + 1;
    const row = await app.db
      .insertInto('students')
      .values({
        firstName,
        lastName: 'Roll',
        gender,
        email: null,
        passwordHash: 'x',
        lrn: String(400000000000 + schoolId * 100 + n),
        parentPhone: '+639171234567',
        schoolId,
        ...place,
        enrolmentDate: '2026-06-08',
        createdAt: '2026-06-01T00:00:00.000Z',
        updatedAt: '2026-06-02T00:00:00.000Z',
        ...more,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[firstName] = row.id;
  };
  await learner(sampaguita, 'Ana', 'FEMALE', { rfidCardId: `AA${schoolId}01` });
  await learner(sampaguita, 'Ben', 'MALE');
  await learner(rizal, 'Cara', 'FEMALE');
  await learner(rizal, 'Dan', 'MALE', {
    leftOn: '2026-11-10',
    leftReason: 'TRANSFERRED_OUT',
    leftDetail: 'Mabini ES',
    rfidCardId: `DD${schoolId}01`,
  });
  await learner(rizal, 'Eli', 'MALE');
  await learner(rizal, 'Fe', 'FEMALE', {
    isArchived: 1,
    archivedAt: '2027-01-15T02:00:00.000Z',
    archiveReason: 'Moved away',
    archivedByName: 'Registrar',
  });
  await learner(mabini, 'Gio', 'MALE');
  await learner(mabini, 'Hana', 'FEMALE', { enrolmentDate: '2026-09-01', transferInFrom: 'Rizal ES' });
  return { schoolId, sampaguita, rizal, mabini, mabini9, ids };
}

/** Every row of the tables a rollover touches, in a stable order (to compare before and after). */
export async function tablesOf(app: FastifyInstance) {
  const all = async (
    table: 'students' | 'sections' | 'grades' | 'schools' | 'schoolHolidays' | 'studentCounts' | 'learnerYears',
  ) => (await app.db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return {
    students: await all('students'),
    sections: await all('sections'),
    grades: await all('grades'),
    schools: await all('schools'),
    schoolHolidays: await all('schoolHolidays'),
    studentCounts: await all('studentCounts'),
    learnerYears: await all('learnerYears'),
  };
}
