import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@core/time/clock';
import { localDateTime } from '@core/time/time';
import { SF2_MESSAGES } from '@domain/sf2';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';

/*
 * A known month gives exactly the expected School Form 2, in the preview data, the XLSX (parsed
 * with exceljs) and the PDF (its text, extracted with unpdf). November 2026, Grade 7 – Rizal, classes Mon–Fri:
 * - 30 Nov is Bonifacio Day (loaded from the Philippine holidays with the school year 2026-06-08 … 2027-04-09);
 * - 18 Nov is a typhoon suspension declared mid-morning, after some learners had tapped in;
 * - so 19 class days: 2–6, 9–13, 16, 17, 19, 20, 23–27.
 * Learners (enrolment cut-off: the first Friday, 12 Jun 2026):
 *   SANTOS, Juan Reyes (M): no tap on 3 Nov (no record at all), LATE on 4 Nov, ABSENT record on 5 Nov;
 *   ABAD, Carlo (M): no taps 9–13 Nov (5 consecutive days), LATE on 23 and 24 Nov;
 *   CRUZ, Pedro Luna (M): registered on 16 Nov (no enrolment date given: the registration day) — late enrolment;
 *   DELA CRUZ, Maria Clara (F): LATE on 2 Nov;
 *   BAUTISTA, Ana Lopez (F): EXCUSED without a tap on 6 Nov; transferred out on 20 Nov;
 *   RAMOS, Joy (F): dropped out on 15 Oct — not on November's form, but in the enrolment as of the first Friday.
 */
const TZ = 'Asia/Manila';
const DAYS = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 19, 20, 23, 24, 25, 26, 27];
const LETTERS = ['M', 'T', 'W', 'TH', 'F', 'M', 'T', 'W', 'TH', 'F', 'M', 'T', 'TH', 'F', 'M', 'T', 'W', 'TH', 'F'];
const date = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
const row = (marks: Record<number, string | null>) => DAYS.map((d) => (d in marks ? marks[d]! : ''));
const nulls = (pred: (d: number) => boolean) => Object.fromEntries(DAYS.filter(pred).map((d) => [d, null]));

const EXPECTED_GROUPS = [
  {
    sex: 'MALE',
    label: 'MALE',
    learners: [
      {
        name: 'ABAD, Carlo',
        marks: row({ 9: 'x', 10: 'x', 11: 'x', 12: 'x', 13: 'x', 23: 'T', 24: 'T' }),
        absent: 5,
        tardy: 2,
        remarks: '',
      },
      {
        name: 'CRUZ, Pedro Luna',
        marks: row(nulls((d) => d < 16)),
        absent: 0,
        tardy: 0,
        remarks: 'LE Nov 16, 2026',
      },
      { name: 'SANTOS, Juan Reyes', marks: row({ 3: 'x', 4: 'T', 5: 'x' }), absent: 2, tardy: 1, remarks: '' },
    ],
    presentPerDay: [2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3],
  },
  {
    sex: 'FEMALE',
    label: 'FEMALE',
    learners: [
      {
        name: 'BAUTISTA, Ana Lopez',
        marks: row({ 6: 'x', ...nulls((d) => d >= 20) }),
        absent: 1,
        tardy: 0,
        remarks: 'T/O to Mabini Elementary School Nov 20, 2026',
      },
      { name: 'DELA CRUZ, Maria Clara', marks: row({ 2: 'T' }), absent: 0, tardy: 1, remarks: '' },
    ],
    presentPerDay: [2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1],
  },
];
const COMBINED = [4, 3, 4, 3, 3, 3, 3, 3, 3, 3, 5, 5, 5, 4, 4, 4, 4, 4, 4];
const SUMMARY = {
  schoolDays: 19,
  enrolmentCutoff: '2026-06-12',
  enrolment: { male: 2, female: 3, total: 5 },
  lateEnrolment: { male: 1, female: 0, total: 1 },
  registered: { male: 3, female: 1, total: 4 },
  percentEnrolment: { male: 150, female: 33.33, total: 80 },
  // 40, 31 and 71 learner-days present over 19 days.
  averageDailyAttendance: { male: 2.11, female: 1.63, total: 3.74 },
  percentAttendance: { male: 70.18, female: 163.16, total: 93.42 },
  absentFiveDays: { male: 1, female: 0, total: 1 },
  droppedOut: { male: 0, female: 0, total: 0 },
  transferredOut: { male: 0, female: 1, total: 1 },
  transferredIn: { male: 0, female: 0, total: 0 },
};

/** The file names of a ZIP's central directory (signature PK\x01\x02; name length at +28, name at +46). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = zip.indexOf('PK\x01\x02', i + 46, 'latin1')) {
    const length = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + length).toString('utf8'));
  }
  return names;
}

describe(`School Form 2 (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let sectionId: number;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  // The school's today: 1 Dec 2026, noon in Manila (the whole of November is in the past).
  const clock: Clock = { now: () => new Date('2026-12-01T04:00:00.000Z') };
  const sf2Url = (q: string) => `/api/super-admin/schools/${schoolId}/sections/${sectionId}/sf2?${q}`;

  let seq = 0;
  async function learner(s: {
    first: string;
    middle?: string;
    last: string;
    gender: string;
    enrolmentDate?: string;
    createdAt?: string;
    leftOn?: string;
    leftReason?: string;
    leftDetail?: string;
  }) {
    seq += 1;
    const r = await t.app.db
      .insertInto('students')
      .values({
        firstName: s.first,
        middleName: s.middle ?? null,
        lastName: s.last,
        gender: s.gender,
        email: `sf2-${seq}@school.test`,
        passwordHash: 'x',
        lrn: String(300000000000 + seq),
        parentPhone: '+639171234567',
        schoolId,
        sectionId,
        gradeId: (await t.app.db.selectFrom('sections').select('gradeId').where('id', '=', sectionId).executeTakeFirstOrThrow())
          .gradeId,
        enrolmentDate: s.enrolmentDate ?? null,
        leftOn: s.leftOn ?? null,
        leftReason: s.leftReason ?? null,
        leftDetail: s.leftDetail ?? null,
        createdAt: s.createdAt ?? '2026-06-01T00:00:00.000Z',
        updatedAt: '2026-06-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  async function record(studentId: number, day: number, status: string, time: string | null) {
    const at = time ? localDateTime(date(day), time, TZ).toISOString() : null;
    await t.app.db
      .insertInto('attendanceRecords')
      .values({
        studentId,
        schoolId,
        date: date(day),
        status,
        checkInAt: at,
        createdAt: at ?? date(day),
        updatedAt: at ?? date(day),
      })
      .execute();
  }
  /** A check-in on every listed day except the exceptions (status by day). */
  async function attend(
    studentId: number,
    days: number[],
    exceptions: Record<number, 'LATE' | 'NONE' | 'ABSENT' | 'EXCUSED'> = {},
  ) {
    for (const d of days) {
      const e = exceptions[d];
      if (e === 'NONE') continue;
      if (e === 'ABSENT' || e === 'EXCUSED') await record(studentId, d, e, null);
      else await record(studentId, d, e ?? 'PRESENT', e === 'LATE' ? '08:05' : '07:20');
    }
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { name: 'Rizal National High School' })).id;
    await t.app.db.updateTable('schools').set({ depedSchoolId: '305976', timezone: TZ }).where('id', '=', schoolId).execute();
    const year = await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.statusCode).toBe(200);
    // The school holds classes on All Souls' Day (a special non-working day it lifts): November has 18 class days.
    const lift = await api({ method: 'DELETE', url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days/2026-11-02` });
    expect(lift.json().message).toBe('Holiday lifted: classes are held that day');
    const grade = await api({ method: 'POST', url: '/api/super-admin/grades', payload: { name: 'Grade 7', level: 7, schoolId } });
    const section = await api({
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Rizal', gradeId: grade.json().data.id, schoolId, adviserName: 'Maria L. Santos' },
    });
    sectionId = section.json().data.id;

    const onRoll = (from = 1, to = 30) => [...DAYS, 18, 30].filter((d) => d >= from && d <= to);
    const santos = await learner({ first: 'Juan', middle: 'Reyes', last: 'Santos', gender: 'MALE', enrolmentDate: '2026-06-08' });
    await attend(santos, onRoll(), { 3: 'NONE', 4: 'LATE', 5: 'ABSENT' });
    const abad = await learner({ first: 'Carlo', last: 'Abad', gender: 'MALE', enrolmentDate: '2026-06-08' });
    await attend(abad, onRoll(), { 9: 'NONE', 10: 'NONE', 11: 'NONE', 12: 'NONE', 13: 'NONE', 23: 'LATE', 24: 'LATE' });
    // Registered on 16 Nov at 08:30 Manila (00:30 UTC), no enrolment date given.
    const cruz = await learner({
      first: 'Pedro',
      middle: 'Luna',
      last: 'Cruz',
      gender: 'MALE',
      createdAt: '2026-11-16T00:30:00.000Z',
    });
    await attend(cruz, onRoll(16));
    const delaCruz = await learner({
      first: 'Maria',
      middle: 'Clara',
      last: 'Dela Cruz',
      gender: 'FEMALE',
      enrolmentDate: '2026-06-08',
    });
    await attend(delaCruz, onRoll(), { 2: 'LATE' });
    const bautista = await learner({
      first: 'Ana',
      middle: 'Lopez',
      last: 'Bautista',
      gender: 'FEMALE',
      enrolmentDate: '2026-06-10',
      leftOn: '2026-11-20',
      leftReason: 'TRANSFERRED_OUT',
      leftDetail: 'Mabini Elementary School',
    });
    await attend(bautista, onRoll(1, 19), { 6: 'EXCUSED' });
    await learner({
      first: 'Joy',
      last: 'Ramos',
      gender: 'FEMALE',
      enrolmentDate: '2026-06-08',
      leftOn: '2026-10-15',
      leftReason: 'DROPPED_OUT',
    });

    // 18 Nov: taps came in from 07:20, then at 09:30 the division suspended classes (typhoon).
    const suspension = await api({
      method: 'POST',
      url: `/api/super-admin/schools/${schoolId}/calendar/no-class-days`,
      payload: { date: '2026-11-18', name: 'Typhoon Tino', kind: 'SUSPENSION' },
    });
    expect(suspension.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('the preview data has the exact header, class days, marks, totals and summary', async () => {
    const res = await api({ method: 'GET', url: sf2Url('month=2026-11') });
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form.header).toEqual({
      schoolId: '305976',
      schoolYear: '2026-2027',
      month: '2026-11',
      monthName: 'NOVEMBER 2026',
      schoolName: 'Rizal National High School',
      gradeLevel: 'Grade 7',
      section: 'Rizal',
    });
    expect(form.days.map((d: { dayOfMonth: number }) => d.dayOfMonth)).toEqual(DAYS);
    expect(form.days.map((d: { letter: string }) => d.letter)).toEqual(LETTERS);
    const groups = form.groups.map((g: { learners: Array<Record<string, unknown>> }) => ({
      ...g,
      learners: g.learners.map(({ studentId: _id, ...l }) => l),
    }));
    expect(groups).toEqual(EXPECTED_GROUPS);
    expect(form.combinedPerDay).toEqual(COMBINED);
    expect(form.summary).toEqual(SUMMARY);
    // The adviser signs; no school head named yet: a blank line to sign on. Once named, the head attests.
    expect(form.certification).toEqual({ adviser: 'Maria L. Santos', schoolHead: null });
    await t.app.db.updateTable('schools').set({ schoolHeadName: 'Jose P. Reyes' }).where('id', '=', schoolId).execute();
    const attested = (await api({ method: 'GET', url: sf2Url('month=2026-11') })).json().data as { certification: unknown };
    expect(attested.certification).toEqual({ adviser: 'Maria L. Santos', schoolHead: 'Jose P. Reyes' });
    await t.app.db.updateTable('schools').set({ schoolHeadName: null }).where('id', '=', schoolId).execute();
  });

  it('the XLSX holds the same values in its cells, tardy days shaded in their upper half, landscape on one page width', async () => {
    const res = await api({ method: 'GET', url: sf2Url('month=2026-11&format=xlsx') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Named by school, grade, section and month.
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="SF2-Rizal-National-High-School-Grade-7-Rizal-2026-11.xlsx"',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('SF2')!;
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    expect(values(3)).toContain('305976');
    const cells = ws
      .getSheetValues()
      .flatMap((r) => (Array.isArray(r) ? r : []))
      .filter((v) => typeof v === 'string');
    expect(cells).toEqual(
      expect.arrayContaining(['I certify that this is a true and correct report.', 'Maria L. Santos', 'Attested by:']),
    );
    expect(values(3)).toContain('2026-2027');
    expect(values(3)).toContain('NOVEMBER 2026');
    expect(values(4)).toEqual(expect.arrayContaining(['Rizal National High School', 'Grade 7', 'Rizal']));
    expect(values(7).slice(2, 2 + DAYS.length)).toEqual(DAYS);
    expect(values(8).slice(2, 2 + DAYS.length)).toEqual(LETTERS);

    // Learner rows follow the three header rows: each group's learners, then its TOTAL Per Day row.
    const n = DAYS.length;
    let r = 9;
    for (const group of EXPECTED_GROUPS) {
      group.learners.forEach((l, i) => {
        const cells = values(r);
        expect(cells[0]).toBe(i + 1);
        expect(cells[1]).toBe(l.name);
        expect(cells.slice(2, 2 + n).map((v) => v ?? '')).toEqual(l.marks.map((m) => (m === 'x' ? 'x' : '')));
        expect(cells[2 + n]).toBe(l.absent);
        expect(cells[3 + n]).toBe(l.tardy);
        expect(cells[4 + n] ?? '').toBe(l.remarks);
        l.marks.forEach((m, j) => {
          const fill = ws.getRow(r).getCell(3 + j).fill as ExcelJS.Fill | undefined;
          expect(fill?.type === 'gradient', `${l.name} ${DAYS[j]}`).toBe(m === 'T');
        });
        r++;
      });
      expect(values(r)[1]).toBe(`${group.label} | TOTAL Per Day`);
      expect(values(r).slice(2, 2 + n)).toEqual(group.presentPerDay);
      r++;
    }
    expect(values(r)[1]).toBe('Combined TOTAL PER DAY');
    expect(values(r).slice(2, 2 + n)).toEqual(COMBINED);

    const summary = new Map<string, unknown[]>();
    ws.eachRow((row) => {
      const v = (row.values as unknown[]).slice(1);
      if (typeof v[1] === 'string') summary.set(v[1], [v[2], v[4], v[6]]);
    });
    expect(summary.get('* Enrolment as of (1st Friday of the school year)')).toEqual([2, 3, 5]);
    expect(summary.get('Late Enrolment during the month (beyond cut-off)')).toEqual([1, 0, 1]);
    expect(summary.get('Registered Learners as of end of the month')).toEqual([3, 1, 4]);
    expect(summary.get('Percentage of Enrolment as of end of the month')).toEqual([150, 33.33, 80]);
    expect(summary.get('Average Daily Attendance')).toEqual([2.11, 1.63, 3.74]);
    expect(summary.get('Percentage of Attendance for the month')).toEqual([70.18, 163.16, 93.42]);
    expect(summary.get('Number of students absent for 5 consecutive days')).toEqual([1, 0, 1]);
    expect(summary.get('Transferred out')).toEqual([0, 1, 1]);
    expect([...summary.keys()]).toContain('Month: NOVEMBER 2026');
  });

  it('the PDF (made on the server) carries the same content: its text has every learner’s marks and totals', async () => {
    const res = await api({ method: 'GET', url: sf2Url('month=2026-11&format=pdf') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('School Form 2 (SF2) Daily Attendance Report of Learners');
    expect(flat).toContain('School ID: 305976');
    expect(flat).toContain('School Year: 2026-2027');
    expect(flat).toContain('Report for the Month of: NOVEMBER 2026');
    expect(flat).toContain('Name of School: Rizal National High School');
    expect(flat).toContain('Grade Level: Grade 7');
    expect(flat).toContain('Section: Rizal');
    // Each day's column: its date over its day letter.
    expect(flat).toContain(`${DAYS.map((d, i) => `${d} ${LETTERS[i]}`).join(' ')} ABSENT TARDY REMARKS`);
    // A learner's line: number, name, the x marks in day order, absent, tardy, remarks.
    for (const group of EXPECTED_GROUPS) {
      group.learners.forEach((l, i) => {
        const xs = l.marks.filter((m) => m === 'x');
        const line = [String(i + 1), l.name, ...xs, String(l.absent), String(l.tardy), l.remarks].filter(Boolean).join(' ');
        expect(flat, l.name).toContain(line);
      });
      expect(flat).toContain(`${group.label} | TOTAL Per Day ${group.presentPerDay.join(' ')}`);
    }
    expect(flat).toContain(`Combined TOTAL PER DAY ${COMBINED.join(' ')}`);
    expect(flat).toContain('Summary for the Month M F TOTAL');
    expect(flat).toContain(
      'I certify that this is a true and correct report. Maria L. Santos (Signature of Teacher over Printed Name)',
    );
    expect(flat).toContain('Attested by:');
    expect(flat).toContain('* Enrolment as of (1st Friday of the school year) 2 3 5');
    expect(flat).toContain('Late Enrolment during the month (beyond cut-off) 1 0 1');
    expect(flat).toContain('Registered Learners as of end of the month 3 1 4');
    expect(flat).toContain('Percentage of Enrolment as of end of the month 150.00 33.33 80.00');
    expect(flat).toContain('Average Daily Attendance 2.11 1.63 3.74');
    expect(flat).toContain('Percentage of Attendance for the month 70.18 163.16 93.42');
    expect(flat).toContain('Number of students absent for 5 consecutive days 1 0 1');
    expect(flat).toContain('Transferred out 0 1 1');
    expect(flat).toContain('No. of Days of Classes: 19');
  });

  it('the whole school comes as one ZIP with a file per section', async () => {
    const other = await api({
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: {
        name: 'Bonifacio',
        gradeId: (await t.app.db.selectFrom('sections').select('gradeId').where('id', '=', sectionId).executeTakeFirstOrThrow())
          .gradeId,
        schoolId,
      },
    });
    expect(other.statusCode).toBe(201);
    const res = await api({ method: 'GET', url: `/api/super-admin/schools/${schoolId}/sf2.zip?month=2026-11&format=pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const names = zipEntryNames(res.rawPayload);
    expect(names.sort()).toEqual([
      'SF2-Rizal-National-High-School-Grade-7-Bonifacio-2026-11.pdf',
      'SF2-Rizal-National-High-School-Grade-7-Rizal-2026-11.pdf',
    ]);
    expect(res.headers['content-disposition']).toBe('attachment; filename="SF2-Rizal-National-High-School-2026-11-pdf.zip"');
  });

  it('a form without the School ID, or with a learner whose sex is not recorded, names what to fix; its files are 400', async () => {
    const school = (await createSchool(t.app, token, { name: 'Unfinished School', acronym: 'UFS' })).id;
    await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${school}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    const grade = await api({
      method: 'POST',
      url: '/api/super-admin/grades',
      payload: { name: 'Grade 8', level: 8, schoolId: school },
    });
    const section = await api({
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { name: 'Mabini', gradeId: grade.json().data.id, schoolId: school },
    });
    const sectionOf = section.json().data.id as number;
    const row = await t.app.db
      .insertInto('students')
      .values({
        firstName: 'Noel',
        lastName: 'Unsexed',
        gender: null,
        email: 'sf2-unsexed@school.test',
        passwordHash: 'x',
        lrn: '399999999999',
        parentPhone: '+639171234567',
        schoolId: school,
        gradeId: grade.json().data.id,
        sectionId: sectionOf,
        enrolmentDate: '2026-06-08',
        createdAt: '2026-06-01T00:00:00.000Z',
        updatedAt: '2026-06-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = (q: string) => `/api/super-admin/schools/${school}/sections/${sectionOf}/sf2?month=2026-11&${q}`;
    const preview = await api({ method: 'GET', url: url('format=json') });
    expect(preview.json().data.missing).toEqual({
      schoolId: true,
      sex: [{ studentId: row.id, name: 'UNSEXED, Noel', lrn: '399999999999' }],
    });
    expect(preview.json().data.groups.flatMap((g: { learners: unknown[] }) => g.learners)).toEqual([]);

    const noId = await api({ method: 'GET', url: url('format=xlsx') });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(SF2_MESSAGES.noSchoolId);
    await t.app.db.updateTable('schools').set({ depedSchoolId: '305977' }).where('id', '=', school).execute();
    const noSex = await api({ method: 'GET', url: url('format=pdf') });
    expect(noSex.statusCode).toBe(400);
    expect(noSex.json().message).toBe('Record the sex of this learner before making the form: UNSEXED, Noel');
    const zip = await api({ method: 'GET', url: `/api/super-admin/schools/${school}/sf2.zip?month=2026-11&format=xlsx` });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toBe(SF2_MESSAGES.noSex(['UNSEXED, Noel']));

    await t.app.db.updateTable('students').set({ gender: 'MALE' }).where('id', '=', row.id).execute();
    expect((await api({ method: 'GET', url: url('format=xlsx') })).statusCode).toBe(200);
  });

  it('refuses a bad month, a section of another school, a school without a school year, a month outside it', async () => {
    const bad = await api({ method: 'GET', url: sf2Url('month=2026-13') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SF2_MESSAGES.month);
    const format = await api({ method: 'GET', url: sf2Url('month=2026-11&format=docx') });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(SF2_MESSAGES.format);
    const outside = await api({ method: 'GET', url: sf2Url('month=2027-05') });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(SF2_MESSAGES.outsideYear);
    const otherSchool = (await createSchool(t.app, token)).id;
    const noYear = await api({
      method: 'GET',
      url: `/api/super-admin/schools/${otherSchool}/sections/${sectionId}/sf2?month=2026-11`,
    });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().message).toBe(SF2_MESSAGES.noYear);
    await api({
      method: 'PUT',
      url: `/api/super-admin/schools/${otherSchool}/calendar/school-year`,
      payload: { start: '2026-06-08', end: '2027-04-09' },
    });
    const foreign = await api({
      method: 'GET',
      url: `/api/super-admin/schools/${otherSchool}/sections/${sectionId}/sf2?month=2026-11`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SF2_MESSAGES.sectionNotFound);
    expect(
      (await api({ method: 'GET', url: `/api/super-admin/schools/999999/sections/${sectionId}/sf2?month=2026-11` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: sf2Url('month=2026-11') })).statusCode).toBe(401);
  });
});
