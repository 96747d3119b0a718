import ExcelJS from 'exceljs';
import { SF4_MOVEMENTS, type Sf4Form, type Sf4Row } from '@domain/sf4';

/*
 * SF4 as an Excel workbook: a row per section with its adviser, the registered learners, average daily attendance and
 * percentage of attendance (M, F, T), then each movement as of the previous month, for the month and cumulative
 * (M, F, T each); the school's totals last. Headers merged over their columns as the form has them. Landscape, legal.
 */

const THIN = { style: 'thin' as const };
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const MFT = ['M', 'F', 'T'];

type Cells = Array<string | number | null>;
const mft = (t: { male: number | null; female: number | null; total: number | null }): Cells => [t.male, t.female, t.total];

function figures(r: Omit<Sf4Row, 'grade' | 'section' | 'adviser'>): Cells {
  return [
    ...mft(r.registered),
    ...mft(r.averageDailyAttendance),
    ...mft(r.percentAttendance),
    ...SF4_MOVEMENTS.flatMap(([key]) => [...mft(r[key].previous), ...mft(r[key].month), ...mft(r[key].cumulative)]),
  ];
}

export async function sf4Xlsx(form: Sf4Form): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'School attendance platform';
  const ws = workbook.addWorksheet('SF4', {
    pageSetup: { orientation: 'landscape', paperSize: 5, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = [{ width: 14 }, { width: 16 }, { width: 24 }, ...Array.from({ length: 36 }, () => ({ width: 6 }))];
  ws.addRow(["School Form 4 (SF4) Monthly Learner's Movement and Attendance"]).font = { bold: true, size: 14 };
  ws.addRow([
    'School ID',
    form.header.schoolId,
    'School Year',
    form.header.schoolYear,
    '',
    'Report for the Month of',
    '',
    '',
    form.header.monthName,
  ]);
  ws.addRow(['Name of School', form.header.schoolName]);
  ws.addRow([]);

  // Two header rows: the groups merged over their columns, then M / F / T under each.
  const top = ws.addRow(['GRADE/ YEAR LEVEL', 'SECTION', 'NAME OF ADVISER', 'REGISTERED LEARNERS (As of End of the Month)']);
  const groups: Array<[number, string]> = [
    [4, 'REGISTERED LEARNERS (As of End of the Month)'],
    [7, 'ATTENDANCE: Daily Average'],
    [10, 'ATTENDANCE: Percentage for the Month'],
  ];
  SF4_MOVEMENTS.forEach(([, label], i) => {
    const first = 13 + i * 9;
    groups.push(
      [first, `${label}: (A) as of previous month`],
      [first + 3, `${label}: (B) for the month`],
      [first + 6, `${label}: (A+B) cumulative as of end of the month`],
    );
  });
  for (const [col, label] of groups) {
    top.getCell(col).value = label;
    ws.mergeCells(top.number, col, top.number, col + 2);
  }
  const sub = ws.addRow(['', '', '', ...groups.flatMap(() => MFT)]);
  for (const c of [1, 2, 3]) ws.mergeCells(top.number, c, sub.number, c);
  for (const row of [top, sub]) {
    row.font = { bold: true };
    row.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    for (let c = 1; c <= 3 + groups.length * 3; c++) row.getCell(c).border = BORDER;
  }
  top.height = 48;

  const line = (cells: Cells, bold = false) => {
    const row = ws.addRow(cells);
    if (bold) row.font = { bold: true };
    for (let c = 1; c <= cells.length; c++) row.getCell(c).border = BORDER;
    for (const c of [7, 8, 9, 10, 11, 12]) row.getCell(c).numFmt = '0.00';
  };
  for (const r of form.rows) line([r.grade, r.section, r.adviser ?? '', ...figures(r)]);
  line(['TOTAL', '', '', ...figures(form.total)], true);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
