import { SF1_CERTIFICATION, SF1_COLUMNS, SF1_REMARKS_LEGEND, sf1Date, type Sf1Form } from '@domain/sf1';
import { formTitle, legalPdf, PAGE } from './sf2-pdf';

/*
 * SF1 as a PDF made on the server with pdfkit: the same content as the workbook on legal paper in landscape, a row
 * per learner (as tall as its longest value needs); the list continues on further pages with its headings repeated,
 * the registered learners and the signatures at the end.
 */

const ROW = 11;
const FONT = 6;
/** Column widths in points, in SF1_COLUMNS' order; REMARKS takes what is left of the page. */
const FIXED = [56, 110, 18, 40, 26, 44, 40, 50, 60, 44, 48, 40, 66, 66, 62, 42, 46];

export const sf1Pdf = (form: Sf1Form): Promise<Buffer> =>
  legalPdf(`SF1 ${form.header.gradeLevel} ${form.header.section} ${form.header.schoolYear}`, (doc) => drawSf1(doc, form));

function drawSf1(doc: PDFKit.PDFDocument, form: Sf1Form) {
  const left = PAGE.margin;
  const usable = PAGE.width - 2 * PAGE.margin;
  const cols = [...FIXED, usable - FIXED.reduce((a, b) => a + b, 0)];
  const xs = cols.reduce<number[]>((acc, w, i) => [...acc, acc[i]! + w], [left]);
  const bottom = PAGE.height - PAGE.margin;
  let y = 0;

  const box = (text: string, x: number, w: number, top: number, opts: { bold?: boolean; h?: number; left?: boolean } = {}) => {
    const h = opts.h ?? ROW;
    doc.rect(x, top, w, h).stroke();
    if (!text) return;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    doc.text(text, x + 1.5, top + 2.5, { width: w - 3, height: h - 3, align: opts.left ? 'left' : 'center', ellipsis: true });
  };
  /** A learner's row is as tall as its longest value needs (names, addresses and remarks wrap in their column). */
  const rowHeight = (texts: string[]) => {
    doc.font('Helvetica').fontSize(FONT);
    const lines = texts.map((t, i) => (t ? doc.heightOfString(t, { width: cols[i]! - 3 }) : 0));
    return Math.max(ROW, Math.ceil(Math.max(...lines) + 4));
  };
  const cell = (text: string, col: number, opts: { bold?: boolean; left?: boolean; h?: number } = {}) =>
    box(text, xs[col]!, cols[col]!, y, opts);

  const header = () => {
    y = formTitle(
      doc,
      'School Form 1 (SF 1) School Register',
      '(This replaces Form 1, Master List & STS Form 2-Family Background and Profile)',
    );
    const h = form.header;
    doc.font('Helvetica').fontSize(8);
    doc.text(
      `School ID: ${h.schoolId}     School Name: ${h.schoolName}     School Year: ${h.schoolYear}     Grade Level: ${h.gradeLevel}     Section: ${h.section}`,
      left,
      y,
      { width: usable, lineBreak: false },
    );
    y += 14;
    doc.lineWidth(0.4);
    // A group's name over its columns, the columns' headings under it; a column of no group spans both rows.
    const headH = 4 * ROW;
    SF1_COLUMNS.forEach(([group, heading], i) => {
      if (!group) return box(heading, xs[i]!, cols[i]!, y, { bold: true, h: ROW + headH });
      if (SF1_COLUMNS[i - 1]?.[0] !== group) {
        const span = SF1_COLUMNS.filter(([g]) => g === group).length;
        box(group, xs[i]!, xs[i + span]! - xs[i]!, y, { bold: true });
      }
      box(heading, xs[i]!, cols[i]!, y + ROW, { bold: true, h: headH });
    });
    y += ROW + headH;
  };
  const needRoom = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      header();
    }
  };
  const totals = (label: string, count: number) => {
    needRoom(ROW);
    cell(String(count), 0, { bold: true });
    cell(`<=== ${label}`, 1, { bold: true, left: true });
    for (let c = 2; c < cols.length; c++) cell('', c);
    y += ROW;
  };

  header();
  for (const group of form.groups) {
    for (const l of group.learners) {
      const texts = SF1_COLUMNS.map(([, , value]) => String(value(l)));
      const h = rowHeight(texts);
      needRoom(h);
      texts.forEach((text, i) => cell(text, i, { left: i === 1 || i >= 5, h }));
      y += h;
    }
    totals(`TOTAL ${group.label}`, group.learners.length);
  }
  totals(
    'COMBINED',
    form.groups.reduce((n, g) => n + g.learners.length, 0),
  );

  // The REMARKS codes, the registered learners (BoSY, EoSY) and the signatures: together on the last page.
  if (y + 10 * ROW > bottom) {
    doc.addPage();
    y = PAGE.margin;
  } else y += ROW;
  doc
    .font('Helvetica')
    .fontSize(FONT + 0.5)
    .text(SF1_REMARKS_LEGEND, left, y, { width: usable, lineBreak: false });
  y += ROW + 4;
  const { bosy, eosy } = form.registered;
  const table: string[][] = [
    ['REGISTERED', 'BoSY', 'EoSY'],
    ['Date', sf1Date(form.dates.bosy), sf1Date(form.dates.eosy)],
    ['MALE', String(bosy.male), String(eosy.male)],
    ['FEMALE', String(bosy.female), String(eosy.female)],
    ['TOTAL', String(bosy.total), String(eosy.total)],
  ];
  const top = y;
  table.forEach((cells, r) => {
    cells.forEach((t, i) => box(t, left + i * 60, 60, y, { bold: r === 0 || i === 0 }));
    y += ROW;
  });
  const sign = (x: number, label: string, name: string | null, role: string) => {
    let at = top;
    doc
      .font('Helvetica')
      .fontSize(FONT + 0.5)
      .text(label, x, at, { lineBreak: false });
    at += ROW * 2.5;
    doc.font('Helvetica-Bold').text(name ?? '______________________________', x, at, { lineBreak: false });
    at += ROW;
    doc.font('Helvetica').text(role, x, at, { lineBreak: false });
  };
  sign(left + 260, SF1_CERTIFICATION.prepared, form.certification.adviser, SF1_CERTIFICATION.adviser);
  sign(left + 560, SF1_CERTIFICATION.certified, form.certification.schoolHead, SF1_CERTIFICATION.head);
}
