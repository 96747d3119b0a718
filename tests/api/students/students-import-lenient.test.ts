import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, WANT_TOKEN, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createGradeAndSection, createStudent } from '../../helpers/students';
import { IMPORT_MESSAGES, type ImportPreview, type ImportSummary } from '@domain/students/import';
import { IMPORT_DATE_RULE } from '@domain/students/import-values';

/*
 * The CSV import takes what a registrar types (sex as M/F, dates MM/DD/YYYY, grade "7", preference in words, no
 * e-mail), reports every problem of a row at once, and finds duplicates in the file and in the school — for rows
 * with other problems too. The learners it creates sign in with their LRN.
 */

const HEADER =
  'First Name,Last Name,Email,LRN,Grade,Section,Date of Birth,Gender,Notification Preference,Parent Phone,RFID Card ID';

describe(`students CSV import reads what a registrar types (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let placement: { gradeId: number; sectionId: number };
  const upload = (step: 'preview' | 'commit', text: string) =>
    as(token)(t.app, {
      method: 'POST',
      url: `/api/super-admin/students/import/${step}`,
      ...multipart([
        { name: 'schoolId', value: String(schoolId) },
        { name: 'file', filename: 'registrar.csv', content: Buffer.from(text) },
      ]),
    });

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 100, publicFormsPerMinute: 5 } });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    placement = await createGradeAndSection(t.app, token, schoolId, { grade: 'Grade 7', section: 'Narra' });
    await createStudent(t.app, token, schoolId, { email: 'taken@students.test', lrn: '999999999101', rfidCardId: '0A0B0C0D' });
  });
  afterAll(async () => t.close());

  const file = [
    HEADER,
    // 2: valid: grade "7", an ambiguous date, F, SMS, no e-mail, a card
    'Ana,Santos,,100000000101,7,narra,03/04/2012,F,SMS,0917 111 2222,04A1B2C3',
    // 3: valid: "Grade 7", an unambiguous MM/DD date, m, both
    'Ben,Reyes,ben@students.test,100000000102,Grade 7,,06/15/2012,m,both,09171112223,',
    // 4: everything wrong at once
    ',Cruz,not-an-email,12345,Grade 99,,02/30/2012,X,email,12345,zz!',
    // 5: a bad e-mail AND the LRN of line 2
    'Carl,Cruz,bad-email,100000000101,,,,,,09171112224,',
    // 6: LRN, e-mail and card of a learner the school already has
    'Dina,Lopez,TAKEN@students.test,999999999101,,,,,,09171112225,0a:0b:0c:0d',
    // 7: the card of line 2, written another way
    'Eva,Garcia,,100000000107,,,,,Messenger,09171112226,04:a1:b2:c3',
    // 8: the e-mail of line 3 in capitals
    'Fe,Bautista,BEN@students.test,100000000108,,,,Female,text,09171112227,',
    // 9: valid, no e-mail either (learners without one are no duplicates of each other)
    'Gio,Ramos,,100000000109,G7,Narra,2013-01-31,Male,Facebook Messenger,09171112228,',
  ].join('\r\n');

  it('preview: every problem of a row at once, duplicates in the file and in the school, and how cells were read', async () => {
    const res = await upload('preview', file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as ImportPreview;
    expect(p).toMatchObject({ total: 8, valid: 3, invalid: 2, duplicates: 3, rules: [IMPORT_DATE_RULE] });
    const line = (n: number) => p.rows.find((r) => r.line === n)!;
    expect(line(2)).toMatchObject({
      status: 'valid',
      errors: {},
      dateOfBirth: '2012-03-04',
      notes: {
        dateOfBirth: 'Date of birth 03/04/2012 read as March 4, 2012 (month first)',
        grade: 'Grade "7" matched to Grade 7',
      },
    });
    expect(line(3)).toMatchObject({ status: 'valid', errors: {}, dateOfBirth: '2012-06-15', notes: {} });
    expect(line(4)).toEqual(
      expect.objectContaining({
        status: 'invalid',
        errors: {
          firstName: 'First name is required',
          email: 'Please enter a valid email address',
          lrn: 'LRN must be a 12-digit number',
          dateOfBirth: 'Date of birth "02/30/2012" is not a date: write it MM/DD/YYYY or YYYY-MM-DD',
          gender: 'Gender "X" is not Male (M), Female (F) or Other',
          notificationPreference: 'Notification preference "email" is not SMS, Messenger or Both',
          parentPhone: 'Please enter a valid phone number',
          rfidCardId: 'RFID card ID must be hexadecimal digits (e.g. 04:A1:B2:C3)',
          grade: IMPORT_MESSAGES.gradeNotFound('Grade 99'),
        },
      }),
    );
    expect(line(5)).toMatchObject({
      status: 'invalid',
      errors: { email: 'Please enter a valid email address', lrn: 'Duplicate LRN in this file (same as line 2)' },
    });
    expect(line(6)).toMatchObject({
      status: 'duplicate',
      errors: {
        lrn: 'A student with this LRN already exists',
        email: 'A student with this email already exists',
        rfidCardId: 'This RFID card is already assigned to another student',
      },
    });
    expect(line(7)).toMatchObject({
      status: 'duplicate',
      errors: { rfidCardId: 'Duplicate RFID card ID in this file (same as line 2)' },
    });
    expect(line(8)).toMatchObject({ status: 'duplicate', errors: { email: 'Duplicate email in this file (same as line 3)' } });
    expect(line(9)).toMatchObject({ status: 'valid', errors: {}, notes: { grade: 'Grade "G7" matched to Grade 7' } });
  });

  it('commit: the lenient cells are stored as their codes; a learner without e-mail signs in with the LRN', async () => {
    const res = await upload('commit', file);
    expect(res.statusCode).toBe(200);
    const summary = (JSON.parse(res.body.trim().split('\n').at(-1)!) as { summary: ImportSummary }).summary;
    expect(summary).toMatchObject({ created: 3, skipped: 3, failed: 2, schoolName: expect.any(String) });
    const row = (lrn: string) => t.app.db.selectFrom('students').selectAll().where('lrn', '=', lrn).executeTakeFirstOrThrow();
    expect(await row('100000000101')).toMatchObject({
      email: null,
      gender: 'FEMALE',
      dateOfBirth: '2012-03-04',
      notificationPreference: 'SMS_ONLY',
      gradeId: placement.gradeId,
      sectionId: placement.sectionId,
      rfidCardId: '04A1B2C3',
      mustChangePassword: 1,
    });
    expect(await row('100000000102')).toMatchObject({
      email: 'ben@students.test',
      gender: 'MALE',
      notificationPreference: 'BOTH',
    });
    expect(await row('100000000109')).toMatchObject({ email: null, notificationPreference: 'FACEBOOK_MESSENGER_ONLY' });

    const ana = summary.rows.find((r) => r.lrn === '100000000101')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: WANT_TOKEN,
      payload: { email: '100000000101', password: ana.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({ role: 'STUDENT', user: { email: null, mustChangePassword: true } });
  });

  it('a file with the older Password column: the column is ignored, and the preview says so', async () => {
    const res = await upload(
      'preview',
      'First Name,Last Name,LRN,Password,Parent Phone\r\nHu,Li,100000000201,Li2025,09171112229',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 1, rules: [IMPORT_DATE_RULE, IMPORT_MESSAGES.passwordIgnored] });
  });
});
