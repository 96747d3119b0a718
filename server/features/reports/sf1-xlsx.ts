import ExcelJS from 'exceljs';
import { SF1_CERTIFICATION, SF1_COLUMNS, SF1_REMARKS_LEGEND, sf1Date, type Sf1Form } from '@domain/sf1';

/*
 * SF1 as an Excel workbook: one row per learner (males, their total, females, their total, combined), the column
 * groups (address, parents, guardian) merged over their columns as the form has them, the header's labels and values
 * merged over the wide columns; then the REMARKS codes, the registered learners at BoSY and EoSY (M / F / TOTAL) and
 * the signatures. Landscape, legal, one page wide; the name column and the headings stay in place.
 */

const THIN = { style: 'thin' as const };
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const WIDTHS = [14, 32, 6, 12, 7, 12, 12, 12, 20, 14, 16, 14, 26, 26, 22, 12, 15, 34];
const N = SF1_COLUMNS.length;

export async function sf1Xlsx(form: Sf1Form): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'School attendance platform';
  const ws = workbook.addWorksheet('SF1', {
    pageSetup: { orientation: 'landscape', paperSize: 5, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = WIDTHS.map((width) => ({ width }));
  const mergeRow = (row: number, from: number, to: number) => ws.mergeCells(row, from, row, to);

  const title = ws.addRow(['School Form 1 (SF 1) School Register']);
  title.font = { bold: true, size: 14 };
  mergeRow(title.number, 1, N);
  const sub = ws.addRow(['(This replaces Form 1, Master List & STS Form 2-Family Background and Profile)']);
  sub.font = { italic: true };
  mergeRow(sub.number, 1, N);
  for (const row of [title, sub]) row.alignment = { horizontal: 'center' };

  // The header: each label over one column, its value merged over the next ones.
  const h = form.header;
  const info: Array<[label: string, value: string, from: number, to: number]> = [
    ['School ID', h.schoolId, 2, 3],
    ['School Name', h.schoolName, 5, 8],
    ['School Year', h.schoolYear, 10, 11],
    ['Grade Level', h.gradeLevel, 13, 13],
    ['Section', h.section, 15, 18],
  ];
  const infoRow = ws.addRow([]);
  for (const [label, value, from, to] of info) {
    infoRow.getCell(from - 1).value = label;
    infoRow.getCell(from - 1).font = { bold: true };
    infoRow.getCell(from).value = value;
    if (to > from) mergeRow(infoRow.number, from, to);
    for (let c = from; c <= to; c++) infoRow.getCell(c).border = { bottom: THIN };
  }
  ws.addRow([]);

  // Two heading rows: a group (ADDRESS, PARENTS, GUARDIAN) merged over its columns above its columns' headings; a
  // column of no group merged down over both rows.
  const top = ws.addRow([]);
  const bottom = ws.addRow([]);
  SF1_COLUMNS.forEach(([group, heading], i) => {
    const col = i + 1;
    if (!group) {
      top.getCell(col).value = heading;
      ws.mergeCells(top.number, col, bottom.number, col);
      return;
    }
    bottom.getCell(col).value = heading;
    if (SF1_COLUMNS[i - 1]?.[0] !== group) {
      const span = SF1_COLUMNS.filter(([g]) => g === group).length;
      top.getCell(col).value = group;
      mergeRow(top.number, col, col + span - 1);
    }
  });
  for (const row of [top, bottom]) {
    row.font = { bold: true, size: 9 };
    row.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    for (let c = 1; c <= N; c++) row.getCell(c).border = BORDER;
  }
  bottom.height = 48;
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: bottom.number }];

  const line = (cells: Array<string | number>, bold = false) => {
    const row = ws.addRow(cells);
    row.alignment = { vertical: 'top', wrapText: true };
    if (bold) row.font = { bold: true };
    for (let c = 1; c <= N; c++) row.getCell(c).border = BORDER;
    return row;
  };
  const totals = (label: string, count: number) => {
    const row = line([count, `<=== ${label}`], true);
    row.getCell(1).alignment = { horizontal: 'right' };
  };
  for (const group of form.groups) {
    for (const l of group.learners) line(SF1_COLUMNS.map(([, , value]) => value(l)));
    totals(`TOTAL ${group.label}`, group.learners.length);
  }
  totals(
    'COMBINED',
    form.groups.reduce((n, g) => n + g.learners.length, 0),
  );

  ws.addRow([]);
  ws.addRow([SF1_REMARKS_LEGEND]);
  ws.addRow([]);
  // The registered learners: BoSY and EoSY, each with its date, M / F / TOTAL.
  const { bosy, eosy } = form.registered;
  const head = ws.addRow(['REGISTERED', 'BoSY', 'EoSY']);
  head.font = { bold: true };
  const rows = [
    head,
    ws.addRow(['Date', sf1Date(form.dates.bosy), sf1Date(form.dates.eosy)]),
    ws.addRow(['MALE', bosy.male, eosy.male]),
    ws.addRow(['FEMALE', bosy.female, eosy.female]),
    ws.addRow(['TOTAL', bosy.total, eosy.total]),
  ];
  for (const row of rows) for (const c of [1, 2, 3]) row.getCell(c).border = BORDER;

  const { certification: who } = form;
  ws.addRow([]);
  ws.addRow([SF1_CERTIFICATION.prepared, '', '', '', '', '', '', '', SF1_CERTIFICATION.certified]);
  ws.addRow([]);
  const names = ws.addRow([who.adviser ?? '______________________________']);
  names.getCell(9).value = who.schoolHead ?? '______________________________';
  names.font = { bold: true };
  const roles = ws.addRow([SF1_CERTIFICATION.adviser]);
  roles.getCell(9).value = SF1_CERTIFICATION.head;
  for (const row of [names, roles]) {
    mergeRow(row.number, 1, 4);
    mergeRow(row.number, 9, 13);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
