import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SF1_MESSAGES, type Sf1Form } from '@domain/sf1';
import { SF2_MESSAGES, type Sf2Form } from '@domain/sf2';
import type { Sf4Form } from '@domain/sf4';
import { SCHOOL_NOT_FOUND } from '../../../server/features/schools';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool } from '../../helpers/schools';
import { testClock } from '../../helpers/clock';
import { insertCheckIns, weekdays } from '../../helpers/attendance';

/*
 * School Form 1 of Grade 7 – Rizal, school year 8 Jun 2026 – 9 Apr 2027, today 1 Dec 2026, on SF2's month
 * (tests/unit/reports/sf2-form.test.ts): in November Cid enrolled late (4 Nov), Dee transferred in from Rizal ES (3 Nov),
 * Eli transferred out to Mabini ES (5 Nov), Fe dropped out (b.1, 4 Nov) and Bea was absent 2–6 Nov (five days).
 * SF1's REMARKS and registered learners must say what the same school's SF2 and SF4 of November say.
 */
describe(`School Form 1 (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let sectionId: number;
  let gradeId: number;
  const clock = testClock('2026-12-01T04:00:00.000Z');
  const api = (url: string, as_ = token) => as(as_)(t.app, { method: 'GET', url });
  const sf1Url = (format: string, prefix = '/api/super-admin') =>
    `${prefix}/schools/${schoolId}/sections/${sectionId}/sf1?format=${format}`;
  const ids: Record<string, number> = {};

  let seq = 0;
  async function learner(firstName: string, lastName: string, gender: string | null, more: Record<string, string | null> = {}) {
    seq += 1;
    const row = await t.app.db
      .insertInto('students')
      .values({
        firstName,
        lastName,
        gender,
        email: `sf1-${seq}@school.test`,
        passwordHash: 'x',
        lrn: String(320000000000 + seq),
        parentPhone: '+639171234567',
        parentFirstName: 'Rosa',
        parentLastName: lastName,
        guardianRelationship: 'Mother',
        dateOfBirth: '2014-03-15',
        schoolId,
        gradeId,
        sectionId,
        enrolmentDate: '2026-06-08',
        createdAt: '2026-06-01T00:00:00.000Z',
        updatedAt: '2026-06-01T00:00:00.000Z',
        ...more,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[firstName] = row.id;
    return row.id;
  }
  /** A check-in on each weekday of November from `from` to `to`. */
  const present = (studentId: number, from: number, to = 30) =>
    insertCheckIns(t.app.db, schoolId, studentId, weekdays('2026-11', from, to));

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { name: 'Register High' })).id;
    await t.app.db
      .updateTable('schools')
      .set({ timezone: 'Asia/Manila', schoolHeadName: 'Pedro Reyes' })
      .where('id', '=', schoolId)
      .execute();
    const year = await as(token)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.statusCode).toBe(200);
    // Classes on All Souls' Day (a special non-working day the school lifts): Monday 2 November is a class day.
    const lift = await as(token)(t.app, {
      method: 'DELETE',
      url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days/2026-11-02`,
    });
    expect(lift.statusCode).toBe(200);
    const g = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/grades',
      payload: { name: 'Grade 7', level: 7, schoolId },
    });
    gradeId = g.json().data.id;
    const s = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Rizal', gradeId, schoolId, adviserName: 'Maria L. Santos' },
    });
    sectionId = s.json().data.id;

    const abe = await learner('Abe', 'Cruz', 'MALE', {
      dateOfBirth: '2014-06-05',
      middleName: 'Luna',
      address: '12 Rizal St',
      barangay: 'San Roque',
      municipality: 'Iloilo City',
      province: 'Iloilo',
      motherTongue: 'Hiligaynon',
      ethnicGroup: 'Ati',
      religion: 'Roman Catholic',
      fatherName: 'Jose Cruz',
      motherMaidenName: 'Rosa Luna',
    });
    const bea = await learner('Bea', 'Santos', 'FEMALE');
    const cid = await learner('Cid', 'Abad', 'MALE', { enrolmentDate: '2026-11-04' });
    const dee = await learner('Dee', 'Bautista', 'FEMALE', { enrolmentDate: '2026-11-03', transferInFrom: 'Rizal ES' });
    const eli = await learner('Eli', 'Reyes', 'MALE', {
      leftOn: '2026-11-05',
      leftReason: 'TRANSFERRED_OUT',
      leftDetail: 'Mabini ES',
    });
    const fe = await learner('Fe', 'Ramos', 'FEMALE', { leftOn: '2026-11-04', leftReason: 'DROPPED_OUT', leftDetail: 'b.1' });
    await present(abe, 2);
    // Bea: absent Monday 2 to Friday 6 November, then every day.
    await present(bea, 9);
    await present(cid, 4);
    await present(dee, 3);
    await present(eli, 2, 4);
    await present(fe, 2, 3);
  });
  afterAll(async () => t.close());

  const T = (male: number, female: number) => ({ male, female, total: male + female });

  it('the preview: males then females by name, REMARKS and registered learners agreeing with SF2 and SF4 of November', async () => {
    const res = await api(sf1Url('json'));
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data as Sf1Form;
    expect(form.header).toEqual({
      schoolId: '',
      schoolName: 'Register High',
      schoolYear: '2026-2027',
      gradeLevel: 'Grade 7',
      section: 'Rizal',
    });
    expect(form.dates).toEqual({ age: '2026-06-05', bosy: '2026-06-12', eosy: '2026-12-01' });
    expect(form.groups.map((g) => [g.label, g.learners.map((l) => [l.name, l.remarks])])).toEqual([
      [
        'MALE',
        [
          ['ABAD, Cid', 'LE Nov 4, 2026'],
          ['CRUZ, Abe Luna', ''],
          ['REYES, Eli', 'T/O to Mabini ES Nov 5, 2026'],
        ],
      ],
      [
        'FEMALE',
        [
          ['BAUTISTA, Dee', 'T/I from Rizal ES Nov 3, 2026'],
          ['RAMOS, Fe', 'DRP b.1 Nov 4, 2026'],
          ['SANTOS, Bea', ''],
        ],
      ],
    ]);
    expect(form.groups[0]!.learners[1]).toEqual({
      studentId: ids.Abe,
      lrn: expect.stringMatching(/^32\d{10}$/),
      name: 'CRUZ, Abe Luna',
      sex: 'M',
      birthDate: '2014-06-05',
      age: 12,
      motherTongue: 'Hiligaynon',
      ethnicGroup: 'Ati',
      religion: 'Roman Catholic',
      houseStreet: '12 Rizal St',
      barangay: 'San Roque',
      municipality: 'Iloilo City',
      province: 'Iloilo',
      fatherName: 'Jose Cruz',
      motherMaidenName: 'Rosa Luna',
      guardianName: 'Rosa Cruz',
      guardianRelationship: 'Mother',
      contactNumber: '09171234567',
      remarks: '',
    });
    // BoSY: Abe, Eli / Bea, Fe. EoSY (today): Abe, Cid / Bea, Dee.
    expect(form.registered).toEqual({ bosy: T(2, 2), eosy: T(2, 2) });
    expect(form.certification).toEqual({ adviser: 'Maria L. Santos', schoolHead: 'Pedro Reyes' });

    // The same learners' SF2 of November: the same REMARKS, enrolment as of the first Friday = BoSY, registered at the
    // end of the month = EoSY (no one moved since), a late enrolment per LE; its five-day absence is Bea's.
    const sf2 = (await api(`/api/super-admin/schools/${schoolId}/sections/${sectionId}/sf2?month=2026-11`)).json()
      .data as Sf2Form;
    const remarksOf = (groups: Array<{ learners: Array<{ studentId: number; remarks: string }> }>) =>
      Object.fromEntries(groups.flatMap((g) => g.learners.map((l) => [l.studentId, l.remarks])));
    expect(remarksOf(form.groups)).toEqual(remarksOf(sf2.groups));
    expect(form.registered.bosy).toEqual(sf2.summary.enrolment);
    expect(form.registered.eosy).toEqual(sf2.summary.registered);
    const coded = (code: string) => {
      const t = T(0, 0);
      for (const g of form.groups)
        for (const l of g.learners.filter((l) => l.remarks.startsWith(code))) {
          if (l.sex === 'M') t.male++;
          else t.female++;
          t.total++;
        }
      return t;
    };
    expect(coded('LE')).toEqual(sf2.summary.lateEnrolment);
    expect(sf2.summary.absentFiveDays).toEqual(T(0, 1));

    // SF4 of November: each movement since the year began (cumulative) is a REMARKS code of SF1.
    const sf4 = (await api(`/api/super-admin/schools/${schoolId}/sf4?month=2026-11`)).json().data as Sf4Form;
    expect(sf4.rows[0]!.transferredOut.cumulative).toEqual(coded('T/O'));
    expect(sf4.rows[0]!.transferredIn.cumulative).toEqual(coded('T/I'));
    expect(sf4.rows[0]!.droppedOut.cumulative).toEqual(coded('DRP'));
    expect(sf4.rows[0]!.registered).toEqual(form.registered.eosy);
  });

  it('no file without the School ID, nor while a learner lacks a sex or a birth date (400 naming them)', async () => {
    const noId = await api(sf1Url('xlsx'));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(SF2_MESSAGES.noSchoolId);
    await t.app.db.updateTable('schools').set({ depedSchoolId: '305990' }).where('id', '=', schoolId).execute();

    const gil = await learner('Gil', 'Uy', null, { dateOfBirth: null });
    const hana = await learner('Hana', 'Vera', 'FEMALE', { dateOfBirth: null });
    const preview = (await api(sf1Url('json'))).json().data as Sf1Form;
    expect(preview.missing).toEqual({
      schoolId: false,
      learners: [
        { studentId: gil, name: 'UY, Gil', lrn: expect.any(String), fields: ['sex', 'birthDate'] },
        { studentId: hana, name: 'VERA, Hana', lrn: expect.any(String), fields: ['birthDate'] },
      ],
    });
    for (const format of ['xlsx', 'pdf']) {
      const res = await api(sf1Url(format));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Record the sex and birth date of these 2 learners before making the form: UY, Gil (sex, birth date); VERA, Hana (birth date)',
      );
      expect(res.json().message).toBe(SF1_MESSAGES.missing(preview.missing.learners));
    }
    await t.app.db.deleteFrom('students').where('id', 'in', [gil, hana]).execute();

    const bad = await api(sf1Url('csv'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Format must be xlsx, pdf or json');
  });

  it('the XLSX: the header, the grouped headings merged, a row per learner, totals, BoSY/EoSY and the signatures', async () => {
    const res = await api(sf1Url('xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="SF1-Register-High-Grade-7-Rizal-2026-2027.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('SF1')!;
    expect(ws.getCell('A1').value).toBe('School Form 1 (SF 1) School Register');
    expect(ws.getCell('R1').isMerged).toBe(true);
    // Row 3: School ID, School Name, School Year, Grade Level, Section; each value merged over its columns.
    expect([ws.getCell('A3').value, ws.getCell('B3').value, ws.getCell('D3').value, ws.getCell('E3').value]).toEqual([
      'School ID',
      '305990',
      'School Name',
      'Register High',
    ]);
    expect([ws.getCell('J3').value, ws.getCell('M3').value, ws.getCell('O3').value]).toEqual(['2026-2027', 'Grade 7', 'Rizal']);
    expect(ws.getCell('H3').isMerged).toBe(true);
    // Headings on rows 5 and 6: ADDRESS over I–L, PARENTS over M–N, GUARDIAN over O–P; LRN spans both rows.
    expect(ws.getCell('I5').value).toBe('ADDRESS');
    expect(ws.getCell('L5').isMerged && (ws.getCell('L5').master.address as string)).toBe('I5');
    expect(ws.getCell('N5').master.address).toBe('M5');
    expect(ws.getCell('P5').master.address).toBe('O5');
    expect(ws.getCell('O5').value).toBe('GUARDIAN (if Not Parent)');
    expect(ws.getCell('A6').master.address).toBe('A5');
    expect(ws.getCell('J6').value).toBe('Barangay');

    const rows = ws
      .getSheetValues()
      .filter(Array.isArray)
      .map((r) => (r as unknown[]).slice(1));
    const abe = rows.find((r) => r[1] === 'CRUZ, Abe Luna')!;
    expect(abe.slice(2)).toEqual([
      'M',
      '06/05/2014',
      12,
      'Hiligaynon',
      'Ati',
      'Roman Catholic',
      '12 Rizal St',
      'San Roque',
      'Iloilo City',
      'Iloilo',
      'Jose Cruz',
      'Rosa Luna',
      'Rosa Cruz',
      'Mother',
      '09171234567',
      '',
    ]);
    expect(rows.find((r) => r[1] === 'REYES, Eli')![17]).toBe('T/O to Mabini ES Nov 5, 2026');
    const names = rows.map((r) => r[1]);
    expect(names.slice(names.indexOf('ABAD, Cid'), names.indexOf('<=== COMBINED') + 1)).toEqual([
      'ABAD, Cid',
      'CRUZ, Abe Luna',
      'REYES, Eli',
      '<=== TOTAL MALE',
      'BAUTISTA, Dee',
      'RAMOS, Fe',
      'SANTOS, Bea',
      '<=== TOTAL FEMALE',
      '<=== COMBINED',
    ]);
    expect(rows.find((r) => r[1] === '<=== COMBINED')![0]).toBe(6);
    expect(rows).toContainEqual(['Date', '06/12/2026', '12/01/2026']);
    expect(rows).toContainEqual(['MALE', 2, 2]);
    expect(rows).toContainEqual(['TOTAL', 4, 4]);
    expect(rows.flat()).toEqual(expect.arrayContaining(['Maria L. Santos', 'Pedro Reyes', 'Prepared by:', 'Certified Correct:']));
  });

  it('the PDF: legal landscape text with the header, learners and REMARKS', async () => {
    const res = await api(sf1Url('pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const part of ['School Form 1 (SF 1) School Register', 'School ID: 305990', 'CRUZ, Abe Luna', 'DRP b.1 Nov 4, 2026'])
      expect(text).toContain(part);
    const page = await pdf.getPage(1);
    expect(page.view).toEqual([0, 0, 1008, 612]);
  });

  it('a school admin with VIEW_REPORTS gets their own school’s SF1; another school is 404', async () => {
    const own = await signedInAdmin(t.app, schoolId, ['VIEW_REPORTS']);
    const ok = await api(sf1Url('json', '/api/admin'), own.token);
    expect(ok.statusCode).toBe(200);
    expect((ok.json().data as Sf1Form).registered.eosy).toEqual(T(2, 2));
    const otherSchool = (await createSchool(t.app, token, { name: 'Other High' })).id;
    const other = await signedInAdmin(t.app, otherSchool, ['VIEW_REPORTS']);
    const res = await api(sf1Url('xlsx', '/api/admin'), other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SCHOOL_NOT_FOUND);
    // Its own school with this section: not its section.
    const foreign = await api(`/api/admin/schools/${otherSchool}/sections/${sectionId}/sf1`, other.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(SF2_MESSAGES.noYear);
    await t.app.db
      .updateTable('schools')
      .set({ schoolYearStart: '2026-06-08', schoolYearEnd: '2027-04-09' })
      .where('id', '=', otherSchool)
      .execute();
    const section = await api(`/api/admin/schools/${otherSchool}/sections/${sectionId}/sf1`, other.token);
    expect(section.statusCode).toBe(404);
    expect(section.json().message).toBe(SF2_MESSAGES.sectionNotFound);
  });
});
