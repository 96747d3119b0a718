import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, insertAdmin, insertStudent, logsOf, postSchool, uploadedFiles } from '../../helpers/schools';

const png = () => ({ filename: 'logo.png', content: fixture('pixel.png') });

describe(`schools API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const uploads = () => uploadedFiles(t.config.uploadDir);
  const get = (url: string) => as(token)(t.app, { method: 'GET', url });
  const patch = (id: number | string, data: Record<string, unknown>, logo?: { filename: string; content: Buffer }) =>
    as(token)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/schools/${id}`,
      ...multipart([{ name: 'data', value: JSON.stringify(data) }, ...(logo ? [{ name: 'logo', ...logo }] : [])]),
    });
  const schoolCount = async () => (await t.app.db.selectFrom('schools').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => t.close());

  it('requires a super-admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/super-admin/schools' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/schools',
      ...multipart([{ name: 'data', value: '{}' }]),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/super-admin/schools/1' })).statusCode).toBe(401);
  });

  it('creates a school with a logo, stores the file and logs CREATE_SCHOOL', async () => {
    const res = await postSchool(
      t.app,
      token,
      {
        name: 'Rizal National High School',
        acronym: 'RNHS',
        address: 'Calamba, Laguna',
        email: 'Office@RNHS.edu.ph',
        website: 'rnhs.edu.ph',
        studentCount: 1200,
        contractDate: '2025-06-01',
        contractExpiryDate: '2026-05-31',
        contractStatus: 'Active',
        contractType: 'Annual',
        contractAmount: '150000.50',
      },
      png(),
    );
    expect(res.statusCode).toBe(201);
    const school = res.json().data;
    expect(school).toMatchObject({
      name: 'Rizal National High School',
      acronym: 'RNHS',
      email: 'Office@RNHS.edu.ph',
      website: 'rnhs.edu.ph',
      studentCount: 1200,
      contractAmount: 150000.5,
      contactNumber: null,
      contractNumber: null,
      isActive: true,
      currentStudentCount: 0,
      currentAdminCount: 0,
      studentCapacityUsed: 0,
    });
    expect(school.logoUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(school.logoUrl)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: school.logoUrl });
    expect(served.statusCode).toBe(200);

    const [log] = await logsOf(t.app, 'CREATE_SCHOOL');
    expect(log).toMatchObject({ entity: 'School', entityId: String(school.id), userRole: 'SUPER_ADMIN' });
    expect(log.details.school).toMatchObject({ name: 'Rizal National High School', acronym: 'RNHS' });
  });

  it('accepts plain multipart fields and leaves absent optional fields empty', async () => {
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/schools',
      ...multipart([
        { name: 'name', value: 'Plain Fields School' },
        { name: 'acronym', value: 'PFS' },
        { name: 'studentCount', value: '40' },
        { name: 'website', value: '' },
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ studentCount: 40, website: null, email: null, logoUrl: null });
  });

  it.each([
    [{ acronym: 'NONAME' }, 'name', 'School name is required'],
    [{ name: '   ', acronym: 'BLANK' }, 'name', 'School name is required'],
    [{ name: 'No Acronym' }, 'acronym', 'Acronym is required'],
    [{ name: 'Long', acronym: 'ABCDEFGHIJK' }, 'acronym', 'Acronym must be 10 characters or less'],
    [{ name: 'Mail', acronym: 'MAIL', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ name: 'Web', acronym: 'WEB', website: 'not a url' }, 'website', 'Please enter a valid website URL'],
    [{ name: 'Web', acronym: 'WEB2', website: 'ftp://files.example.com' }, 'website', 'Please enter a valid website URL'],
    [{ name: 'Count', acronym: 'CNT', studentCount: 'many' }, 'studentCount', 'Student count must be a number'],
    [{ name: 'Amount', acronym: 'AMT', contractAmount: '12abc' }, 'contractAmount', 'Contract amount must be a number'],
    [
      { name: 'Dates', acronym: 'DTS', contractDate: '2025-06-01', contractExpiryDate: '2025-05-31' },
      'contractExpiryDate',
      'Expiry date must be after contract date',
    ],
  ])('rejects %j with "%s: %s" and writes nothing', async (data, field, message) => {
    const before = await schoolCount();
    const res = await postSchool(t.app, token, data, png());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await schoolCount()).toBe(before);
  });

  it('answers a duplicate acronym (any case) with 409 and keeps no new logo', async () => {
    await createSchool(t.app, token, { acronym: 'DUPE' });
    const files = uploads();
    const res = await postSchool(t.app, token, { name: 'Another', acronym: ' dupe ' }, png());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'A school with this acronym already exists',
      errors: { acronym: 'A school with this acronym already exists' },
    });
    expect(uploads()).toEqual(files);
  });

  it('removes the saved logo again when the insert fails (another request took the acronym meanwhile)', async () => {
    const files = uploads();
    // The race, made deterministic: the competing school is inserted right after this request saved its
    // logo, i.e. after the acronym check passed and before its own insert.
    const adopt = t.app.uploads.adopt.bind(t.app.uploads);
    t.app.uploads.adopt = async (...args: Parameters<typeof adopt>) => {
      const stored = await adopt(...args);
      expect(uploads()).toHaveLength(files.length + 1);
      const now = new Date().toISOString();
      await t.app.db
        .insertInto('schools')
        .values({ name: 'Racer', acronym: 'RACE', isActive: 1, createdAt: now, updatedAt: now })
        .execute();
      return stored;
    };
    try {
      const res = await postSchool(t.app, token, { name: 'Slow One', acronym: 'race' }, png());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'A record with these details already exists' });
    } finally {
      t.app.uploads.adopt = adopt;
    }
    expect(uploads()).toEqual(files);
    const named = await t.app.db.selectFrom('schools').select('name').where('acronym', 'in', ['RACE', 'race']).execute();
    expect(named).toEqual([{ name: 'Racer' }]);
    expect(
      await logsOf(t.app, 'CREATE_SCHOOL').then((logs) => logs.filter((l) => JSON.stringify(l.details).includes('Slow One'))),
    ).toEqual([]);
  });

  it('refuses a logo that is not an image, or larger than 2 MB, saving nothing', async () => {
    const before = await schoolCount();
    const files = uploads();
    const bad = await postSchool(
      t.app,
      token,
      { name: 'Bad Logo', acronym: 'BADL' },
      { filename: 'logo.png', content: fixture('not-an-image.txt') },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Logo "logo.png" must be one of: JPG, PNG, GIF, WEBP/);
    const pdf = await postSchool(
      t.app,
      token,
      { name: 'Pdf Logo', acronym: 'PDFL' },
      { filename: 'logo.pdf', content: fixture('contract.pdf') },
    );
    expect(pdf.statusCode).toBe(400);
    const big = Buffer.concat([fixture('pixel.png'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await postSchool(t.app, token, { name: 'Big Logo', acronym: 'BIGL' }, { filename: 'big.png', content: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/too large \(max 2 MB\)/);
    expect(await schoolCount()).toBe(before);
    expect(uploads()).toEqual(files);
  });

  it('computes the counts from real rows: active non-archived students, active admins, capacity percent', async () => {
    const a = await createSchool(t.app, token, { name: 'Counted Academy', studentCount: 3 });
    const b = await createSchool(t.app, token, { name: 'Counted Without Capacity' });
    await insertStudent(t.app, a.id);
    await insertStudent(t.app, a.id);
    await insertStudent(t.app, a.id, { isArchived: 1 });
    await insertStudent(t.app, a.id, { isActive: 0 });
    await insertStudent(t.app, b.id);
    await insertAdmin(t.app, a.id);
    await insertAdmin(t.app, a.id, 0);
    await insertAdmin(t.app, null);

    const list = (await get('/api/super-admin/schools')).json().data as Array<Record<string, unknown>>;
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((s) => s.id === a.id)).toMatchObject({
      currentStudentCount: 2,
      currentAdminCount: 1,
      studentCapacityUsed: 67,
    });
    expect(list.find((s) => s.id === b.id)).toMatchObject({
      currentStudentCount: 1,
      currentAdminCount: 0,
      studentCapacityUsed: 0,
    });
    const one = (await get(`/api/super-admin/schools/${a.id}`)).json().data;
    expect(one).toMatchObject({ id: a.id, currentStudentCount: 2, currentAdminCount: 1, studentCapacityUsed: 67 });
  });

  it('searches by name or acronym, case-insensitively, with LIKE wildcards taken literally', async () => {
    await createSchool(t.app, token, { name: 'Mabini Elementary', acronym: 'MES' });
    await createSchool(t.app, token, { name: 'Quezon Science', acronym: 'QSHS' });
    const names = async (q: string) =>
      ((await get(`/api/super-admin/schools?search=${encodeURIComponent(q)}`)).json().data as Array<{ name: string }>).map(
        (s) => s.name,
      );
    expect(await names('mabini')).toEqual(['Mabini Elementary']);
    expect(await names('qshs')).toEqual(['Quezon Science']);
    expect(await names('%')).toEqual([]);
    expect((await names('')).length).toBeGreaterThan(2);
  });

  it('answers unknown and non-numeric ids with 404 "School not found"', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '99999999999999999999']) {
      const res = await get(`/api/super-admin/schools/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'School not found' });
      expect((await patch(id, { name: 'X' })).statusCode).toBe(404);
    }
  });

  it('answers a PATCH that changes nothing without writing or logging anything', async () => {
    const { id } = await createSchool(t.app, token, { acronym: 'NOOP' });
    const school = (await get(`/api/super-admin/schools/${id}`)).json().data;
    const res = await patch(school.id, { name: school.name, acronym: 'NOOP', isActive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updatedAt).toBe(school.updatedAt);
    expect((await logsOf(t.app, 'UPDATE_SCHOOL')).filter((l) => l.entityId === String(school.id))).toEqual([]);
  });

  it('updates fields and isActive, clears a field with null, logs the change', async () => {
    const s = await createSchool(t.app, token, { name: 'Edit Me', website: 'edit.example.org', contractDate: '2025-01-01' });
    const res = await patch(s.id, { name: 'Edited School', isActive: false, website: null, studentCount: '50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Edited School',
      isActive: false,
      website: null,
      studentCount: 50,
      acronym: s.acronym,
    });
    const [log] = await logsOf(t.app, 'UPDATE_SCHOOL');
    expect(log.entityId).toBe(String(s.id));
    expect(log.details.changes).toEqual({
      name: { from: 'Edit Me', to: 'Edited School' },
      isActive: { from: true, to: false },
      website: { from: 'edit.example.org', to: null },
      studentCount: { from: null, to: 50 },
    });
    const plain = await as(token)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/schools/${s.id}`,
      ...multipart([{ name: 'isActive', value: 'true' }]),
    });
    expect(plain.json().data.isActive).toBe(true);
  });

  it('checks the expiry date against the stored contract date and the acronym against other schools', async () => {
    const s = await createSchool(t.app, token, { contractDate: '2025-06-01' });
    const early = await patch(s.id, { contractExpiryDate: '2025-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ contractExpiryDate: 'Expiry date must be after contract date' });
    expect((await patch(s.id, { contractExpiryDate: '2025-06-01' })).statusCode).toBe(200);

    const other = await createSchool(t.app, token, { acronym: 'TAKEN' });
    expect((await patch(s.id, { acronym: 'taken' })).statusCode).toBe(409);
    const own = await patch(other.id, { acronym: 'taken' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.acronym).toBe('taken');
    expect((await patch(s.id, { acronym: '' })).json().message).toBe('Acronym is required');
  });

  it('replaces the logo and removes the old file; a refused logo changes nothing', async () => {
    const res = await postSchool(t.app, token, { name: 'Logo Swap', acronym: 'SWAP' }, png());
    const s = res.json().data;
    const oldFile = path.join(t.config.uploadDir, path.basename(s.logoUrl));
    const refused = await patch(s.id, { name: 'Should Not Apply' }, { filename: 'x.gif', content: fixture('not-an-image.txt') });
    expect(refused.statusCode).toBe(400);
    expect((await get(`/api/super-admin/schools/${s.id}`)).json().data).toMatchObject({ name: 'Logo Swap', logoUrl: s.logoUrl });

    const swapped = await patch(s.id, {}, { filename: 'new.gif', content: fixture('pixel.gif') });
    expect(swapped.statusCode).toBe(200);
    const updated = swapped.json().data;
    expect(updated.logoUrl).toMatch(/\.gif$/);
    expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(updated.logoUrl)))).toBe(true);
    expect(fs.existsSync(oldFile)).toBe(false);
  });

  it('answers malformed bodies with 400, never 500', async () => {
    const badJson = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/schools',
      ...multipart([{ name: 'data', value: '{"name":' }]),
    });
    expect(badJson.statusCode).toBe(400);
    const wrongTypes = await postSchool(t.app, token, { name: 42, acronym: ['x'], isActive: 'maybe' });
    expect(wrongTypes.statusCode).toBe(400);
    const s = await createSchool(t.app, token);
    expect((await patch(s.id, { isActive: 'maybe' })).statusCode).toBe(400);
  });
});
