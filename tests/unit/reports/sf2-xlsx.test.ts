import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SF2_CERTIFICATION, SF2_LEGEND } from '@domain/sf2';
import { buildSf2, type Sf2Input, type Sf2Learner } from '../../../server/features/reports/sf2-form';
import { SF2_REMARKS_HEAD, sf2Xlsx } from '../../../server/features/reports/sf2-xlsx';

/*
 * SF2's XLSX read back with exceljs: the merged cells a division office expects of DepEd's form — the title, the
 * header's label and value boxes, the grid's three-row head, the summary block and the certification lines — and
 * that a month with few class days still gets every box, none overlapping another.
 */
const learner = (id: number, gender: string, lastName: string): Sf2Learner => ({
  id,
  firstName: 'Ana',
  middleName: null,
  lastName,
  gender,
  enrolmentDate: '2026-06-08',
  leftOn: null,
  leftReason: null,
  transferInFrom: null,
  leftDetail: null,
  lrn: `10000000000${id}`,
});
const input: Sf2Input = {
  school: { name: 'San Jose National High School', depedSchoolId: '305976' },
  schoolYear: { start: '2026-06-08', end: '2027-04-09' },
  month: '2026-11',
  grade: { name: 'Grade 7', level: 7 },
  sectionName: 'Rizal',
  adviserName: 'Ma. Lourdes P. Villanueva',
  schoolHeadName: 'Dr. Rosalinda M. Evangelista',
  schoolDays: [1, 2, 3, 4, 5],
  noClassDays: [],
  lastMarkedDay: '2026-12-01',
  learners: [learner(1, 'MALE', 'Bautista'), learner(2, 'FEMALE', 'Cruz')],
  records: [],
};

async function sheet(form: Sf2Input) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await sf2Xlsx(buildSf2(form))) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('SF2')!;
  const merges = ws.model.merges;
  /** The text of a merged range's first cell; the range must be merged exactly so. */
  const merged = (range: string) => {
    expect(merges, range).toContain(range);
    return ws.getCell(range.split(':')[0]!).value;
  };
  return { ws, merges, merged };
}

describe("SF2 XLSX: the merged cells of DepEd's form", () => {
  it('a month of 21 class days (days in C:W, ABSENT X, TARDY Y, REMARKS Z)', async () => {
    const { merged, ws } = await sheet(input);
    // The title and its subtitle across the page.
    expect(merged('A1:Z1')).toBe('School Form 2 (SF2) Daily Attendance Report of Learners');
    expect(merged('A2:Z2')).toBe('(This replaces Form 1, Form 2 & STS Form 4 - Absenteeism and Dropout Profile)');
    // The header: each label and value in its own box, School ID / School Year / Report for the Month of, then
    // Name of School / Grade Level / Section beneath them.
    expect([merged('A3:B3'), merged('C3:K3'), merged('L3:P3'), merged('Q3:U3'), merged('V3:Y3')]).toEqual([
      'School ID',
      '305976',
      'School Year',
      '2026-2027',
      'Report for the Month of',
    ]);
    expect(ws.getCell('Z3').value).toBe('NOVEMBER 2026');
    expect([merged('A4:B4'), merged('C4:K4'), merged('L4:P4'), merged('Q4:U4'), merged('V4:Y4')]).toEqual([
      'Name of School',
      'San Jose National High School',
      'Grade Level',
      'Grade 7',
      'Section',
    ]);
    expect(ws.getCell('Z4').value).toBe('Rizal');
    // The grid's head: No., LEARNER'S NAME and REMARKS down its three rows; the date/day note over the day numbers
    // (row 7) and weekday letters (row 8); Total for the Month over ABSENT and TARDY.
    expect(merged('A6:A8')).toBe('No.');
    expect(merged('B6:B8')).toBe("LEARNER'S NAME (Last Name, First Name, Middle Name)");
    expect(merged('C6:W6')).toBe('(1st row for date, 2nd row for Day: M,T,W,TH,F)');
    expect([ws.getCell('C7').value, ws.getCell('W7').value, ws.getCell('C8').value, ws.getCell('W8').value]).toEqual([
      2,
      30,
      'M',
      'M',
    ]);
    expect(merged('X6:Y6')).toBe('Total for the Month');
    expect([merged('X7:X8'), merged('Y7:Y8')]).toEqual(['ABSENT', 'TARDY']);
    expect(merged('Z6:Z8')).toBe(SF2_REMARKS_HEAD);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 8 });
    // Learners from row 9: MALE, its total, FEMALE, its total, the combined total; then the legend across the page.
    expect([9, 10, 11, 12, 13].map((r) => ws.getCell(`B${r}`).value)).toEqual([
      'BAUTISTA, Ana',
      'MALE | TOTAL Per Day',
      'CRUZ, Ana',
      'FEMALE | TOTAL Per Day',
      'Combined TOTAL PER DAY',
    ]);
    expect(merged('B15:Z15')).toBe(`GUIDELINES: CODES FOR CHECKING ATTENDANCE: ${SF2_LEGEND}`);
    // The summary block: Month and No. of Days of Classes, then M / F / TOTAL each over two columns, row by row.
    expect(ws.getCell('B16').value).toBe('Month: NOVEMBER 2026');
    expect(merged('G16:W16')).toBe('No. of Days of Classes: 21');
    expect(ws.getCell('B17').value).toBe('Summary for the Month');
    expect([merged('C17:D17'), merged('E17:F17'), merged('G17:H17')]).toEqual(['M', 'F', 'TOTAL']);
    expect(ws.getCell('B18').value).toBe('* Enrolment as of (1st Friday of the school year)');
    expect([merged('C18:D18'), merged('E18:F18'), merged('G18:H18')]).toEqual([1, 1, 2]);
    expect(ws.getCell('B27').value).toBe('Transferred in');
    expect([merged('C27:D27'), merged('E27:F27'), merged('G27:H27')]).toEqual([0, 0, 0]);
    expect(merged('B28:Z28')).toBe(
      '* Beginning of School Year cut-off report is every 1st Friday of the School Year (2026-06-12)',
    );
    // The certification: the statement, the adviser's name on the signature line and its caption; Attested by:, the
    // school head's name and caption.
    expect(['B30:H30', 'B31:H31', 'B32:H32', 'B34:H34', 'B35:H35', 'B36:H36'].map((range) => merged(range))).toEqual([
      SF2_CERTIFICATION.statement,
      'Ma. Lourdes P. Villanueva',
      SF2_CERTIFICATION.adviser,
      SF2_CERTIFICATION.attested,
      'Dr. Rosalinda M. Evangelista',
      SF2_CERTIFICATION.head,
    ]);
    expect(ws.getCell('B31').border?.bottom?.style).toBe('thin');
  });

  it('a month of two class days keeps every box, none overlapping another (blank day columns C:N make the room)', async () => {
    // The school year starts on Monday 29 June: June has two class days.
    const { merges, merged, ws } = await sheet({
      ...input,
      month: '2026-06',
      schoolYear: { start: '2026-06-29', end: '2027-04-09' },
      adviserName: null,
    });
    expect([ws.getCell('C7').value, ws.getCell('D7').value, ws.getCell('E7').value]).toEqual([29, 30, '']);
    expect([merged('C6:N6'), merged('O6:P6'), merged('O7:O8'), merged('P7:P8'), merged('Q6:Q8')]).toEqual([
      '(1st row for date, 2nd row for Day: M,T,W,TH,F)',
      'Total for the Month',
      'ABSENT',
      'TARDY',
      SF2_REMARKS_HEAD,
    ]);
    expect(merged('A1:Q1')).toBe('School Form 2 (SF2) Daily Attendance Report of Learners');
    expect(merged('A3:B3')).toBe('School ID');
    expect(merged('A4:B4')).toBe('Name of School');
    const header = (row: number) => merges.filter((m) => new RegExp(`^[A-Z]+${row}:[A-Z]+${row}$`).test(m)).map((m) => merged(m));
    expect(header(3)).toEqual(['School ID', '305976', 'School Year', '2026-2027', 'Report for the Month of']);
    expect(header(4)).toEqual(['Name of School', 'San Jose National High School', 'Grade Level', 'Grade 7', 'Section']);
    expect(ws.getCell('Q3').value).toBe('JUNE 2026');
    expect(merged('G16:N16')).toBe('No. of Days of Classes: 2');
    // The adviser's line left blank to sign on.
    expect(merged('B31:H31')).toBe('______________________________');
    // No cell belongs to two merged ranges.
    const cells = merges.flatMap((m) => {
      const [from, to] = m.split(':').map((a) => ws.getCell(a!));
      const out: string[] = [];
      for (let r = Number(from!.row); r <= Number(to!.row); r++)
        for (let c = Number(from!.col); c <= Number(to!.col); c++) out.push(`${r},${c}`);
      return out;
    });
    expect(new Set(cells).size).toBe(cells.length);
  });
});
