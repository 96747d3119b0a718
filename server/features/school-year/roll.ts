import type { Executor } from '@core/db/index';
import { badRequest } from '@core/http/errors';
import { requireSchool } from '../schools';
import { ROLLOVER_MESSAGES as M } from '@domain/school-year';

/*
 * The year being closed, as the rollover reads it: the school, its grades and sections, and the learners of its
 * sections — on the roll, left during the year (not archived yet), or archived during the year (their forms still
 * list them). Read once; the plan, the preview and the commit all work from it.
 */

export interface RollGrade {
  id: number;
  name: string;
  level: number;
}

export interface RollSection {
  id: number;
  name: string;
  description: string | null;
  capacity: number | null;
  adviserName: string | null;
  isActive: boolean;
  grade: RollGrade;
}

export interface RollLearner {
  id: number;
  firstName: string;
  lastName: string;
  lrn: string;
  gradeId: number;
  sectionId: number;
  enrolmentDate: string | null;
  transferInFrom: string | null;
  leftOn: string | null;
  leftReason: string | null;
  leftDetail: string | null;
  isArchived: boolean;
  archivedAt: string | null;
  rfidCardId: string | null;
  updatedAt: string;
}

export interface Roll {
  schoolId: number;
  year: { start: string; end: string };
  schoolUpdatedAt: string;
  grades: RollGrade[];
  sections: RollSection[];
  learners: RollLearner[];
}

export async function loadRoll(db: Executor, schoolId: number): Promise<Roll> {
  const school = await requireSchool(db, schoolId);
  if (!school.schoolYearStart || !school.schoolYearEnd) throw badRequest(M.noYear);
  const grades = await db
    .selectFrom('grades')
    .select(['id', 'name', 'level'])
    .where('schoolId', '=', schoolId)
    .orderBy('level')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const gradeById = new Map(grades.map((g) => [g.id, g]));
  const sections = (
    await db
      .selectFrom('sections')
      .select(['id', 'name', 'description', 'capacity', 'adviserName', 'isActive', 'gradeId'])
      .where('schoolId', '=', schoolId)
      .orderBy('name')
      .orderBy('id')
      .execute()
  )
    .filter((s) => gradeById.has(s.gradeId))
    .map((s) => ({ ...s, isActive: Boolean(s.isActive), grade: gradeById.get(s.gradeId)! }))
    .sort((a, b) => a.grade.level - b.grade.level || a.grade.name.localeCompare(b.grade.name) || a.name.localeCompare(b.name));
  const rows = await db
    .selectFrom('students')
    .select([
      'id',
      'firstName',
      'lastName',
      'lrn',
      'gradeId',
      'sectionId',
      'enrolmentDate',
      'transferInFrom',
      'leftOn',
      'leftReason',
      'leftDetail',
      'isArchived',
      'archivedAt',
      'rfidCardId',
      'updatedAt',
    ])
    .where('schoolId', '=', schoolId)
    .where('sectionId', 'is not', null)
    .where((eb) => eb.or([eb('isArchived', '=', 0), eb('archivedAt', '>=', school.schoolYearStart!)]))
    .orderBy('lastName')
    .orderBy('firstName')
    .orderBy('id')
    .execute();
  const sectionById = new Map(sections.map((s) => [s.id, s]));
  const learners = rows
    .filter((r) => sectionById.has(r.sectionId!))
    .map((r) => ({
      ...r,
      // The section decides the grade (a row whose grade disagrees is the section's).
      gradeId: sectionById.get(r.sectionId!)!.grade.id,
      sectionId: r.sectionId!,
      isArchived: Boolean(r.isArchived),
    }));
  return {
    schoolId,
    year: { start: school.schoolYearStart, end: school.schoolYearEnd },
    schoolUpdatedAt: school.updatedAt,
    grades,
    sections,
    learners,
  };
}
