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

/**
 * The day columns a sheet has at least (blank ones after the month's class days, as the paper form has more day
 * columns than a short month uses): the header's boxes and the summary's M / F / TOTAL need the room.
 */
const MIN_DAY_COLUMNS = 12;
const BLANK_LINE = '______________________________';
/** SF2's REMARKS head, in DepEd's words. */
export const SF2_REMARKS_HEAD =
  'REMARKS (If DROPPED OUT, state reason, please refer to legend number 2. If TRANSFERRED IN/OUT, write the name of School.)';

/**
 * The header's boxes as [from, to] columns, label then value, three pairs a row: the first label over No. and the
 * name column, its value over about half the day columns, the second pair over the rest but the last two, the third
 * label over those two and ABSENT and TARDY, its value over REMARKS.
 */
function headerBoxes(firstDay: number, dayColumns: number): Array<[number, number]> {
  const lastDay = firstDay + dayColumns - 1;
  const rest = dayColumns - 2;
  const quarter = Math.max(2, Math.round(rest / 4));
  const value1End = firstDay + rest - 2 * quarter - 1;
  return [
    [1, 2],
    [firstDay, value1End],
    [value1End + 1, value1End + quarter],
    [value1End + quarter + 1, lastDay - 2],
    [lastDay - 1, lastDay + 2],
    [lastDay + 3, lastDay + 3],
  ];
}

/**
 * The sheet as DepEd's form lays it out, with its merged cells: the title and subtitle across the page; School ID,
 * School Year and Report for the Month of, then Name of School, Grade Level and Section, each label and value in its
 * box; the grid's head over three rows (No. and LEARNER'S NAME down all three, the date/day note over the day numbers
 * and weekday letters, Total for the Month over ABSENT and TARDY, REMARKS down all three); the summary block (its
 * labels, M / F / TOTAL each over two columns); the certification lines.
 */
export function addSf2Sheet(workbook: ExcelJS.Workbook, form: Sf2Form, sheetName = 'SF2'): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(sheetName.slice(0, 31), {
    pageSetup: { orientation: 'landscape', paperSize: 5, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const n = form.days.length;
  const firstDay = 3;
  const dayColumns = Math.max(n, MIN_DAY_COLUMNS);
  const lastDay = firstDay + dayColumns - 1;
  const absentCol = lastDay + 1;
  const [tardyCol, remarksCol] = [absentCol + 1, absentCol + 2];
  const widths = [5, 34, ...Array.from({ length: dayColumns }, () => 4.2), 8, 8, 30];
  ws.columns = widths.map((width) => ({ width }));
  /** A row's day cells, padded to the sheet's day columns. */
  const pad = <T>(values: T[]) => [...values, ...Array.from({ length: dayColumns - n }, () => '')];
  const merge = (row: number, from: number, to: number, rowTo = row) => {
    if (to > from || rowTo > row) ws.mergeCells(row, from, rowTo, to);
  };
  const box = (row: number, from: number, to: number) => {
    for (let c = from; c <= to; c++) ws.getCell(row, c).border = BORDER;
  };
  const line = (text: string, from = 2, to = remarksCol) => {
    const row = ws.addRow([]);
    row.getCell(from).value = text;
    merge(row.number, from, to);
    return row;
  };

  line('School Form 2 (SF2) Daily Attendance Report of Learners', 1).font = { bold: true, size: 14 };
  line('(This replaces Form 1, Form 2 & STS Form 4 - Absenteeism and Dropout Profile)', 1).font = { italic: true };
  for (const r of [1, 2]) ws.getRow(r).alignment = { horizontal: 'center' };
  const runs = headerBoxes(firstDay, dayColumns);
  const { header: h } = form;
  for (const pairs of [
    [
      ['School ID', h.schoolId],
      ['School Year', h.schoolYear],
      ['Report for the Month of', h.monthName],
    ],
    [
      ['Name of School', h.schoolName],
      ['Grade Level', h.gradeLevel],
      ['Section', h.section],
    ],
  ]) {
    const row = ws.addRow([]);
    pairs.forEach(([label, value], k) => {
      const [[lf, lt], [vf, vt]] = [runs[2 * k]!, runs[2 * k + 1]!];
      row.getCell(lf).value = label;
      row.getCell(lf).alignment = { horizontal: 'right', vertical: 'middle', shrinkToFit: true };
      row.getCell(vf).value = value;
      row.getCell(vf).alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
      row.getCell(vf).font = { bold: true };
      merge(row.number, lf, lt);
      merge(row.number, vf, vt);
      box(row.number, vf, vt);
    });
  }
  ws.addRow([]);

  const head1 = ws.addRow([]);
  const head2 = ws.addRow(['', '', ...pad(form.days.map((d) => d.dayOfMonth)), 'ABSENT', 'TARDY', '']);
  const head3 = ws.addRow(['', '', ...pad(form.days.map((d) => d.letter)), '', '', '']);
  const [r1, r3] = [head1.number, head3.number];
  head1.getCell(1).value = 'No.';
  head1.getCell(2).value = "LEARNER'S NAME (Last Name, First Name, Middle Name)";
  head1.getCell(firstDay).value = '(1st row for date, 2nd row for Day: M,T,W,TH,F)';
  head1.getCell(absentCol).value = 'Total for the Month';
  head1.getCell(remarksCol).value = SF2_REMARKS_HEAD;
  merge(r1, 1, 1, r3);
  merge(r1, 2, 2, r3);
  merge(r1, firstDay, lastDay);
  merge(r1, absentCol, tardyCol);
  merge(head2.number, absentCol, absentCol, r3);
  merge(head2.number, tardyCol, tardyCol, r3);
  merge(r1, remarksCol, remarksCol, r3);
  for (const row of [head1, head2, head3]) {
    row.font = { bold: true, size: row === head1 ? 9 : 11 };
    row.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    box(row.number, 1, remarksCol);
  }
  head1.height = 42;
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: r3 }];

  const perDay = (values: Array<number | null>) => pad(values.map((v) => v ?? ''));
  for (const group of form.groups) {
    group.learners.forEach((l, i) => {
      const row = ws.addRow([i + 1, l.name, ...pad(l.marks.map((m) => (m === 'x' ? 'x' : ''))), l.absent, l.tardy, l.remarks]);
      l.marks.forEach((m, j) => {
        const cell = row.getCell(firstDay + j);
        cell.alignment = { horizontal: 'center' };
        if (m === 'T') cell.fill = TARDY_FILL;
        if (m == null) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
      });
      box(row.number, 1, remarksCol);
    });
    const total = ws.addRow(['', `${group.label} | TOTAL Per Day`, ...perDay(group.presentPerDay), '', '', '']);
    total.font = { bold: true };
    box(total.number, 1, remarksCol);
  }
  const combined = ws.addRow(['', 'Combined TOTAL PER DAY', ...perDay(form.combinedPerDay), '', '', '']);
  combined.font = { bold: true };
  box(combined.number, 1, remarksCol);
  ws.getColumn(absentCol).alignment = { horizontal: 'center' };
  ws.getColumn(tardyCol).alignment = { horizontal: 'center' };

  ws.addRow([]);
  const legend = line(`GUIDELINES: CODES FOR CHECKING ATTENDANCE: ${SF2_LEGEND}`);
  legend.alignment = { wrapText: true, vertical: 'top' };
  // The summary block: its labels in B, M / F / TOTAL over two columns each (C:D, E:F, G:H).
  const figures = [3, 5, 7] as const;
  const month = ws.addRow(['', `Month: ${h.monthName}`]);
  month.getCell(7).value = `No. of Days of Classes: ${form.summary.schoolDays}`;
  merge(month.number, 7, lastDay);
  const summaryRow = (label: string, values: Array<string | number>) => {
    const row = ws.addRow(['', label]);
    figures.forEach((c, k) => {
      row.getCell(c).value = values[k]!;
      row.getCell(c).alignment = { horizontal: 'center' };
      merge(row.number, c, c + 1);
    });
    box(row.number, 2, 8);
    return row;
  };
  summaryRow('Summary for the Month', ['M', 'F', 'TOTAL']).font = { bold: true };
  for (const [key, label] of SUMMARY_ROWS) {
    const v = form.summary[key] as { male: number | null; female: number | null; total: number | null };
    const row = summaryRow(label, [v.male ?? '-', v.female ?? '-', v.total ?? '-']);
    if (isRate(key)) for (const c of figures) row.getCell(c).numFmt = '0.00';
  }
  line(`* Beginning of School Year cut-off report is every 1st Friday of the School Year (${form.summary.enrolmentCutoff})`);
  // The certification (B:H, under the summary): the adviser signs, the school head attests, each on a line.
  const { certification: who } = form;
  const signLines: Array<[string, 'statement' | 'name' | 'caption']> = [
    [SF2_CERTIFICATION.statement, 'statement'],
    [who.adviser ?? BLANK_LINE, 'name'],
    [SF2_CERTIFICATION.adviser, 'caption'],
    [SF2_CERTIFICATION.attested, 'statement'],
    [who.schoolHead ?? BLANK_LINE, 'name'],
    [SF2_CERTIFICATION.head, 'caption'],
  ];
  for (const [text, kind] of signLines) {
    if (kind === 'statement') ws.addRow([]);
    const row = line(text, 2, 8);
    row.alignment = { horizontal: kind === 'statement' ? 'left' : 'center' };
    if (kind === 'name') {
      row.font = { bold: true };
      for (let c = 2; c <= 8; c++) row.getCell(c).border = { bottom: THIN };
    }
    if (kind === 'caption') row.font = { italic: true, size: 9 };
  }
  return ws;
}

export async function sf2Xlsx(form: Sf2Form): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'School attendance platform';
  addSf2Sheet(workbook, form);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
