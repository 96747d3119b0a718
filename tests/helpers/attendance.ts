import type { Executor } from '@core/db/index';
import { nowIso } from '@core/time/time';

/** A learner checked in (PRESENT, at midnight UTC) on each of `dates`, written straight: the days before a test's today. */
export async function insertCheckIns(db: Executor, schoolId: number, studentId: number, dates: string[]) {
  if (dates.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('attendanceRecords')
    .values(
      dates.map((date) => ({
        studentId,
        schoolId,
        date,
        status: 'PRESENT',
        checkInAt: `${date}T00:00:00.000Z`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
