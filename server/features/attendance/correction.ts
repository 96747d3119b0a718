import { isPostgres, type Executor } from '@core/db/index';
import { nowIso } from '@core/time/time';
import { badRequest, notFound } from '@core/http/errors';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { cancelUnsentNotices } from '../outbox';
import { CORRECTION_MESSAGES as M, type CorrectionInput } from '@domain/attendance';

/*
 * Correcting a day's status (ABSENT → PRESENT/LATE, LATE → PRESENT, a wrong tap → ABSENT …) with a
 * mandatory reason. The parent's messages follow these rules (README "School-admin console"):
 * - a correction never sends a message of its own (no check-in SMS resent, no absence notice queued);
 * - the notice of the status it leaves is cancelled when it has not gone out yet (away from ABSENT: the absence
 *   notice; away from LATE: the late-arrival notice), through the one cancel path (notifications/cancel.ts);
 * - a notice already sent stays sent: never a second message about the same day.
 */

const NOTICE_OF: Record<string, string> = { ABSENT: 'ABSENCE', LATE: 'LATE_ARRIVAL' };

/** The record's school (null: none), for the scope's check before the correction. */
export async function recordSchoolId(db: Executor, id: number): Promise<number | null> {
  const row = await db.selectFrom('attendanceRecords').select('schoolId').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  return row.schoolId;
}

export async function correctAttendance(db: Executor, id: number, input: CorrectionInput, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Read inside the transaction that writes it (a tap or the absence job may be changing the same day).
    let q = trx.selectFrom('attendanceRecords').select(['id', 'studentId', 'schoolId', 'date', 'status', 'note']).where('id', '=', id);
    if (isPostgres(trx)) q = q.forUpdate();
    const before = await q.executeTakeFirst();
    if (!before) throw notFound(M.notFound);
    if (before.status === input.status) throw badRequest(M.unchanged(input.status), { status: M.unchanged(input.status) });
    const notice = NOTICE_OF[before.status];
    const reasonText = `Cancelled: attendance corrected to ${input.status} (${input.reason})`;
    const noticesCancelled = notice ? await cancelUnsentNotices(trx, [`${notice}:attendance:${id}`], reasonText) : 0;
    await trx
      .updateTable('attendanceRecords')
      .set({ status: input.status, note: input.reason, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'CORRECT_ATTENDANCE',
      entity: 'AttendanceRecord',
      entityId: id,
      schoolId: before.schoolId,
      details: {
        studentId: before.studentId,
        date: before.date,
        changes: diff({ status: before.status, note: before.note }, { status: input.status, note: input.reason }),
        reason: input.reason,
        noticesCancelled,
      },
    });
  });
}
