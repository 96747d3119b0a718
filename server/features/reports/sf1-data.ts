import type { Executor } from '@core/db/index';
import { badRequest } from '@core/http/errors';
import { localDate } from '@core/time/time';
import { safeFilename } from '@shared/csv';
import { SF1_MESSAGES, type Sf1Form } from '@domain/sf1';
import { SF2_MESSAGES } from '@domain/sf2';
import { REGISTER_FIELDS } from '@domain/students/register';
import { requireSchool } from '../schools';
import { buildSf1, type Sf1LearnerInput } from './sf1-form';
import { currentRoll, requireSection, rollLearner, ROLL_COLUMNS } from './sf2-data';
import { closedYearLearners, closedYearOf, type ClosedYear } from '../school-year';
import { schoolYearCode } from '@domain/school-year';

/*
 * What SF1 reads, for one section: the school (its year, School ID, head), the section (grade, adviser) and its
 * learners with their register fields. Reading a form changes nothing, so nothing is logged. The school id scopes
 * every query, so a school admin's route can call this with its own school.
 */

const LEARNER_COLUMNS = [
  ...ROLL_COLUMNS,
  'dateOfBirth',
  'address',
  'parentFirstName',
  'parentLastName',
  'parentPhone',
  ...REGISTER_FIELDS.map((f) => f.key),
] as const;

/**
 * A section's learners as SF1 lists them: today's roll of the section (those who left included), each with the
 * days they were on it; or a closed year's roll as that year left it, with each learner's record of today.
 */
export async function loadSf1Learners(
  db: Executor,
  schoolId: number,
  sectionId: number,
  opts: { timeZone: string; closed?: ClosedYear | null },
): Promise<Sf1LearnerInput[]> {
  if (opts.closed) {
    const roll = new Map((await closedYearLearners(db, opts.closed.rolloverId, [sectionId])).map((r) => [r.id, r]));
    if (roll.size === 0) return [];
    const rows = await db
      .selectFrom('students')
      .select(LEARNER_COLUMNS)
      .where('id', 'in', [...roll.keys()])
      .execute();
    return rows.map((r) => {
      const then = roll.get(r.id)!;
      return {
        ...r,
        ...rollLearner({ ...then, archivedAt: then.outcome === 'ARCHIVED' ? then.archivedAt : null }, opts.timeZone),
      };
    });
  }
  const rows = await db
    .selectFrom('students')
    .select(LEARNER_COLUMNS)
    .where('schoolId', '=', schoolId)
    .where('sectionId', '=', sectionId)
    .execute();
  return rows.map((r) => ({ ...r, ...rollLearner(currentRoll(r), opts.timeZone) }));
}

/**
 * SF1 of a section for the school's year, or for a year already rolled over (`schoolYear` '2026-2027': its
 * sections and learners as it left them). 400 when the school has no school year set or no such closed year; 404
 * for another school's section.
 */
export async function sectionSf1(
  db: Executor,
  schoolId: number,
  sectionId: number,
  opts: { defaultTimeZone: string; now: Date; schoolYear?: string },
): Promise<Sf1Form> {
  const school = await requireSchool(db, schoolId);
  if (!school.schoolYearStart || !school.schoolYearEnd) throw badRequest(SF2_MESSAGES.noYear);
  let year = { start: school.schoolYearStart, end: school.schoolYearEnd };
  let closed: ClosedYear | null = null;
  if (opts.schoolYear && opts.schoolYear !== schoolYearCode(year)) {
    closed = await closedYearOf(db, schoolId, opts.schoolYear);
    if (!closed)
      throw badRequest(SF1_MESSAGES.noSuchYear(opts.schoolYear), { schoolYear: SF1_MESSAGES.noSuchYear(opts.schoolYear) });
    year = { start: closed.start, end: closed.end };
  }
  const section = await requireSection(db, schoolId, sectionId, closed);
  const timeZone = school.timezone ?? opts.defaultTimeZone;
  const learners = await loadSf1Learners(db, schoolId, section.id, { timeZone, closed });
  return buildSf1({
    school: { name: school.name, depedSchoolId: school.depedSchoolId },
    schoolYear: year,
    grade: section.grade,
    sectionName: section.name,
    adviserName: section.adviserName,
    schoolHeadName: school.schoolHeadName,
    today: localDate(opts.now, timeZone),
    learners,
  });
}

/** 400 before a file is made of a form that could not be filed: no School ID, learners without a sex or a birth date. */
export function assertSf1Fileable(form: Sf1Form): void {
  if (form.missing.schoolId) throw badRequest(SF2_MESSAGES.noSchoolId);
  if (form.missing.learners.length) throw badRequest(SF1_MESSAGES.missing(form.missing.learners));
}

/** A file named by school, grade, section and school year. */
export const sf1Filename = (form: Sf1Form, format: 'xlsx' | 'pdf') =>
  safeFilename(
    `SF1-${form.header.schoolName}-${form.header.gradeLevel}-${form.header.section}-${form.header.schoolYear}.${format}`,
  );
