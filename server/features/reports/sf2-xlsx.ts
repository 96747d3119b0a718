import ExcelJS from 'exceljs';
import { isRate, SF2_CERTIFICATION, SF2_LEGEND, SUMMARY_ROWS, type Sf2Form } from '@domain/sf2';

/*
 * SF2 as an Excel workbook: real values in cells (names, marks 'x', totals and rates as numbers), landscape,
 * fitted to one page wide on legal paper. A tardy day is shaded in its upper half, as the form marks a late comer.
 */

const THIN = { style: 'thin' as const };
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
export const TARDY_FILL: ExcelJS.Fill = {
  type: 'gradient',
  gradient: 'angle',
  degree: 90,
  stops: [
    { position: 0, color: { argb: 'FF7F7F7F' } },
    { position: 0.5, color: { argb: 'FF7F7F7F' } },
    { position: 0.5001, color: { argb: 'FFFFFFFF' } },
    { position: 1, color: { argb: 'FFFFFFFF' } },
  ],
};

export function addSf2Sheet(workbook: ExcelJS.Workbook, form: Sf2Form, sheetName = 'SF2'): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(sheetName.slice(0, 31), {
    pageSetup: { orientation: 'landscape', paperSize: 5, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const n = form.days.length;
  const firstDay = 3;
  const absentCol = firstDay + n;
  const [tardyCol, remarksCol] = [absentCol + 1, absentCol + 2];
  ws.columns = [{ width: 5 }, { width: 34 }, ...form.days.map(() => ({ width: 4.2 })), { width: 8 }, { width: 8 }, { width: 30 }];

  ws.addRow(['School Form 2 (SF2) Daily Attendance Report of Learners']).font = { bold: true, size: 14 };
  ws.addRow(['(This replaces Form 1, Form 2 & STS Form 4 - Absenteeism and Dropout Profile)']).font = { italic: true };
  ws.addRow([
    'School ID',
    form.header.schoolId,
    'School Year',
    '',
    '',
    '',
    form.header.schoolYear,
    '',
    '',
    'Report for the Month of',
    '',
    '',
    '',
    form.header.monthName,
  ]);
  ws.addRow([
    'Name of School',
    form.header.schoolName,
    'Grade Level',
    '',
    '',
    '',
    form.header.gradeLevel,
    '',
    '',
    'Section',
    '',
    '',
    '',
    form.header.section,
  ]);
  ws.addRow([]);

  const head1 = ws.addRow([
    'No.',
    "LEARNER'S NAME (Last Name, First Name, Middle Name)",
    ...form.days.map((d) => d.dayOfMonth),
    'ABSENT',
    'TARDY',
    'REMARKS',
  ]);
  const head2 = ws.addRow([
    '',
    '(1st row for date, 2nd row for Day: M,T,W,TH,F)',
    ...form.days.map((d) => d.letter),
    'Total for the Month',
    '',
    '',
  ]);
  for (const row of [head1, head2]) {
    row.font = { bold: true };
    row.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    for (let c = 1; c <= remarksCol; c++) row.getCell(c).border = BORDER;
  }
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: head2.number }];

  const perDay = (values: Array<number | null>) => values.map((v) => v ?? '');
  for (const group of form.groups) {
    group.learners.forEach((l, i) => {
      const row = ws.addRow([i + 1, l.name, ...l.marks.map((m) => (m === 'x' ? 'x' : '')), l.absent, l.tardy, l.remarks]);
      l.marks.forEach((m, j) => {
        const cell = row.getCell(firstDay + j);
        cell.alignment = { horizontal: 'center' };
        if (m === 'T') cell.fill = TARDY_FILL;
        if (m == null) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
      });
      for (let c = 1; c <= remarksCol; c++) row.getCell(c).border = BORDER;
    });
    const total = ws.addRow(['', `${group.label} | TOTAL Per Day`, ...perDay(group.presentPerDay), '', '', '']);
    total.font = { bold: true };
    for (let c = 1; c <= remarksCol; c++) total.getCell(c).border = BORDER;
  }
  const combined = ws.addRow(['', 'Combined TOTAL PER DAY', ...perDay(form.combinedPerDay), '', '', '']);
  combined.font = { bold: true };
  for (let c = 1; c <= remarksCol; c++) combined.getCell(c).border = BORDER;
  ws.getColumn(absentCol).alignment = { horizontal: 'center' };
  ws.getColumn(tardyCol).alignment = { horizontal: 'center' };

  ws.addRow([]);
  ws.addRow(['', `GUIDELINES: CODES FOR CHECKING ATTENDANCE: ${SF2_LEGEND}`]);
  ws.addRow(['', `Month: ${form.header.monthName}`, '', '', '', '', `No. of Days of Classes: ${form.summary.schoolDays}`]);
  const summaryHead = ws.addRow(['', 'Summary for the Month', 'M', '', 'F', '', 'TOTAL']);
  summaryHead.font = { bold: true };
  for (const [key, label] of SUMMARY_ROWS) {
    const v = form.summary[key] as { male: number | null; female: number | null; total: number | null };
    const row = ws.addRow(['', label, v.male ?? '-', '', v.female ?? '-', '', v.total ?? '-']);
    if (isRate(key)) for (const c of [3, 5, 7]) row.getCell(c).numFmt = '0.00';
  }
  ws.addRow([
    '',
    `* Beginning of School Year cut-off report is every 1st Friday of the School Year (${form.summary.enrolmentCutoff})`,
  ]);
  // The certification: the adviser signs, the school head attests.
  const { certification: who } = form;
  ws.addRow([]);
  ws.addRow(['', SF2_CERTIFICATION.statement]);
  ws.addRow([]);
  ws.addRow(['', who.adviser ?? '______________________________']).font = { bold: true };
  ws.addRow(['', SF2_CERTIFICATION.adviser]);
  ws.addRow([]);
  ws.addRow(['', SF2_CERTIFICATION.attested]);
  ws.addRow(['', who.schoolHead ?? '______________________________']).font = { bold: true };
  ws.addRow(['', SF2_CERTIFICATION.head]);
  return ws;
}

export async function sf2Xlsx(form: Sf2Form): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'School attendance platform';
  addSf2Sheet(workbook, form);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
