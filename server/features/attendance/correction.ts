import { isPostgres, type Executor } from '@core/db/index';
import { localDateTime, localTime, nowIso } from '@core/time/time';
import { badRequest, notFound } from '@core/http/errors';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { cancelUnsentNotices } from '../outbox';
import { ARRIVED_STATUSES, CORRECTION_MESSAGES as M, isTimeZone, type CorrectionInput } from '@domain/attendance';

/*
 * Correcting a day's status (ABSENT → PRESENT/LATE, LATE → PRESENT, a wrong tap → ABSENT …) with a
 * mandatory reason. The parent's messages follow these rules (README "School-admin console"):
 * - a correction never sends a message of its own (no check-in SMS resent, no absence notice queued);
 * - the notice of the status it leaves is cancelled when it has not gone out yet (away from ABSENT: the absence
 *   notice; away from LATE: the late-arrival notice), through the one cancel path (notifications/cancel.ts);
 * - a notice already sent stays sent: never a second message about the same day.
 * To PRESENT or LATE it also says when the learner came (the record's check-in).
 */

const NOTICE_OF: Record<string, string> = { ABSENT: 'ABSENCE', LATE: 'LATE_ARRIVAL' };

/** The record's school (null: none), for the scope's check before the correction. */
export async function recordSchoolId(db: Executor, id: number): Promise<number | null> {
  const row = await db.selectFrom('attendanceRecords').select('schoolId').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  return row.schoolId;
}

/**
 * To PRESENT or LATE the record gets the arrival time given (school-local, on the record's day) as its check-in: it
 * may not be later than now, nor than the record's check-out. To ABSENT the record keeps its times.
 */
export async function correctAttendance(
  db: Executor,
  id: number,
  input: CorrectionInput,
  actor: Actor,
  opts: { defaultTimeZone: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Read inside the transaction that writes it (a tap or the absence job may be changing the same day).
    let q = trx
      .selectFrom('attendanceRecords as a')
      .leftJoin('schools as s', 's.id', 'a.schoolId')
      .select(['a.id', 'a.studentId', 'a.schoolId', 'a.date', 'a.status', 'a.note', 'a.checkInAt', 'a.checkOutAt', 's.timezone'])
      .where('a.id', '=', id);
    if (isPostgres(trx)) q = q.forUpdate('a');
    const before = await q.executeTakeFirst();
    if (!before) throw notFound(M.notFound);
    if (before.status === input.status) throw badRequest(M.unchanged(input.status), { status: M.unchanged(input.status) });
    const zone = before.timezone && isTimeZone(before.timezone) ? before.timezone : opts.defaultTimeZone;
    const arrived = ARRIVED_STATUSES.includes(input.status);
    if (arrived && !input.arrivalTime) throw badRequest(M.arrivalTime, { arrivalTime: M.arrivalTime });
    const checkInAt = arrived ? localDateTime(before.date, input.arrivalTime!, zone).toISOString() : before.checkInAt;
    if (arrived && checkInAt! > opts.now.toISOString()) throw badRequest(M.future, { arrivalTime: M.future });
    if (arrived && before.checkOutAt && checkInAt! >= before.checkOutAt) {
      const message = M.afterCheckOut(localTime(before.checkOutAt, zone));
      throw badRequest(message, { arrivalTime: message });
    }
    const notice = NOTICE_OF[before.status];
    const reasonText = `Cancelled: attendance corrected to ${input.status} (${input.reason})`;
    const noticesCancelled = notice ? await cancelUnsentNotices(trx, [`${notice}:attendance:${id}`], reasonText) : 0;
    await trx
      .updateTable('attendanceRecords')
      .set({ status: input.status, note: input.reason, checkInAt, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    const changes = diff(
      { status: before.status, note: before.note, checkInAt: before.checkInAt },
      { status: input.status, note: input.reason, checkInAt },
    );
    await writeLog(trx, actor, {
      action: 'CORRECT_ATTENDANCE',
      entity: 'AttendanceRecord',
      entityId: id,
      schoolId: before.schoolId,
      details: {
        studentId: before.studentId,
        date: before.date,
        changes,
        reason: input.reason,
        noticesCancelled,
      },
    });
  });
}
