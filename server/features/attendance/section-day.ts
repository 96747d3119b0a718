import type { Executor } from '@core/db/index';
import { localDate } from '@core/time/time';
import { notFound } from '@core/http/errors';
import type { AttendanceStatus } from '@domain/attendance';
import { SECTION_DAY_MESSAGES, sectionDayState, type SectionDay, type SectionDayQuery } from '@domain/section-day';
import { isSchoolDay } from './rules';
import { schoolRules } from './service';
import { absentRuns } from './absent-runs';

/** A section's school (null when the section is unknown): a school admin's request is checked against it. */
export async function sectionSchoolId(db: Executor, sectionId: number): Promise<number | null> {
  const row = await db.selectFrom('sections').select('schoolId').where('id', '=', sectionId).executeTakeFirst();
  return row?.schoolId ?? null;
}

/**
 * A section's day: its active learners enrolled that day (as the absence job counts them: not archived, enrolled by
 * then, not gone before), each with the day's record read into in / missing / left / excused, and its learners absent
 * five class days in a row lately. Read-only.
 */
export async function getSectionDay(
  db: Executor,
  query: SectionDayQuery,
  defaultTimeZone: string,
  now: Date,
): Promise<SectionDay> {
  const place = await db
    .selectFrom('sections as sec')
    .innerJoin('grades as g', 'g.id', 'sec.gradeId')
    .innerJoin('schools as sch', 'sch.id', 'sec.schoolId')
    .select([
      'sec.id as sectionId',
      'sec.name as sectionName',
      'g.id as gradeId',
      'g.name as gradeName',
      'g.level as gradeLevel',
      'sch.id as schoolId',
      'sch.name as schoolName',
      'sch.acronym as schoolAcronym',
    ])
    .where('sec.id', '=', query.sectionId)
    .executeTakeFirst();
  if (!place) throw notFound(SECTION_DAY_MESSAGES.notFound);
  const rules = await schoolRules(db, place.schoolId, defaultTimeZone);
  const today = localDate(now, rules.timeZone);
  const date = query.date ?? today;

  const rows = await db
    .selectFrom('students as s')
    .leftJoin('attendanceRecords as a', (join) => join.onRef('a.studentId', '=', 's.id').on('a.date', '=', date))
    .select(['s.id', 's.firstName', 's.lastName', 's.lrn', 'a.status', 'a.checkInAt', 'a.checkOutAt', 'a.note'])
    // The school too: the students index (is_archived, school_id, grade_id, section_id) then walks one school only.
    .where('s.isArchived', '=', 0)
    .where('s.schoolId', '=', place.schoolId)
    .where('s.sectionId', '=', place.sectionId)
    .where('s.isActive', '=', 1)
    .where((eb) => eb.or([eb('s.enrolmentDate', 'is', null), eb('s.enrolmentDate', '<=', date)]))
    .where((eb) => eb.or([eb('s.leftOn', 'is', null), eb('s.leftOn', '>', date)]))
    .orderBy('s.lastName')
    .orderBy('s.firstName')
    .orderBy('s.id')
    .execute();

  const counts = { MISSING: 0, IN: 0, LEFT: 0, EXCUSED: 0 };
  const learners = rows.map((r) => {
    const record = r.status ? { status: r.status, checkInAt: r.checkInAt, checkOutAt: r.checkOutAt } : null;
    const state = sectionDayState(record);
    counts[state] += 1;
    return {
      studentId: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      lrn: r.lrn,
      state,
      status: (r.status as AttendanceStatus | null) ?? null,
      checkInAt: r.checkInAt ?? null,
      checkOutAt: r.checkOutAt ?? null,
      note: r.note ?? null,
    };
  });
  return {
    school: { id: place.schoolId, name: place.schoolName, acronym: place.schoolAcronym },
    grade: { id: place.gradeId, name: place.gradeName },
    section: { id: place.sectionId, name: place.sectionName },
    date,
    today,
    timeZone: rules.timeZone,
    isSchoolDay: isSchoolDay(date, rules, place.gradeLevel),
    counts,
    learners,
    absentRuns: await absentRuns(db, { schoolId: place.schoolId, sectionId: place.sectionId }, defaultTimeZone, now),
  };
}
