import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createReader } from '../../helpers/rfid';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { signedInAdmin } from '../../helpers/admins';
import { permissionDeniedMessage } from '@domain/admins/console';
import { localDate } from '@core/time/time';

/*
 * Attendance History's filters (school, grade, section, student by name or LRN, reader) in both consoles, and the
 * school admin's scope: no filter reaches another school's records (another school's school, grade, section, reader
 * or student is 404, as its own page would say; a search matches the admin's own school only).
 */
describe(`attendance history filters (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  const ids = {} as Record<string, number>;
  const recordOf = new Map<number, string>();

  const get = (token: string, url: string) => as(token)(t.app, { method: 'GET', url });
  /** The names ('First Last date') of the records a filter lists, newest first. */
  async function listed(token: string, query: string, console: 'super-admin' | 'admin' = 'super-admin') {
    const res = await get(token, `/api/${console}/attendance-history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { records: Array<{ id: number }>; pagination: { total: number } };
    expect(data.pagination.total).toBe(data.records.length);
    return data.records.map((r) => recordOf.get(r.id));
  }

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    ids.a = (await createSchool(t.app, root, { name: 'Filter High A' })).id;
    ids.b = (await createSchool(t.app, root, { name: 'Filter High B' })).id;
    const narra = await createGradeAndSection(t.app, root, ids.a, { grade: 'Grade 7', section: 'Narra' });
    ids.grade7 = narra.gradeId;
    ids.narra = narra.sectionId;
    const sampaguita = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Sampaguita', gradeId: ids.grade7, schoolId: ids.a },
    });
    ids.sampaguita = sampaguita.json().data.id;
    const other = await createGradeAndSection(t.app, root, ids.b, { grade: 'Grade 7', section: 'Acacia' });
    ids.gradeB = other.gradeId;
    ids.acacia = other.sectionId;
    ids.gate = (await createReader(t.app, root, { schoolId: ids.a, name: 'North Gate' })).id;
    ids.back = (await createReader(t.app, root, { schoolId: ids.a, name: 'Back Gate' })).id;
    ids.gateB = (await createReader(t.app, root, { schoolId: ids.b, name: 'B Gate' })).id;
    const juan = await createStudent(t.app, root, ids.a, {
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      lrn: '111122223333',
      gradeId: ids.grade7,
      sectionId: ids.narra,
    });
    const maria = await createStudent(t.app, root, ids.a, {
      firstName: 'Maria',
      lastName: 'Santos',
      email: 'maria.santos@students.test',
      gradeId: ids.grade7,
      sectionId: ids.sampaguita,
    });
    // A Juan of the other school: a search in school A's console never lists him.
    const juanB = await createStudent(t.app, root, ids.b, {
      firstName: 'Juan',
      lastName: 'Bautista',
      gradeId: ids.gradeB,
      sectionId: ids.acacia,
    });
    Object.assign(ids, { juan: juan.id, maria: maria.id, juanB: juanB.id });
    const rows: Array<[number, number, string, string, number | null]> = [
      [juan.id, ids.a, '2026-10-30', 'PRESENT', ids.gate],
      [juan.id, ids.a, '2026-11-03', 'LATE', ids.back],
      [juan.id, ids.a, '2026-11-04', 'PRESENT', ids.gate],
      [maria.id, ids.a, '2026-11-04', 'ABSENT', null],
      [juanB.id, ids.b, '2026-11-04', 'PRESENT', ids.gateB],
    ];
    const stamp = new Date().toISOString();
    for (const [studentId, schoolId, date, status, readerId] of rows) {
      const row = await t.app.db
        .insertInto('attendanceRecords')
        .values({ studentId, schoolId, date, status, readerId, createdAt: stamp, updatedAt: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      const name = studentId === juan.id ? 'Juan' : studentId === maria.id ? 'Maria' : 'JuanB';
      recordOf.set(row.id, `${name} ${date}`);
    }
  });
  afterAll(() => t?.close());

  it('the super admin filters by school, grade, section, reader, student id and a name or LRN', async () => {
    expect(await listed(root, `schoolId=${ids.b}`)).toEqual(['JuanB 2026-11-04']);
    expect(await listed(root, `schoolId=${ids.a}&gradeId=${ids.grade7}`)).toEqual([
      'Maria 2026-11-04',
      'Juan 2026-11-04',
      'Juan 2026-11-03',
      'Juan 2026-10-30',
    ]);
    // "Grade 7 Narra today": two selects and a day.
    expect(
      await listed(
        root,
        `schoolId=${ids.a}&gradeId=${ids.grade7}&sectionId=${ids.narra}&startDate=2026-11-04&endDate=2026-11-04`,
      ),
    ).toEqual(['Juan 2026-11-04']);
    expect(await listed(root, `sectionId=${ids.sampaguita}`)).toEqual(['Maria 2026-11-04']);
    expect(await listed(root, `readerId=${ids.back}`)).toEqual(['Juan 2026-11-03']);
    expect(await listed(root, `readerId=${ids.gate}&status=PRESENT`)).toEqual(['Juan 2026-11-04', 'Juan 2026-10-30']);
    expect(await listed(root, `studentId=${ids.maria}`)).toEqual(['Maria 2026-11-04']);
    // "Juan's November": a name (every school's Juan for the super admin) and a month.
    expect(await listed(root, 'search=juan&startDate=2026-11-01&endDate=2026-11-30')).toEqual([
      'JuanB 2026-11-04',
      'Juan 2026-11-04',
      'Juan 2026-11-03',
    ]);
    expect(await listed(root, `search=juan&schoolId=${ids.a}&startDate=2026-11-01`)).toEqual([
      'Juan 2026-11-04',
      'Juan 2026-11-03',
    ]);
    expect(await listed(root, 'search=Dela Cruz')).toEqual(['Juan 2026-11-04', 'Juan 2026-11-03', 'Juan 2026-10-30']);
    expect(await listed(root, 'search=111122223333&startDate=2026-11-04')).toEqual(['Juan 2026-11-04']);
    expect(await listed(root, 'search=nobody')).toEqual([]);
  });

  it('a filter that is not a whole number, or a search over 100 characters, is 400 with its message', async () => {
    const cases: Array<[string, string]> = [
      ['gradeId=x', 'Grade ID must be a positive whole number'],
      ['sectionId=-1', 'Section ID must be a positive whole number'],
      ['readerId=1.5', 'Reader ID must be a positive whole number'],
      [`search=${'a'.repeat(101)}`, 'Student must be 100 characters or less'],
    ];
    for (const [query, message] of cases) {
      const res = await get(root, `/api/super-admin/attendance-history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("a school admin's filters work on their school, and no filter reaches another school's records", async () => {
    const admin = await signedInAdmin(t.app, ids.a, ['VIEW_ATTENDANCE']);
    const mine = (q: string) => listed(admin.token, q, 'admin');
    expect(await mine('')).toEqual(['Maria 2026-11-04', 'Juan 2026-11-04', 'Juan 2026-11-03', 'Juan 2026-10-30']);
    expect(await mine(`schoolId=${ids.a}&sectionId=${ids.narra}&startDate=2026-11-04`)).toEqual(['Juan 2026-11-04']);
    expect(await mine(`gradeId=${ids.grade7}&sectionId=${ids.sampaguita}`)).toEqual(['Maria 2026-11-04']);
    expect(await mine(`readerId=${ids.back}`)).toEqual(['Juan 2026-11-03']);
    expect(await mine(`studentId=${ids.juan}&endDate=2026-10-31`)).toEqual(['Juan 2026-10-30']);
    // The other school's Juan is not found by name, nor by anything of his school.
    expect(await mine('search=juan&startDate=2026-11-04')).toEqual(['Juan 2026-11-04']);
    const refused: Array<[string, string]> = [
      [`schoolId=${ids.b}`, 'School not found'],
      [`gradeId=${ids.gradeB}`, 'Grade not found'],
      [`sectionId=${ids.acacia}`, 'Section not found'],
      [`readerId=${ids.gateB}`, 'RFID reader not found'],
      [`studentId=${ids.juanB}`, 'Student not found'],
      [`gradeId=${ids.grade7}&sectionId=${ids.acacia}`, 'Section not found'],
      ['gradeId=999999', 'Grade not found'],
    ];
    for (const [query, message] of refused) {
      const res = await get(admin.token, `/api/admin/attendance-history?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toEqual({ success: false, message });
    }
    const none = await signedInAdmin(t.app, ids.a, ['VIEW_STUDENTS']);
    const denied = await get(none.token, `/api/admin/attendance-history?gradeId=${ids.grade7}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('VIEW_ATTENDANCE'));
  });

  it("the filter choices: a school's grades with their sections and its readers, the admin's own school only", async () => {
    const options = await get(root, `/api/super-admin/attendance-history/filter-options?schoolId=${ids.a}`);
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toEqual({
      today: localDate(new Date(), 'Asia/Manila'),
      grades: [
        {
          id: ids.grade7,
          name: 'Grade 7',
          sections: [
            { id: ids.narra, name: 'Narra' },
            { id: ids.sampaguita, name: 'Sampaguita' },
          ],
        },
      ],
      readers: [
        { id: ids.back, name: 'Back Gate', location: 'Main gate', retired: false },
        { id: ids.gate, name: 'North Gate', location: 'Main gate', retired: false },
      ],
    });
    expect((await get(root, '/api/super-admin/attendance-history/filter-options')).json().data).toEqual({
      today: localDate(new Date(), t.config.schoolTimezone),
      grades: [],
      readers: [],
    });
    const admin = await signedInAdmin(t.app, ids.b, ['VIEW_ATTENDANCE']);
    const own = await get(admin.token, '/api/admin/attendance-history/filter-options');
    expect(own.json().data).toEqual({
      today: localDate(new Date(), 'Asia/Manila'),
      grades: [{ id: ids.gradeB, name: 'Grade 7', sections: [{ id: ids.acacia, name: 'Acacia' }] }],
      readers: [{ id: ids.gateB, name: 'B Gate', location: 'Main gate', retired: false }],
    });
    const other = await get(admin.token, `/api/admin/attendance-history/filter-options?schoolId=${ids.a}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: 'School not found' });
    const none = await signedInAdmin(t.app, ids.b, ['VIEW_STUDENTS']);
    const denied = await get(none.token, '/api/admin/attendance-history/filter-options');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('VIEW_ATTENDANCE'));
  });
});
