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

/** The weekdays (Monday to Friday) of a month 'YYYY-MM' from day `from` to day `to`, as dates. */
export function weekdays(month: string, from = 1, to = 31): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const day = new Date(`${date}T00:00:00Z`);
    if (day.getUTCMonth() + 1 !== Number(month.slice(5, 7))) break;
    if (![0, 6].includes(day.getUTCDay())) out.push(date);
  }
  return out;
}
