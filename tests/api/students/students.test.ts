import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, logsOf } from '../../helpers/schools';
import { createGradeAndSection, createStudent, postStudent, studentData } from '../../helpers/students';
import type { StudentList } from '@domain/students';

describe(`students API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let otherSchoolId: number;
  let placement: { gradeId: number; sectionId: number };
  let otherPlacement: { gradeId: number; sectionId: number };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    as(token)(t.app, { method, url: `/api/super-admin${url}`, ...(payload ? { payload } : {}) });
  const count = async () => (await t.app.db.selectFrom('students').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { name: 'Rizal High', acronym: 'RHS' })).id;
    otherSchoolId = (await createSchool(t.app, token)).id;
    placement = await createGradeAndSection(t.app, token, schoolId);
    otherPlacement = await createGradeAndSection(t.app, token, otherSchoolId, { grade: 'Grade 8', section: 'Mabini' });
  });
  afterAll(async () => t.close());

  it('requires a super-admin session', async () => {
    for (const [method, url] of [
      ['POST', '/api/super-admin/register-student'],
      ['GET', '/api/super-admin/students'],
      ['GET', '/api/super-admin/students/1'],
      ['PATCH', '/api/super-admin/students/1'],
      ['POST', '/api/super-admin/students/1/archive'],
      ['POST', '/api/super-admin/students/bulk-archive'],
      ['GET', '/api/super-admin/archived-students'],
      ['POST', '/api/super-admin/archived-students/1/restore'],
      ['POST', '/api/super-admin/archived-students/bulk-restore'],
      ['GET', '/api/super-admin/students/import/template'],
      ['POST', '/api/super-admin/students/import/preview'],
      ['POST', '/api/super-admin/students/import/commit'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('registers a student (multipart): phone stored as E.164, card normalised, password hashed and never returned, logged', async () => {
    const data = studentData(schoolId, {
      ...placement,
      rfidCardId: '04:a1:b2:c3',
      parentPhone: '0917-123 4567',
      gender: '',
      dateOfBirth: '',
      parentEmail: 'Parent@Example.com',
    });
    const res = await postStudent(t.app, token, data, { filename: 'me.png', content: fixture('pixel.png') });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Student Registered Successfully! The student has been added to the system.');
    expect(body.data).toMatchObject({
      firstName: 'Juan',
      email: data.email,
      lrn: data.lrn,
      parentPhone: '+639171234567',
      parentEmail: 'parent@example.com',
      rfidCardId: '04A1B2C3',
      gender: null,
      dateOfBirth: null,
      notificationPreference: 'SMS_ONLY',
      isActive: true,
      school: { id: schoolId, name: 'Rizal High', acronym: 'RHS' },
      gradeModel: { id: placement.gradeId, name: 'Grade 7' },
      sectionModel: { id: placement.sectionId, name: 'Rizal' },
    });
    expect(body.data.profilePictureUrl).toMatch(/^\/uploads\/.+\.png$/);
    // The caller set the password: no slip, and the password is never answered.
    expect(body.data.passwordSlip).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Mango-Lantern-58');
    const row = await t.app.db
      .selectFrom('students')
      .select('passwordHash')
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    const [log] = await logsOf(t.app, 'CREATE_STUDENT');
    expect(log).toMatchObject({ entity: 'Student', entityId: String(body.data.id) });
    expect(JSON.stringify(log.details)).not.toContain('Mango-Lantern-58');
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ lrn: '' }, 'lrn', 'LRN is required'],
    [{ lrn: '12345678901' }, 'lrn', 'LRN must be a 12-digit number'],
    [{ lrn: '1234567890123' }, 'lrn', 'LRN must be a 12-digit number'],
    [{ lrn: '12345678901a' }, 'lrn', 'LRN must be a 12-digit number'],
    [{ parentPhone: '' }, 'parentPhone', 'Parent phone number is required'],
    [{ parentPhone: '12345' }, 'parentPhone', 'Please enter a valid phone number'],
    [{ parentPhone: '0817 123 4567' }, 'parentPhone', 'Please enter a valid phone number'],
    [{ parentEmail: 'nope' }, 'parentEmail', 'Please enter a valid email address'],
    [{ password: 'Password123' }, 'password', 'This password is too common or easy to guess. Please choose a stronger one.'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ gender: 'X' }, 'gender', 'Gender must be MALE, FEMALE or OTHER'],
    [{ dateOfBirth: '2020-02-30' }, 'dateOfBirth', 'Please enter a valid date of birth (YYYY-MM-DD)'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ rfidCardId: 'not a card!' }, 'rfidCardId', 'RFID card ID must be hexadecimal digits (e.g. 04:A1:B2:C3)'],
    [
      { notificationPreference: 'EMAIL' },
      'notificationPreference',
      'Notification preference must be SMS_ONLY, FACEBOOK_MESSENGER_ONLY or BOTH',
    ],
  ])('refuses %j with 400 "%s: %s" and writes nothing', async (override, field, message) => {
    const before = await count();
    const res = await postStudent(t.app, token, studentData(schoolId, override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await count()).toBe(before);
  });

  it('accepts +639 numbers with spaces and every notification preference', async () => {
    const s = await createStudent(t.app, token, schoolId, { parentPhone: '+63 917-765 4321', notificationPreference: 'BOTH' });
    expect(s).toMatchObject({ parentPhone: '+639177654321', notificationPreference: 'BOTH' });
  });

  it('requires a school that exists; grade and section must belong to it (400, nothing written)', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ schoolId: undefined }, 'schoolId', 'School is required'],
      [{ schoolId: 999999 }, 'schoolId', 'School not found'],
      [{ gradeId: otherPlacement.gradeId }, 'gradeId', 'The grade does not belong to this school'],
      [
        { gradeId: placement.gradeId, sectionId: otherPlacement.sectionId },
        'sectionId',
        'The section does not belong to this school',
      ],
      [{ sectionId: placement.sectionId }, 'gradeId', 'Please select a grade for this section'],
      [{ gradeId: 999999 }, 'gradeId', 'Grade not found'],
    ];
    for (const [override, field, message] of cases) {
      const res = await postStudent(t.app, token, studentData(schoolId, override));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a section of another grade of the same school', async () => {
    const g8 = await createGradeAndSection(t.app, token, schoolId, { grade: 'Grade 8', section: 'Bonifacio' });
    const res = await postStudent(t.app, token, studentData(schoolId, { gradeId: placement.gradeId, sectionId: g8.sectionId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The section does not belong to this grade');
  });

  it('answers 409 naming the field for a duplicate LRN, email or card (card compared normalised)', async () => {
    const first = await createStudent(t.app, token, schoolId, { rfidCardId: 'DE:AD:BE:EF' });
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ lrn: first.lrn }, 'lrn', 'A student with this LRN already exists'],
      [{ email: first.email.toUpperCase() }, 'email', 'A student with this email already exists'],
      [{ rfidCardId: 'de-ad-be-ef' }, 'rfidCardId', 'This RFID card is already assigned to another student'],
    ];
    for (const [override, field, message] of cases) {
      const res = await postStudent(t.app, token, studentData(otherSchoolId, override));
      expect(res.statusCode, field).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    expect(await count()).toBe(before);
  });

  it('gets one student; unknown or junk ids are 404 "Student not found"', async () => {
    const s = await createStudent(t.app, token, schoolId);
    const res = await call('GET', `/students/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.id, lrn: s.lrn });
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const missing = await call('GET', `/students/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Student not found');
    }
  });

  it('edits only the fields sent (multipart), clears optional ones with empty text, keeps the password when empty', async () => {
    const s = await createStudent(t.app, token, schoolId, { address: 'Old street', ...placement });
    const hashBefore = (
      await t.app.db.selectFrom('students').select('passwordHash').where('id', '=', s.id).executeTakeFirstOrThrow()
    ).passwordHash;
    const body = multipart([
      { name: 'data', value: JSON.stringify({ firstName: 'Pedro', address: '', password: '', sectionId: null }) },
    ]);
    const res = await as(token)(t.app, { method: 'PATCH', url: `/api/super-admin/students/${s.id}`, ...body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Student updated successfully',
      data: { firstName: 'Pedro', lastName: s.lastName, address: null, sectionId: null, gradeId: placement.gradeId },
    });
    const after = await t.app.db.selectFrom('students').select('passwordHash').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(after.passwordHash).toBe(hashBefore);
    const [log] = await logsOf(t.app, 'UPDATE_STUDENT');
    expect(log.details.changes).toMatchObject({
      firstName: { from: 'Juan', to: 'Pedro' },
      address: { from: 'Old street', to: null },
    });
  });

  it('edit: a new password must have 8 characters, pass the strength rule and is re-hashed; duplicates and other-school grades are refused', async () => {
    const a = await createStudent(t.app, token, schoolId);
    const b = await createStudent(t.app, token, schoolId);
    const patch = (payload: Record<string, unknown>) => call('PATCH', `/students/${b.id}`, payload);
    expect((await patch({ password: 'short' })).json()).toMatchObject({ message: 'Password must be at least 8 characters' });
    expect((await patch({ password: 'NewPassword1' })).json()).toMatchObject({
      message: 'This password is too common or easy to guess. Please choose a stronger one.',
    });
    expect((await patch({ firstName: '' })).json()).toMatchObject({ message: 'First name is required' });
    const dup = await patch({ lrn: a.lrn });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ lrn: 'A student with this LRN already exists' });
    const wrongGrade = await patch({ gradeId: otherPlacement.gradeId });
    expect(wrongGrade.statusCode).toBe(400);
    // Its own values are no conflict.
    expect((await patch({ lrn: b.lrn, email: b.email })).statusCode).toBe(200);
    const ok = await patch({ password: 'Kite-Harbor-71' });
    expect(ok.statusCode).toBe(200);
    expect((await logsOf(t.app, 'UPDATE_STUDENT'))[0]!.details.credentialChanged).toBe(true);
  });

  it('lists 20 per page with nested school/grade/section, filtered by school, grade, section and search', async () => {
    const school = (await createSchool(t.app, token)).id;
    const p = await createGradeAndSection(t.app, token, school, { grade: 'Grade 9', section: 'Luna' });
    const q = await createGradeAndSection(t.app, token, school, { grade: 'Grade 10', section: 'Aguinaldo' });
    for (let i = 0; i < 22; i++)
      await createStudent(t.app, token, school, { ...p, lastName: `Zamora${String(i).padStart(2, '0')}` });
    await createStudent(t.app, token, school, {
      ...q,
      firstName: 'Maria',
      lastName: 'Clara',
      email: 'maria.clara@students.test',
    });
    const list = async (query: string) => {
      const res = await call('GET', `/students?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().data as StudentList;
    };
    const page1 = await list(`schoolId=${school}`);
    expect(page1.students).toHaveLength(20);
    expect(page1.pagination).toEqual({ total: 23, page: 1, limit: 20, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    expect(page1.students[0]).toMatchObject({
      lastName: 'Clara',
      school: { id: school },
      gradeModel: { name: 'Grade 10' },
      sectionModel: { name: 'Aguinaldo' },
    });
    expect((await list(`schoolId=${school}&page=2`)).students.map((s) => s.lastName)).toEqual([
      'Zamora19',
      'Zamora20',
      'Zamora21',
    ]);
    // Pages read from either end of the list join up to the whole list, in its order.
    const whole = (await list(`schoolId=${school}&limit=100`)).students;
    expect(whole.map((s) => s.lastName)).toEqual([
      'Clara',
      ...Array.from({ length: 22 }, (_, i) => `Zamora${String(i).padStart(2, '0')}`),
    ]);
    const pieces: number[] = [];
    for (let n = 1; n <= 6; n++) pieces.push(...(await list(`schoolId=${school}&limit=4&page=${n}`)).students.map((s) => s.id));
    expect(pieces).toEqual(whole.map((s) => s.id));
    expect((await list(`schoolId=${school}&gradeId=${q.gradeId}`)).pagination.total).toBe(1);
    expect((await list(`schoolId=${school}&gradeId=${p.gradeId}&sectionId=${p.sectionId}`)).pagination.total).toBe(22);
    expect((await list(`searchTerm=maria%20cla`)).students.map((s) => s.lastName)).toEqual(['Clara']);
    expect((await list(`searchTerm=MARIA.CLARA@`)).pagination.total).toBe(1);
    const clara = (await list(`searchTerm=clara`)).students[0]!;
    expect((await list(`searchTerm=${clara.lrn.slice(0, 10)}`)).students.map((s) => s.id)).toContain(clara.id);
    expect((await list(`searchTerm=${clara.lrn.slice(3, 10)}`)).pagination.total).toBe(0);
    expect((await list(`searchTerm=CLA%20mar`)).students.map((s) => s.lastName)).toEqual(['Clara']);
    expect((await list(`searchTerm=%25`)).pagination.total).toBe(0);
    const bad = await call('GET', '/students?schoolId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('School must be a positive whole number');
  });

  it('search: every word begins a name word, the email or the LRN; accents and case ignored; edits re-index', async () => {
    const school = (await createSchool(t.app, token)).id;
    const s = await createStudent(t.app, token, school, {
      firstName: 'José Mari',
      lastName: 'Dela Peña-Cruz',
      email: 'jm.pena@students.test',
    });
    const found = async (term: string) =>
      (
        (await call('GET', `/students?schoolId=${school}&searchTerm=${encodeURIComponent(term)}`)).json().data.students as Array<{
          id: number;
        }>
      ).map((x) => x.id);
    for (const term of ['jose', 'MARI', 'pena', 'cruz', 'dela pen', 'jm.pena@stu', 'jm.pena', s.lrn.slice(0, 6), 'peña-cruz']) {
      expect(await found(term), term).toEqual([s.id]);
    }
    for (const term of ['ose', 'jose xyz', 'students.test', s.lrn.slice(2)]) expect(await found(term), term).toEqual([]);
    const edit = await call('PATCH', `/students/${s.id}`, { lastName: 'Santos', email: 'jm.santos@students.test' });
    expect(edit.statusCode).toBe(200);
    expect(await found('pena')).toEqual([]);
    expect(await found('santos')).toEqual([s.id]);
    expect(await found('jm.santos@')).toEqual([s.id]);
  });

  it('exports the filtered list as CSV (all pages, formula-guarded)', async () => {
    const school = (await createSchool(t.app, token, { acronym: 'CSVS' })).id;
    for (let i = 0; i < 3; i++) await createStudent(t.app, token, school, { lastName: `Export${i}` });
    await createStudent(t.app, token, school, { firstName: '=HYPERLINK("x")', lastName: 'Export9' });
    const res = await call('GET', `/students?schoolId=${school}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Last Name,First Name,Middle Name,LRN,Email,School,Grade,Section,Status,Gender,Date of Birth,RFID Card ID,Parent Name,Parent Phone,Parent Email,Notification Preference,Enrolment Date,Left On,Left Reason,Created At,' +
        "Address (House No./Street),Mother Tongue,Ethnic Group (IP),Religion,Barangay,Municipality/City,Province,Father's Name,Mother's Maiden Name,Guardian Relationship",
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(',CSVS,');
  });
});
