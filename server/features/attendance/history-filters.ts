import type { FastifyRequest } from 'fastify';
import type { Executor } from '@core/db/index';
import { localDate } from '@core/time/time';
import type { SchoolScope } from '@core/http/school-scope';
import type { HistoryFilterOptions, HistoryFilters } from '@domain/attendance';
import { READER_MESSAGES } from '@domain/rfid';
import { GRADE_NOT_FOUND, SECTION_NOT_FOUND } from '../grades-sections';

/*
 * Attendance History's filters in a school admin's console: each grade, section, reader or student named must be
 * of the admin's own school (else 404, the message its own page would give), so no filter reaches another school's
 * records; and the choices the filter selects offer.
 */

const FILTER_TABLES = [
  { key: 'gradeId', table: 'grades', message: GRADE_NOT_FOUND },
  { key: 'sectionId', table: 'sections', message: SECTION_NOT_FOUND },
  { key: 'readerId', table: 'rfidReaders', message: READER_MESSAGES.notFound },
  { key: 'studentId', table: 'students', message: 'Student not found' },
] as const;

/** The school of the request's history filters (the super admin's choice, or the admin's own), checked. */
export async function scopedHistoryFilters(
  db: Executor,
  scope: SchoolScope,
  request: FastifyRequest,
  query: HistoryFilters,
): Promise<HistoryFilters> {
  const schoolId = scope.school(request, query.schoolId);
  if (scope.kind === 'admin') {
    for (const { key, table, message } of FILTER_TABLES) {
      const id = query[key];
      if (id === undefined) continue;
      const row = await db.selectFrom(table).select('schoolId').where('id', '=', id).executeTakeFirst();
      scope.owns(request, row?.schoolId, message);
    }
  }
  return { ...query, schoolId };
}

/**
 * A school's grades (each with its sections) and readers, by name, and its today; no grades or readers without a
 * school (all schools chosen), and the platform zone's today.
 */
export async function historyFilterOptions(
  db: Executor,
  schoolId: number | undefined,
  defaultTimeZone: string,
  now: Date,
): Promise<HistoryFilterOptions> {
  if (schoolId === undefined) return { today: localDate(now, defaultTimeZone), grades: [], readers: [] };
  const [school, grades, sections, readers] = await Promise.all([
    db.selectFrom('schools').select('timezone').where('id', '=', schoolId).executeTakeFirst(),
    db
      .selectFrom('grades')
      .select(['id', 'name'])
      .where('schoolId', '=', schoolId)
      .orderBy('level')
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sections')
      .select(['id', 'name', 'gradeId'])
      .where('schoolId', '=', schoolId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rfidReaders')
      .select(['id', 'name', 'location', 'retiredAt'])
      .where('schoolId', '=', schoolId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return {
    today: localDate(now, school?.timezone ?? defaultTimeZone),
    grades: grades.map((g) => ({
      ...g,
      sections: sections.filter((s) => s.gradeId === g.id).map((s) => ({ id: s.id, name: s.name })),
    })),
    readers: readers.map((r) => ({ id: r.id, name: r.name, location: r.location, retired: r.retiredAt !== null })),
  };
}
