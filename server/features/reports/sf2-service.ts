import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Executor } from '@core/db/index';
import { safeFilename } from '@shared/csv';
import { SF2_MESSAGES, type Sf2Choices, type Sf2Form } from '@domain/sf2';
import { badRequest } from '@core/http/errors';
import { localDate } from '@core/time/time';
import { requireSchool } from '../schools';
import { closedYearLabels } from '../school-year';
import { schoolYearCode } from '@domain/school-year';
import { buildSf2 } from './sf2-form';
import {
  loadSchoolMonth,
  loadSchoolSections,
  loadSectionsData,
  requireSection,
  schoolSections,
  sf2Input,
  type SectionInfo,
} from './sf2-data';
import { sf2Pdf } from './sf2-pdf';
import { sf2Xlsx } from './sf2-xlsx';

/*
 * SF2 per section and month, and the whole school's forms in one ZIP. Reading a form changes nothing,
 * so nothing is logged. Each function takes the school it acts for (a school admin's route passes its own).
 */

export interface Sf2Options {
  defaultTimeZone: string;
  now: Date;
}

export async function sectionSf2(db: Executor, schoolId: number, sectionId: number, month: string, opts: Sf2Options) {
  const { ctx, timeZone, closed } = await loadSchoolMonth(db, schoolId, month, opts.defaultTimeZone, opts.now);
  const section = await requireSection(db, schoolId, sectionId, closed);
  const data = await loadSectionsData(db, schoolId, [section.id], month, timeZone, closed);
  return buildSf2(sf2Input(ctx, section, data.get(section.id)!));
}

/**
 * What the SF2 screen offers: the school's grades and sections (only those with a section) and the school's today
 * (its month is the default). Read with VIEW_REPORTS alone: an admin who may see reports need not see grades.
 */
export async function sf2Choices(db: Executor, schoolId: number, opts: Sf2Options): Promise<Sf2Choices> {
  const school = await requireSchool(db, schoolId);
  const sections = await schoolSections(db, schoolId);
  const grades = new Map(sections.map((s) => [s.grade.id, { id: s.grade.id, name: s.grade.name }]));
  const current =
    school.schoolYearStart && school.schoolYearEnd
      ? [schoolYearCode({ start: school.schoolYearStart, end: school.schoolYearEnd })]
      : [];
  return {
    today: localDate(opts.now, school.timezone ?? opts.defaultTimeZone),
    grades: [...grades.values()],
    sections: sections.map((s) => ({ id: s.id, name: s.name, gradeId: s.grade.id })),
    schoolYears: [...new Set([...current, ...(await closedYearLabels(db, schoolId))])],
  };
}

/** A file named by school, grade, section and month, as a division office files them. */
export const sf2Filename = (form: Sf2Form, format: 'xlsx' | 'pdf') =>
  safeFilename(`SF2-${form.header.schoolName}-${form.header.gradeLevel}-${form.header.section}-${form.header.month}.${format}`);

/** 400 before a file is made of a form an adviser could not sign: no School ID, or learners without a recorded sex. */
export function assertFileable(forms: Sf2Form[]): void {
  if (forms.some((f) => f.missing.schoolId)) throw badRequest(SF2_MESSAGES.noSchoolId);
  const unsexed = forms.flatMap((f) => f.missing.sex.map((l) => l.name));
  if (unsexed.length) throw badRequest(SF2_MESSAGES.noSex(unsexed));
}

export const renderSf2 = (form: Sf2Form, format: 'xlsx' | 'pdf') => (format === 'xlsx' ? sf2Xlsx(form) : sf2Pdf(form));

/**
 * Every section's SF2 of a month in a ZIP, streamed: a section's file is added as soon as it is made, so the
 * first bytes leave at once and memory holds one file at a time. Checks (school, school year, every form fileable)
 * happen before the stream starts, so they still answer 4xx; a failure midway ends the download (logged by the caller).
 */
export async function schoolSf2Zip(
  db: Executor,
  schoolId: number,
  month: string,
  format: 'xlsx' | 'pdf',
  opts: Sf2Options & { onError: (err: unknown) => void },
): Promise<{ stream: Readable; sections: number }> {
  const { ctx, sections, data } = await loadSchoolSections(db, schoolId, month, opts.defaultTimeZone, opts.now);
  // The forms as data first (cheap): one that cannot be filed stops the ZIP before it starts.
  const forms = sections.map((section) => ({ section, form: buildSf2(sf2Input(ctx, section, data.get(section.id)!)) }));
  assertFileable(forms.map((f) => f.form));
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  void (async () => {
    try {
      const used = new Set<string>();
      for (const { section, form } of forms) {
        zip.addBuffer(await renderSf2(form, format), uniqueName(used, section, form, format), {
          compress: format === 'xlsx' ? false : true,
        });
        // Yield between sections so a large school does not hold the event loop.
        await new Promise((r) => setImmediate(r));
      }
      zip.end();
    } catch (err) {
      opts.onError(err);
      out.destroy(err as Error);
    }
  })();
  return { stream: out, sections: sections.length };
}

function uniqueName(used: Set<string>, section: SectionInfo, form: Sf2Form, format: 'xlsx' | 'pdf') {
  let name = sf2Filename(form, format);
  if (used.has(name))
    name = safeFilename(
      `SF2-${form.header.schoolName}-${form.header.gradeLevel}-${form.header.section}-${section.id}-${form.header.month}.${format}`,
    );
  used.add(name);
  return name;
}
