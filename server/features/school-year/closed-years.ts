import type { Executor } from '@core/db/index';
import { schoolYearCode } from '@domain/school-year';

/*
 * A closed school year as its forms read it: the rollover that closed it, its sections (names and advisers as they
 * were), and its learners placed as the year left them. Names, sex and LRN are the learner's record today.
 */

export interface ClosedYear {
  rolloverId: number;
  start: string;
  end: string;
}

/** The closed year of a school that overlaps a date range (the latest rollover not undone), or null. */
export async function closedYearAt(db: Executor, schoolId: number, from: string, to: string): Promise<ClosedYear | null> {
  const row = await db
    .selectFrom('schoolYearRollovers')
    .select(['id', 'fromStart', 'fromEnd'])
    .where('schoolId', '=', schoolId)
    .where('undoneAt', 'is', null)
    .where('fromStart', '<=', to)
    .where('fromEnd', '>=', from)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { rolloverId: row.id, start: row.fromStart, end: row.fromEnd } : null;
}

/** A closed year by its label ('2026-2027': the years its first and last days fall in), or null. */
export async function closedYearOf(db: Executor, schoolId: number, label: string): Promise<ClosedYear | null> {
  const [from, to] = label.split('-');
  const row = await db
    .selectFrom('schoolYearRollovers')
    .select(['id', 'fromStart', 'fromEnd'])
    .where('schoolId', '=', schoolId)
    .where('undoneAt', 'is', null)
    .where('fromStart', 'like', `${from}-%`)
    .where('fromEnd', 'like', `${to}-%`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { rolloverId: row.id, start: row.fromStart, end: row.fromEnd } : null;
}

/** The school's closed years by label ('2025-2026'), newest first. */
export async function closedYearLabels(db: Executor, schoolId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('schoolYearRollovers')
    .select(['fromStart', 'fromEnd'])
    .where('schoolId', '=', schoolId)
    .where('undoneAt', 'is', null)
    .orderBy('fromStart', 'desc')
    .execute();
  return [...new Set(rows.map((r) => schoolYearCode({ start: r.fromStart, end: r.fromEnd })))];
}

export interface ClosedSection {
  id: number;
  name: string;
  adviserName: string | null;
  grade: { id: number; name: string; level: number };
}

/** The closed year's sections as they were, in grade order (one, or none, with `sectionId`). */
export async function closedYearSections(db: Executor, rolloverId: number, sectionId?: number): Promise<ClosedSection[]> {
  const row = await db
    .selectFrom('schoolYearRollovers')
    .select('closedSections')
    .where('id', '=', rolloverId)
    .executeTakeFirstOrThrow();
  const sections = (JSON.parse(row.closedSections) as ClosedSection[]).sort(
    (a, b) =>
      a.grade.level - b.grade.level || a.grade.name.localeCompare(b.grade.name) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  return sectionId == null ? sections : sections.filter((s) => s.id === sectionId);
}

/** The closed year's learners of some sections, with their record's name, sex and LRN. */
export async function closedYearLearners(db: Executor, rolloverId: number, sectionIds: number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('learnerYears as y')
    .innerJoin('students as s', 's.id', 'y.studentId')
    .select([
      's.id',
      'y.sectionId',
      's.firstName',
      's.middleName',
      's.lastName',
      's.gender',
      's.lrn',
      's.createdAt',
      'y.enrolmentDate',
      'y.transferInFrom',
      'y.leftOn',
      'y.leftReason',
      'y.leftDetail',
      'y.archivedAt',
      'y.outcome',
    ])
    .where('y.rolloverId', '=', rolloverId)
    .where('y.sectionId', 'in', sectionIds)
    .execute();
}
