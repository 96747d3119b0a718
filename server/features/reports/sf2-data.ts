import type { Executor } from '@core/db/index';
import type { StudentRow } from '@core/db/schema';
import { badRequest, notFound } from '@core/http/errors';
import { localDate } from '@core/time/time';
import type { NoClassDate, NoClassKind } from '@domain/calendar';
import { SF2_MESSAGES } from '@domain/sf2';
import { requireSchool } from '../schools';
import { lastMarkedDay } from '../attendance';
import { closedYearAt, closedYearLearners, closedYearSections, type ClosedYear } from '../school-year';
import { monthBounds, type Sf2Input, type Sf2Learner, type Sf2Record } from './sf2-form';

/*
 * What SF2 reads, in a few statements for a section or a whole school: the school and its calendar, the
 * sections, their learners (those who left too) and the month's attendance records. The school id scopes every
 * query, so a school admin's route can call this with its own school. A month of a year already rolled over
 * (`closed`) reads the sections and learners as that year left them.
 */

export interface SchoolMonth {
  school: { name: string; depedSchoolId: string | null };
  /** Attests every form of the school. */
  schoolHeadName: string | null;
  schoolYear: { start: string; end: string };
  month: string;
  schoolDays: number[];
  noClassDays: NoClassDate[];
  lastMarkedDay: string;
}

export async function loadSchoolMonth(db: Executor, schoolId: number, month: string, defaultTimeZone: string, now: Date) {
  const school = await requireSchool(db, schoolId);
  if (!school.schoolYearStart || !school.schoolYearEnd) throw badRequest(SF2_MESSAGES.noYear);
  const { start, end } = monthBounds(month);
  let year = { start: school.schoolYearStart, end: school.schoolYearEnd };
  let closed: ClosedYear | null = null;
  if (end < year.start || start > year.end) {
    closed = await closedYearAt(db, schoolId, start, end);
    if (!closed) throw badRequest(SF2_MESSAGES.outsideYear, { month: SF2_MESSAGES.outsideYear });
    year = { start: closed.start, end: closed.end };
  }
  const timeZone = school.timezone ?? defaultTimeZone;
  const days = await db
    .selectFrom('schoolHolidays')
    .select(['date', 'name', 'kind', 'gradeLevels'])
    .where('schoolId', '=', schoolId)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .execute();
  const ctx: SchoolMonth = {
    school: { name: school.name, depedSchoolId: school.depedSchoolId },
    schoolHeadName: school.schoolHeadName,
    schoolYear: year,
    month,
    schoolDays: school.schoolDays.split(',').map(Number),
    noClassDays: days.map((d) => ({
      date: d.date,
      name: d.name,
      kind: d.kind as NoClassKind,
      gradeLevels: d.gradeLevels ? (JSON.parse(d.gradeLevels) as number[]) : null,
    })),
    lastMarkedDay: lastMarkedDay(now, timeZone, school.absenceCutoff),
  };
  return { ctx, timeZone, closed };
}

export interface SectionInfo {
  id: number;
  name: string;
  grade: { id: number; name: string; level: number | null };
  adviserName: string | null;
}

const sectionsQuery = (db: Executor, schoolId: number) =>
  db
    .selectFrom('sections as s')
    .innerJoin('grades as g', 'g.id', 's.gradeId')
    .select(['s.id', 's.name', 's.adviserName', 'g.id as gradeId', 'g.name as gradeName', 'g.level as gradeLevel'])
    .where('s.schoolId', '=', schoolId)
    .orderBy('g.level')
    .orderBy('g.name')
    .orderBy('s.name')
    .orderBy('s.id');

const toSection = (r: {
  id: number;
  name: string;
  adviserName: string | null;
  gradeId: number;
  gradeName: string;
  gradeLevel: number;
}): SectionInfo => ({
  id: r.id,
  name: r.name,
  grade: { id: r.gradeId, name: r.gradeName, level: r.gradeLevel },
  adviserName: r.adviserName,
});

export async function requireSection(
  db: Executor,
  schoolId: number,
  sectionId: number,
  closed?: ClosedYear | null,
): Promise<SectionInfo> {
  if (closed) {
    const [section] = await closedYearSections(db, closed.rolloverId, sectionId);
    if (!section) throw notFound(SF2_MESSAGES.sectionNotFound);
    return section;
  }
  const row = await sectionsQuery(db, schoolId).where('s.id', '=', sectionId).executeTakeFirst();
  if (!row) throw notFound(SF2_MESSAGES.sectionNotFound);
  return toSection(row);
}

export const schoolSections = async (db: Executor, schoolId: number, closed?: ClosedYear | null) =>
  closed ? closedYearSections(db, closed.rolloverId) : (await sectionsQuery(db, schoolId).execute()).map(toSection);

/** What the forms read of a learner on today's roll (the sections' learners here, SF1's in sf1-data.ts). */
export const ROLL_COLUMNS = [
  'id',
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'enrolmentDate',
  'createdAt',
  'leftOn',
  'leftReason',
  'transferInFrom',
  'leftDetail',
  'lrn',
  'isArchived',
  'archivedAt',
] as const;

type LearnerRow = Omit<Sf2Learner, 'enrolmentDate' | 'leftOn'> & {
  enrolmentDate: string | null;
  createdAt: string;
  leftOn: string | null;
  /** An archived learner without a leaving date is off the roll from the day of archiving. */
  archivedAt: string | null;
};

/** A row of today's students (ROLL_COLUMNS) as the forms read it: its archive day only when it is archived. */
export const currentRoll = <R extends Pick<StudentRow, 'isArchived' | 'archivedAt'>>(r: R) => ({
  ...r,
  archivedAt: r.isArchived ? r.archivedAt : null,
});

/**
 * A learner's roll as the forms count it: enrolled from their enrolment date (the registration day in the school's
 * zone when none was given) until the day they left (an archived learner without one leaves on the archive day).
 */
export function rollLearner(r: LearnerRow, timeZone: string): Sf2Learner {
  return {
    id: r.id,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    gender: r.gender,
    enrolmentDate: r.enrolmentDate ?? localDate(r.createdAt, timeZone),
    leftOn: r.leftOn ?? (r.archivedAt ? localDate(r.archivedAt, timeZone) : null),
    leftReason: r.leftReason,
    transferInFrom: r.transferInFrom,
    leftDetail: r.leftDetail,
    lrn: r.lrn,
  };
}

async function learnerRows(
  db: Executor,
  schoolId: number,
  sectionIds: number[],
  closed: ClosedYear | null | undefined,
): Promise<Array<LearnerRow & { sectionId: number | null }>> {
  if (closed)
    return (await closedYearLearners(db, closed.rolloverId, sectionIds)).map((r) => ({
      ...r,
      archivedAt: r.outcome === 'ARCHIVED' ? r.archivedAt : null,
    }));
  return (
    await db
      .selectFrom('students')
      .select(['sectionId', ...ROLL_COLUMNS])
      .where('schoolId', '=', schoolId)
      .where('sectionId', 'in', sectionIds)
      .execute()
  ).map(currentRoll);
}

/**
 * The learners of some sections enrolled by the month's end, and their records of the month, grouped by section.
 * An archived learner without a leaving date is off the roll from the day of archiving.
 */
export async function loadSectionsData(
  db: Executor,
  schoolId: number,
  sectionIds: number[],
  month: string,
  timeZone: string,
  closed?: ClosedYear | null,
): Promise<Map<number, { learners: Sf2Learner[]; records: Sf2Record[] }>> {
  const { start, end } = monthBounds(month);
  const out = new Map(sectionIds.map((id) => [id, { learners: [] as Sf2Learner[], records: [] as Sf2Record[] }]));
  if (sectionIds.length === 0) return out;
  const sectionOf = new Map<number, number>();
  for (let i = 0; i < sectionIds.length; i += 500) {
    const rows = await learnerRows(db, schoolId, sectionIds.slice(i, i + 500), closed);
    for (const r of rows) {
      const learner = rollLearner(r, timeZone);
      if (learner.enrolmentDate > end) continue;
      out.get(r.sectionId!)!.learners.push(learner);
      sectionOf.set(r.id, r.sectionId!);
    }
  }
  const ids = [...sectionOf.keys()];
  for (let i = 0; i < ids.length; i += 900) {
    const records = await db
      .selectFrom('attendanceRecords')
      .select(['studentId', 'date', 'status', 'checkInAt'])
      .where('studentId', 'in', ids.slice(i, i + 900))
      .where('date', '>=', start)
      .where('date', '<=', end)
      .execute();
    for (const r of records) out.get(sectionOf.get(r.studentId)!)!.records.push(r);
  }
  return out;
}

export const sf2Input = (
  ctx: SchoolMonth,
  section: SectionInfo,
  data: { learners: Sf2Learner[]; records: Sf2Record[] },
): Sf2Input => ({
  ...ctx,
  grade: section.grade,
  sectionName: section.name,
  adviserName: section.adviserName,
  learners: data.learners,
  records: data.records,
});

/** A whole school's month: the school's part of the forms, its sections, and each section's learners and records. */
export async function loadSchoolSections(db: Executor, schoolId: number, month: string, defaultTimeZone: string, now: Date) {
  const { ctx, timeZone, closed } = await loadSchoolMonth(db, schoolId, month, defaultTimeZone, now);
  const sections = await schoolSections(db, schoolId, closed);
  const ids = sections.map((s) => s.id);
  return { ctx, sections, data: await loadSectionsData(db, schoolId, ids, month, timeZone, closed) };
}
