import type { Executor } from '@core/db/index';
import { cancelUnsentNotices } from '../outbox';

/*
 * A day declared a no-class day after the absence job ran (a typhoon suspension at 08:00, or at
 * noon): the day's ABSENT marks are undone, and so are their notices not sent yet. Only marks without a check-in
 * go: a learner who tapped keeps the record the tap made (taps on a no-class day are kept). EXCUSED stays.
 */

export interface CancelledAbsences {
  absences: number;
  messages: number;
  /** The students whose mark was undone (the system log keeps them). */
  studentIds: number[];
}

export async function cancelAbsences(
  trx: Executor,
  scope: { schoolId: number; date: string; gradeLevels: number[] | null },
  reason: string,
): Promise<CancelledAbsences> {
  let q = trx
    .selectFrom('attendanceRecords as a')
    .innerJoin('students as s', 's.id', 'a.studentId')
    .select(['a.id', 'a.studentId'])
    .where('a.schoolId', '=', scope.schoolId)
    .where('a.date', '=', scope.date)
    .where('a.status', '=', 'ABSENT')
    .where('a.checkInAt', 'is', null);
  if (scope.gradeLevels) {
    const levels = scope.gradeLevels;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('grades as g').select('g.id').whereRef('g.id', '=', 's.gradeId').where('g.level', 'in', levels)),
    );
  }
  const marks = await q.orderBy('a.id').execute();
  if (marks.length === 0) return { absences: 0, messages: 0, studentIds: [] };
  const messages = await cancelUnsentNotices(
    trx,
    marks.map((m) => `ABSENCE:attendance:${m.id}`),
    reason,
  );
  const ids = marks.map((m) => m.id);
  for (let i = 0; i < ids.length; i += 500) {
    await trx
      .deleteFrom('attendanceRecords')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  // In learner order whatever order the database returned the marks in: the system log lists them.
  return { absences: marks.length, messages, studentIds: marks.map((m) => m.studentId).sort((a, b) => a - b) };
}

/** The reason a cancelled notice shows in SMS History. */
export const noClassReason = (date: string, name: string) => `Cancelled: no classes on ${date} (${name})`;
