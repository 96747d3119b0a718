import PDFDocument from 'pdfkit';
import { isRate, SF2_CERTIFICATION, SF2_LEGEND, summaryFigure, SUMMARY_ROWS, type Sf2Form } from '@domain/sf2';

/*
 * SF2 as a PDF made on the server with pdfkit (no headless browser): the same content as the workbook, on legal
 * paper in landscape; the grid continues on further pages with its header repeated, the summary at the end.
 * A tardy day is shaded in its upper half, as the form marks a late comer.
 */

export const PAGE = { width: 1008, height: 612, margin: 24 };
const ROW = 11;
const FONT = 6.5;

/** A landscape legal PDF drawn by `draw`, as bytes (the forms' page: SF1's and SF2's). */
export function legalPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LEGAL', layout: 'landscape', margin: PAGE.margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A form's title and the line under it, centred at the top of the page; answers where the page goes on. */
export function formTitle(doc: PDFKit.PDFDocument, title: string, subtitle: string): number {
  const width = PAGE.width - 2 * PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(11).text(title, PAGE.margin, PAGE.margin, { width, align: 'center' });
  doc
    .font('Helvetica-Oblique')
    .fontSize(7)
    .text(subtitle, PAGE.margin, PAGE.margin + 14, { width, align: 'center' });
  return PAGE.margin + 26;
}

export const sf2Pdf = (form: Sf2Form): Promise<Buffer> =>
  legalPdf(`SF2 ${form.header.section} ${form.header.monthName}`, (doc) => drawSf2(doc, form));

function drawSf2(doc: PDFKit.PDFDocument, form: Sf2Form) {
  const left = PAGE.margin;
  const usable = PAGE.width - 2 * PAGE.margin;
  const n = Math.max(form.days.length, 1);
  const widths = { no: 18, name: 150, total: 32, remarks: 120 };
  const dayW = (usable - widths.no - widths.name - 2 * widths.total - widths.remarks) / n;
  const cols: number[] = [widths.no, widths.name, ...form.days.map(() => dayW), widths.total, widths.total, widths.remarks];
  const xs = cols.reduce<number[]>((acc, w, i) => [...acc, acc[i]! + w], [left]);
  const bottom = PAGE.height - PAGE.margin;
  let y = 0;

  const cell = (text: string, col: number, top: number, opts: { bold?: boolean; align?: 'left' | 'center'; h?: number } = {}) => {
    doc.rect(xs[col]!, top, cols[col]!, opts.h ?? ROW).stroke();
    if (!text) return;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    doc.text(text, xs[col]! + 1.5, top + 2.5, {
      width: cols[col]! - 3,
      align: opts.align ?? 'center',
      lineBreak: false,
      ellipsis: true,
    });
  };
  const header = () => {
    y = formTitle(
      doc,
      'School Form 2 (SF2) Daily Attendance Report of Learners',
      '(This replaces Form 1, Form 2 & STS Form 4 - Absenteeism and Dropout Profile)',
    );
    const h = form.header;
    doc.font('Helvetica').fontSize(8);
    doc.text(`School ID: ${h.schoolId}     School Year: ${h.schoolYear}     Report for the Month of: ${h.monthName}`, left, y, {
      width: usable,
      lineBreak: false,
    });
    y += 11;
    doc.text(`Name of School: ${h.schoolName}     Grade Level: ${h.gradeLevel}     Section: ${h.section}`, left, y, {
      width: usable,
      lineBreak: false,
    });
    y += 14;
    doc.lineWidth(0.4);
    cell('No.', 0, y, { bold: true, h: 2 * ROW });
    cell("LEARNER'S NAME (Last Name, First Name, Middle Name)", 1, y, { bold: true, h: 2 * ROW });
    form.days.forEach((d, i) => {
      cell(String(d.dayOfMonth), 2 + i, y, { bold: true });
      cell(d.letter, 2 + i, y + ROW, { bold: true });
    });
    cell('ABSENT', 2 + form.days.length, y, { bold: true, h: 2 * ROW });
    cell('TARDY', 3 + form.days.length, y, { bold: true, h: 2 * ROW });
    cell('REMARKS', 4 + form.days.length, y, { bold: true, h: 2 * ROW });
    y += 2 * ROW;
  };
  const needRow = () => {
    if (y + ROW > bottom) {
      doc.addPage();
      header();
    }
  };
  const totalsRow = (label: string, values: Array<number | null>) => {
    needRow();
    cell('', 0, y);
    cell(label, 1, y, { bold: true, align: 'left' });
    values.forEach((v, i) => cell(v == null ? '' : String(v), 2 + i, y, { bold: true }));
    for (let c = 2 + values.length; c < cols.length; c++) cell('', c, y);
    y += ROW;
  };

  header();
  for (const group of form.groups) {
    group.learners.forEach((l, i) => {
      needRow();
      cell(String(i + 1), 0, y);
      cell(l.name, 1, y, { align: 'left' });
      l.marks.forEach((m, j) => {
        const col = 2 + j;
        if (m == null) doc.rect(xs[col]!, y, cols[col]!, ROW).fillColor('#efefef').fill().fillColor('black');
        if (m === 'T')
          doc
            .rect(xs[col]!, y, cols[col]!, ROW / 2)
            .fillColor('#7f7f7f')
            .fill()
            .fillColor('black');
        cell(m === 'x' ? 'x' : '', col, y);
      });
      cell(String(l.absent), 2 + l.marks.length, y);
      cell(String(l.tardy), 3 + l.marks.length, y);
      cell(l.remarks, 4 + l.marks.length, y, { align: 'left' });
      y += ROW;
    });
    totalsRow(`${group.label} | TOTAL Per Day`, group.presentPerDay);
  }
  totalsRow('Combined TOTAL PER DAY', form.combinedPerDay);

  // The summary, then the certification beside it (its own lines below it on a narrow page).
  const summaryHeight = (SUMMARY_ROWS.length + 5) * ROW;
  if (y + summaryHeight > bottom) {
    doc.addPage();
    y = PAGE.margin;
  } else y += ROW;
  doc.font('Helvetica').fontSize(FONT + 0.5);
  doc.text(`GUIDELINES: CODES FOR CHECKING ATTENDANCE: ${SF2_LEGEND}`, left, y, { width: usable, lineBreak: false });
  y += ROW + 2;
  doc.text(`Month: ${form.header.monthName}     No. of Days of Classes: ${form.summary.schoolDays}`, left, y, {
    lineBreak: false,
  });
  y += ROW + 2;
  const sx = [left, left + 260, left + 310, left + 360, left + 410];
  const sumCell = (text: string, i: number, bold = false) => {
    doc.rect(sx[i]!, y, sx[i + 1]! - sx[i]!, ROW).stroke();
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    doc.text(text, sx[i]! + 2, y + 2.5, { width: sx[i + 1]! - sx[i]! - 4, align: i === 0 ? 'left' : 'center', lineBreak: false });
  };
  ['Summary for the Month', 'M', 'F', 'TOTAL'].forEach((t, i) => sumCell(t, i, true));
  y += ROW;
  for (const [key, label] of SUMMARY_ROWS) {
    const v = form.summary[key] as { male: number | null; female: number | null; total: number | null };
    const rate = isRate(key);
    [label, summaryFigure(v.male, rate), summaryFigure(v.female, rate), summaryFigure(v.total, rate)].forEach((t, i) =>
      sumCell(t, i),
    );
    y += ROW;
  }
  y += 4;
  doc
    .font('Helvetica')
    .fontSize(FONT)
    .text(
      `* Beginning of School Year cut-off report is every 1st Friday of the School Year (${form.summary.enrolmentCutoff})`,
      left,
      y,
      { lineBreak: false },
    );
  certification(doc, form, left + 480, y - (SUMMARY_ROWS.length + 1) * ROW - 4);
}

/** "I certify that this is a true and correct report.", the adviser's name over their line, attested by the head. */
function certification(doc: PDFKit.PDFDocument, form: Sf2Form, x: number, top: number) {
  const line = '______________________________';
  let y = top;
  const put = (text: string, bold = false, gap = ROW) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT + 0.5);
    doc.text(text, x, y, { lineBreak: false });
    y += gap;
  };
  put(SF2_CERTIFICATION.statement, false, ROW * 2.5);
  put(form.certification.adviser ?? line, true);
  put(SF2_CERTIFICATION.adviser, false, ROW * 2);
  put(SF2_CERTIFICATION.attested, false, ROW * 2);
  put(form.certification.schoolHead ?? line, true);
  put(SF2_CERTIFICATION.head);
}
