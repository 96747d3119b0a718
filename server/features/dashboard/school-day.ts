import type { Executor } from '@core/db/index';
import { localDate } from '@core/time/time';
import { ATTENDANCE_STATUSES } from '@domain/dashboard';
import { MISSING_LISTED, type SchoolDay } from '@domain/dashboard';
import { isSchoolDay, schoolRules } from '../attendance';
import { requireSchool } from '../schools';

/**
 * A school's day so far (the school admin's dashboard): active students, today's records by status, and
 * who has no record yet. "Today" is the school clock's date in the school's zone. Read-only.
 */
export async function getSchoolDay(db: Executor, schoolId: number, defaultTimeZone: string, schoolNow: Date): Promise<SchoolDay> {
  const school = await requireSchool(db, schoolId);
  const rules = await schoolRules(db, schoolId, defaultTimeZone);
  const date = localDate(schoolNow, rules.timeZone);
  const active = db
    .selectFrom('students')
    .where('students.schoolId', '=', schoolId)
    .where('students.isArchived', '=', 0)
    .where('students.isActive', '=', 1);
  const noRecordToday = active.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('attendanceRecords as a')
          .select('a.id')
          .whereRef('a.studentId', '=', 'students.id')
          .where('a.date', '=', date),
      ),
    ),
  );
  const [studentRow, statusRows, missingRow, missing] = await Promise.all([
    active.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db
      .selectFrom('attendanceRecords')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('schoolId', '=', schoolId)
      .where('date', '=', date)
      .groupBy('status')
      .execute(),
    noRecordToday.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    noRecordToday
      .leftJoin('grades as g', 'g.id', 'students.gradeId')
      .leftJoin('sections as s', 's.id', 'students.sectionId')
      .select(['students.id', 'students.firstName', 'students.lastName', 'g.name as grade', 's.name as section'])
      .orderBy('students.lastName')
      .orderBy('students.firstName')
      .orderBy('students.id')
      .limit(MISSING_LISTED)
      .execute(),
  ]);
  const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as SchoolDay['counts'];
  for (const r of statusRows) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  const schoolDay = isSchoolDay(date, rules);
  return {
    school: { name: school.name, acronym: school.acronym },
    date,
    timeZone: rules.timeZone,
    isSchoolDay: schoolDay,
    students: Number(studentRow?.n ?? 0),
    counts,
    missing: schoolDay ? { total: Number(missingRow?.n ?? 0), students: missing } : { total: 0, students: [] },
  };
}
