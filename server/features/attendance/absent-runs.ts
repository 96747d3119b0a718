import type { Executor } from '@core/db/index';
import { addDays, localDate } from '@core/time/time';
import { ABSENCE_LOOKBACK_DAYS, ABSENT_RUN, type AbsentRun, type AbsentRuns } from '@domain/dashboard';
import { isSchoolDay, lastMarkedDay } from './rules';
import { schoolRules } from './service';

/** A school's class days (for the whole school) back from `last`, oldest first, at most `count`. */
function classDaysBack(last: string, count: number, isClassDay: (d: string) => boolean): string[] {
  const out: string[] = [];
  // A year of calendar days at most: a school without class days lists none.
  for (let d = last, seen = 0; out.length < count && seen < 366; d = addDays(d, -1), seen++) if (isClassDay(d)) out.unshift(d);
  return out;
}

/**
 * The learners absent ABSENT_RUN class days or more in a row within the last ABSENCE_LOOKBACK_DAYS class days counted
 * (up to today once its absence cutoff has passed): absent = no check-in that day, as on School Form 2. Learners not on
 * the roll on a day (not yet enrolled, gone) are not absent on it; a no-class day of their grade level is skipped.
 * Longest and ongoing runs first. The school's dashboard lists the whole school; a section's day its section only.
 */
export async function absentRuns(
  db: Executor,
  scope: { schoolId: number; sectionId?: number },
  defaultTimeZone: string,
  now: Date,
): Promise<AbsentRuns> {
  const { schoolId, sectionId } = scope;
  const rules = await schoolRules(db, schoolId, defaultTimeZone);
  const last = lastMarkedDay(
    now,
    rules.timeZone,
    (await db.selectFrom('schools').select('absenceCutoff').where('id', '=', schoolId).executeTakeFirstOrThrow()).absenceCutoff,
  );
  const days = classDaysBack(last, ABSENCE_LOOKBACK_DAYS, (d) => isSchoolDay(d, rules));
  if (days.length < ABSENT_RUN) return { lastDay: last, learners: [] };
  let roll = db
    .selectFrom('students as s')
    .leftJoin('grades as g', 'g.id', 's.gradeId')
    .leftJoin('sections as c', 'c.id', 's.sectionId')
    .select([
      's.id',
      's.firstName',
      's.lastName',
      's.enrolmentDate',
      's.createdAt',
      's.leftOn',
      'g.level',
      'g.name as grade',
      'c.name as section',
    ])
    .where('s.schoolId', '=', schoolId)
    .where('s.isActive', '=', 1)
    .where('s.isArchived', '=', 0);
  let came = db
    .selectFrom('attendanceRecords as a')
    .select(['a.studentId', 'a.date'])
    .where('a.schoolId', '=', schoolId)
    .where('a.date', '>=', days[0]!)
    .where('a.date', '<=', last)
    .where('a.checkInAt', 'is not', null);
  if (sectionId != null) {
    roll = roll.where('s.sectionId', '=', sectionId);
    came = came.where((eb) =>
      eb.exists(
        eb.selectFrom('students as s').select('s.id').whereRef('s.id', '=', 'a.studentId').where('s.sectionId', '=', sectionId),
      ),
    );
  }
  const [learners, present] = await Promise.all([roll.execute(), came.execute()]);
  const cameOn = new Set(present.map((r) => `${r.studentId} ${r.date}`));
  const out: AbsentRun[] = [];
  for (const l of learners) {
    const from = l.enrolmentDate ?? localDate(l.createdAt, rules.timeZone);
    let run: string[] = [];
    let latest: string[] = [];
    for (const d of days) {
      if (d < from || (l.leftOn && d >= l.leftOn) || !isSchoolDay(d, rules, l.level)) continue;
      if (cameOn.has(`${l.id} ${d}`)) run = [];
      else {
        run.push(d);
        if (run.length >= ABSENT_RUN) latest = [...run];
      }
    }
    if (latest.length >= ABSENT_RUN) {
      out.push({
        studentId: l.id,
        name: `${l.lastName.toUpperCase()}, ${l.firstName}`,
        grade: l.grade,
        section: l.section,
        days: latest,
        ongoing: run.length >= ABSENT_RUN,
      });
    }
  }
  out.sort((a, b) => Number(b.ongoing) - Number(a.ongoing) || b.days.length - a.days.length || a.name.localeCompare(b.name));
  return { lastDay: last, learners: out };
}
