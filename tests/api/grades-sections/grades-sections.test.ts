import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';

describe(`grades and sections API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let otherSchoolId: number;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    as(token)(t.app, { method, url: `/api/super-admin${url}`, ...(payload ? { payload } : {}) });
  const count = async (table: 'grades' | 'sections') => (await t.app.db.selectFrom(table).select('id').execute()).length;
  const newGrade = async (data: Record<string, unknown>) => {
    const res = await call('POST', '/grades', { schoolId, ...data });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: number; name: string; schoolId: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    otherSchoolId = (await createSchool(t.app, token)).id;
  });
  afterAll(async () => t.close());

  it('requires a super-admin session', async () => {
    for (const [method, url] of [
      ['GET', `/api/super-admin/grades?schoolId=${schoolId}`],
      ['POST', '/api/super-admin/grades'],
      ['PATCH', '/api/super-admin/grades/1'],
      ['POST', '/api/super-admin/sections'],
      ['GET', `/api/super-admin/sections/${schoolId}/1`],
      ['PATCH', '/api/super-admin/sections/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('creates a grade: level defaults to 1, an empty description is left out, the action is logged', async () => {
    const res = await call('POST', '/grades', { name: ' Kindergarten ', description: '', schoolId: String(schoolId) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Grade created successfully!',
      data: { name: 'Kindergarten', description: null, level: 1, schoolId, isActive: true, sectionCount: 0 },
    });
    const [log] = await logsOf(t.app, 'CREATE_GRADE');
    expect(log).toMatchObject({ entity: 'Grade', entityId: String(res.json().data.id) });
    expect(log.details.grade).toMatchObject({ name: 'Kindergarten', level: 1, schoolId });
  });

  it.each([
    [{ level: 2 }, 'name', 'Grade name is required'],
    [{ name: '  ', level: 2 }, 'name', 'Grade name is required'],
    [{ name: 'G', level: 0 }, 'level', 'Level must be a positive number'],
    [{ name: 'G', level: -3 }, 'level', 'Level must be a positive number'],
    [{ name: 'G', level: 'abc' }, 'level', 'Level must be a positive number'],
    [{ name: 'G', level: 1.5 }, 'level', 'Level must be a positive number'],
    [{ name: 'G', level: '' }, 'level', 'Level must be a positive number'],
  ])('rejects grade %j with "%s: %s"', async (data, field, message) => {
    const before = await count('grades');
    const res = await call('POST', '/grades', { schoolId, ...data });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await count('grades')).toBe(before);
  });

  it('needs an existing school for a grade', async () => {
    const missing = await call('POST', '/grades', { name: 'Grade 1' });
    expect(missing.json()).toMatchObject({ message: 'School ID is required', errors: { schoolId: 'School ID is required' } });
    const unknown = await call('POST', '/grades', { name: 'Grade 1', schoolId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('School not found');
  });

  it('refuses a second grade of the same name in a school (409), allows it in another school', async () => {
    await newGrade({ name: 'Grade 9', level: 9 });
    const dup = await call('POST', '/grades', { schoolId, name: 'grade 9', level: 9 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A grade with this name already exists in this school');
    expect((await call('POST', '/grades', { schoolId: otherSchoolId, name: 'Grade 9', level: 9 })).statusCode).toBe(201);
  });

  it('keeps grade names unique per school in the database itself (any case), so a race cannot create duplicates', async () => {
    const own = (await createSchool(t.app, token)).id;
    await newGrade({ schoolId: own, name: 'Grade 11', level: 11 });
    const now = new Date().toISOString();
    const insert = (sid: number, name: string) =>
      t.app.db
        .insertInto('grades')
        .values({ schoolId: sid, name, level: 11, isActive: 1, createdAt: now, updatedAt: now })
        .execute();
    await expect(insert(own, 'GRADE 11')).rejects.toMatchObject({
      code: expect.stringMatching(/^(SQLITE_CONSTRAINT_UNIQUE|23505)$/),
    });
    await insert(otherSchoolId, 'Grade 11');
  });

  it('answers concurrent creations of one grade name with one 201 and 409s, never two rows', async () => {
    const own = (await createSchool(t.app, token)).id;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/grades', { schoolId: own, name: 'Grade 12 Race', level: 12 })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        message: 'A grade with this name already exists in this school',
        errors: { name: 'A grade with this name already exists in this school' },
      });
    }
    const rows = await t.app.db.selectFrom('grades').select('id').where('name', '=', 'Grade 12 Race').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps section names unique per grade in the database (any case)', async () => {
    const own = (await createSchool(t.app, token)).id;
    const grade = await newGrade({ schoolId: own, name: 'Grade 10 Sections', level: 10 });
    const now = new Date().toISOString();
    const insert = (name: string) =>
      t.app.db
        .insertInto('sections')
        .values({ schoolId: own, gradeId: grade.id, name, isActive: 1, createdAt: now, updatedAt: now })
        .execute();
    await insert('Rizal');
    await expect(insert('RIZAL')).rejects.toMatchObject({ code: expect.stringMatching(/^(SQLITE_CONSTRAINT_UNIQUE|23505)$/) });
  });

  it.each([
    ['a NUL character', 'Grade\u00007'],
    ['a right-to-left override', 'Grade \u202Egnp.exe'],
    ['a bidi isolate', 'Grade \u2066x\u2069'],
    ['a C1 control', 'Grade \u009B7'],
  ])('refuses a name with %s (400) and writes nothing', async (_label, name) => {
    const before = await count('grades');
    const res = await call('POST', '/grades', { schoolId, name, level: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Must not contain control or text-direction characters' });
    expect(await count('grades')).toBe(before);
  });

  it('writes no log entry for a PATCH that changes nothing', async () => {
    const grade = await newGrade({ schoolId: otherSchoolId, name: 'Grade 8 Same', level: 8 });
    const logs = async () => (await logsOf(t.app, 'UPDATE_GRADE')).filter((l) => l.entityId === String(grade.id));
    const same = await call('PATCH', `/grades/${grade.id}`, { name: 'Grade 8 Same', level: 8 });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Grade 8 Same', level: 8 });
    expect(await logs()).toEqual([]);
    await call('PATCH', `/grades/${grade.id}`, { level: 9 });
    expect((await logs()).map((l) => l.details.changes)).toEqual([{ level: { from: 8, to: 9 } }]);
  });

  it("lists a school's grades by level with their section counts", async () => {
    const g2 = await newGrade({ name: 'Grade 2', level: 2 });
    await newGrade({ name: 'Grade 10', level: 10 });
    await call('POST', '/sections', { name: 'Rose', gradeId: g2.id, schoolId });
    await call('POST', '/sections', { name: 'Lily', gradeId: g2.id, schoolId });
    const res = await call('GET', `/grades?schoolId=${schoolId}`);
    const grades = res.json().data as Array<{ name: string; level: number; sectionCount: number; schoolId: number }>;
    expect(grades.map((g) => g.name)).toEqual(['Kindergarten', 'Grade 2', 'Grade 9', 'Grade 10']);
    expect(grades.find((g) => g.name === 'Grade 2')?.sectionCount).toBe(2);
    expect(grades.every((g) => g.schoolId === schoolId)).toBe(true);

    const one = await call('GET', `/grades/${g2.id}`);
    expect(one.json().data).toMatchObject({ id: g2.id, name: 'Grade 2', sectionCount: 2 });
  });

  it('answers a missing school id with 400 and unknown ids with 404', async () => {
    const missing = await call('GET', '/grades');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('School ID is required');
    expect((await call('GET', '/grades?schoolId=abc')).statusCode).toBe(400);
    expect((await call('GET', '/grades?schoolId=999999')).json().message).toBe('School not found');
    for (const id of ['999999', 'abc']) {
      expect((await call('GET', `/grades/${id}`)).json()).toEqual({ success: false, message: 'Grade not found' });
      expect((await call('PATCH', `/grades/${id}`, { name: 'x' })).statusCode).toBe(404);
      expect((await call('PATCH', `/sections/${id}`, { name: 'x' })).json().message).toBe('Section not found');
    }
  });

  it('edits and deactivates a grade, logging old → new', async () => {
    const g = await newGrade({ name: 'Grade 5', level: 5, description: 'Upper primary' });
    const res = await call('PATCH', `/grades/${g.id}`, { name: 'Grade Five', description: '', isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Grade Five', description: null, level: 5, isActive: false });
    const [log] = await logsOf(t.app, 'UPDATE_GRADE');
    expect(log.details.changes).toEqual({
      name: { from: 'Grade 5', to: 'Grade Five' },
      description: { from: 'Upper primary', to: null },
      isActive: { from: true, to: false },
    });
    expect((await call('PATCH', `/grades/${g.id}`, { level: 0 })).json().message).toBe('Level must be a positive number');
    expect((await call('PATCH', `/grades/${g.id}`, { name: 'Grade 9' })).statusCode).toBe(409);
  });

  it('creates a section with its grade name and logs it', async () => {
    const g = await newGrade({ name: 'Grade 7', level: 7 });
    const res = await call('POST', '/sections', {
      name: 'Sampaguita',
      description: 'Morning shift',
      gradeId: g.id,
      schoolId,
      capacity: '40',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Section created successfully!',
      data: {
        name: 'Sampaguita',
        description: 'Morning shift',
        gradeId: g.id,
        schoolId,
        capacity: 40,
        isActive: true,
        gradeName: 'Grade 7',
      },
    });
    const noCapacity = await call('POST', '/sections', { name: 'Ilang-Ilang', gradeId: g.id, schoolId, capacity: '' });
    expect(noCapacity.json().data.capacity).toBeNull();
    const [log] = await logsOf(t.app, 'CREATE_SECTION');
    expect(log).toMatchObject({ entity: 'Section', entityId: String(noCapacity.json().data.id) });
  });

  it.each([
    [{ capacity: 10 }, 'name', 'Section name is required'],
    [{ name: 'A', gradeId: undefined }, 'gradeId', 'Please select a grade'],
    [{ name: 'A', gradeId: '' }, 'gradeId', 'Please select a grade'],
    [{ name: 'A', capacity: 0 }, 'capacity', 'Capacity must be a positive number'],
    [{ name: 'A', capacity: -5 }, 'capacity', 'Capacity must be a positive number'],
    [{ name: 'A', capacity: 'lots' }, 'capacity', 'Capacity must be a positive number'],
    [{ name: 'A', schoolId: undefined }, 'schoolId', 'School ID is required'],
  ])('rejects section %j with "%s: %s"', async (data, field, message) => {
    const g = (await call('GET', `/grades?schoolId=${schoolId}`)).json().data[0];
    const before = await count('sections');
    const res = await call('POST', '/sections', { gradeId: g.id, schoolId, ...data });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await count('sections')).toBe(before);
  });

  it('refuses a grade of another school (400) and unknown grades (404)', async () => {
    const foreign = (await call('POST', '/grades', { schoolId: otherSchoolId, name: 'Foreign Grade', level: 3 })).json().data;
    const before = await count('sections');
    const res = await call('POST', '/sections', { name: 'X', gradeId: foreign.id, schoolId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The selected grade does not belong to this school',
      errors: { gradeId: 'The selected grade does not belong to this school' },
    });
    expect(await count('sections')).toBe(before);
    expect((await call('GET', `/sections/${schoolId}/${foreign.id}`)).statusCode).toBe(400);
    expect((await call('POST', '/sections', { name: 'X', gradeId: 999999, schoolId })).json().message).toBe('Grade not found');
    expect((await call('POST', '/sections', { name: 'X', gradeId: foreign.id, schoolId: 999999 })).json().message).toBe(
      'School not found',
    );
  });

  it('lists the sections of a school and grade by name; unknown ids → 404', async () => {
    const g = await newGrade({ name: 'Grade 8', level: 8 });
    for (const name of ['Narra', 'Acacia', 'Molave']) await call('POST', '/sections', { name, gradeId: g.id, schoolId });
    const res = await call('GET', `/sections/${schoolId}/${g.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Array<{ name: string; gradeName: string }>).map((s) => `${s.name}/${s.gradeName}`)).toEqual([
      'Acacia/Grade 8',
      'Molave/Grade 8',
      'Narra/Grade 8',
    ]);
    expect((await call('GET', `/sections/999999/${g.id}`)).json().message).toBe('School not found');
    expect((await call('GET', `/sections/${schoolId}/999999`)).json().message).toBe('Grade not found');
    expect((await call('GET', `/sections/abc/${g.id}`)).statusCode).toBe(404);
    const dup = await call('POST', '/sections', { name: 'narra', gradeId: g.id, schoolId });
    expect(dup.statusCode).toBe(409);
  });

  it('edits, moves within the school and deactivates a section; never into another school', async () => {
    const g1 = await newGrade({ name: 'Grade 11', level: 11 });
    const g2 = await newGrade({ name: 'Grade 12', level: 12 });
    const s = (await call('POST', '/sections', { name: 'STEM', gradeId: g1.id, schoolId, capacity: 30 })).json().data;
    const res = await call('PATCH', `/sections/${s.id}`, { capacity: null, gradeId: g2.id, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ capacity: null, gradeId: g2.id, gradeName: 'Grade 12', isActive: false });
    const [log] = await logsOf(t.app, 'UPDATE_SECTION');
    expect(log.details.changes).toEqual({
      capacity: { from: 30, to: null },
      gradeId: { from: g1.id, to: g2.id },
      isActive: { from: true, to: false },
    });
    const foreign = (await call('POST', '/grades', { schoolId: otherSchoolId, name: 'Other 12', level: 12 })).json().data;
    const moved = await call('PATCH', `/sections/${s.id}`, { gradeId: foreign.id });
    expect(moved.statusCode).toBe(400);
    expect((await call('PATCH', `/sections/${s.id}`, { capacity: 0 })).json().message).toBe('Capacity must be a positive number');
    expect((await call('PATCH', `/sections/${s.id}`, { name: '' })).json().message).toBe('Section name is required');
  });
});
