import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@core/time/clock';
import { importTemplateCsv } from '@domain/students/import';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { postStudent, studentData } from '../../helpers/students';

/**
 * What the School Register (SF1) asks of a learner (mother tongue, ethnic group, religion, the address's barangay,
 * municipality and province, father's name, mother's maiden name, the guardian's relationship): all optional, through
 * register, edit (logged), the CSV import (preview and commit) and the CSV export.
 */
const SF1 = {
  motherTongue: 'Hiligaynon',
  ethnicGroup: 'Ati',
  religion: 'Roman Catholic',
  barangay: 'San Roque',
  municipality: 'Iloilo City',
  province: 'Iloilo',
  fatherName: 'Jose Dela Cruz',
  motherMaidenName: 'Maria Santos Reyes',
  guardianRelationship: 'Grandmother',
};

describe(`SF1 fields of learners (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const clock: Clock = { now: () => new Date('2026-11-16T02:00:00.000Z') };
  const upload = (step: 'preview' | 'commit', text: string) =>
    api({
      method: 'POST',
      url: `/api/super-admin/students/import/${step}`,
      ...multipart([
        { name: 'schoolId', value: String(schoolId) },
        { name: 'file', filename: 'learners.csv', content: Buffer.from(text) },
      ]),
    });

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
  });
  afterAll(() => t.close());

  it('register takes them (none required); edit changes and clears them, logged; too long is 400 writing nothing', async () => {
    const bare = await postStudent(t.app, token, studentData(schoolId));
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data).toMatchObject({ motherTongue: null, guardianRelationship: null, province: null });

    const res = await postStudent(t.app, token, studentData(schoolId, { ...SF1, address: '12 Rizal St' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ ...SF1, address: '12 Rizal St' });
    const id = res.json().data.id as number;

    const patch = (payload: Record<string, unknown>) => api({ method: 'PATCH', url: `/api/super-admin/students/${id}`, payload });
    const long = await patch({ religion: 'x'.repeat(101), barangay: 'Poblacion' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Must be 100 characters or less');
    expect(long.json().errors).toEqual({ religion: 'Must be 100 characters or less' });

    const ok = await patch({ religion: 'Islam', ethnicGroup: null, barangay: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ religion: 'Islam', ethnicGroup: null, barangay: null, province: 'Iloilo' });
    const log = (await logsOf(t.app, 'UPDATE_STUDENT')).find((l) => l.entityId === String(id));
    expect(log?.details).toEqual({
      changes: {
        religion: { from: 'Roman Catholic', to: 'Islam' },
        ethnicGroup: { from: 'Ati', to: null },
        barangay: { from: 'San Roque', to: null },
      },
    });

    const csv = await api({ method: 'GET', url: `/api/super-admin/students?schoolId=${schoolId}&format=csv` });
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const row = lines.find((l) => l.startsWith(`${id},`))!.split(',');
    expect(row[header.indexOf('Religion')]).toBe('Islam');
    expect(row[header.indexOf('Barangay')]).toBe('');
    expect(row[header.indexOf('Address (House No./Street)')]).toBe('12 Rizal St');
    expect(row[header.indexOf("Mother's Maiden Name")]).toBe('Maria Santos Reyes');
  });

  it('the CSV import reads the new columns (by their headers or keys): the preview counts them, the commit stores them', async () => {
    const header = importTemplateCsv()
      .replace(/^\ufeff/, '')
      .split('\r\n')[0]!;
    expect(header).toContain("Mother Tongue,Ethnic Group (IP),Religion,Barangay,Municipality/City,Province,Father's Name");
    const text = [
      "First Name,Last Name,LRN,Parent Phone,Mother Tongue,ethnic_group,Religion,Barangay,Municipality/City,Province,Father's Name,Mother's Maiden Name,Guardian Relationship",
      'Rosa,Lim,410000000001,09171112222,Cebuano,,Iglesia ni Cristo,Lahug,Cebu City,Cebu,Ramon Lim,Luz Tan,Mother',
      'Tomas,Uy,410000000002,09171112223,,,,,,,,,',
      `Ana,Go,410000000003,09171112224,Tagalog,,${'y'.repeat(101)},,,,,,`,
    ].join('\r\n');
    const preview = await upload('preview', text);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.line, r.status, r.registerFields])).toEqual([
      [2, 'valid', 8],
      [3, 'valid', 0],
      [4, 'invalid', 2],
    ]);
    expect(rows[2]!.errors).toEqual({ religion: 'Must be 100 characters or less' });

    const commit = await upload('commit', text);
    expect(commit.statusCode).toBe(200);
    const stored = await t.app.db
      .selectFrom('students')
      .select([
        'lrn',
        'motherTongue',
        'ethnicGroup',
        'religion',
        'barangay',
        'municipality',
        'province',
        'fatherName',
        'motherMaidenName',
        'guardianRelationship',
      ])
      .where('lrn', 'in', ['410000000001', '410000000002', '410000000003'])
      .orderBy('lrn')
      .execute();
    expect(stored).toEqual([
      {
        lrn: '410000000001',
        motherTongue: 'Cebuano',
        ethnicGroup: null,
        religion: 'Iglesia ni Cristo',
        barangay: 'Lahug',
        municipality: 'Cebu City',
        province: 'Cebu',
        fatherName: 'Ramon Lim',
        motherMaidenName: 'Luz Tan',
        guardianRelationship: 'Mother',
      },
      {
        lrn: '410000000002',
        motherTongue: null,
        ethnicGroup: null,
        religion: null,
        barangay: null,
        municipality: null,
        province: null,
        fatherName: null,
        motherMaidenName: null,
        guardianRelationship: null,
      },
    ]);
  });
});
