import { randomUUID } from 'node:crypto';
import type { DB, Executor } from '@core/db/index';
import { dayRangeUtc } from '@core/time/day-range';
import { notFound } from '@core/http/errors';
import { containsText } from '@core/http/query';
import { paginate } from '@core/http/paginate';
import type { CustomMessageInput, MessageRecipient, SmsHistoryFilters, SmsHistoryPage } from '@domain/sms-history';
import { writeLog, type Actor } from '@core/audit-log';
import { historyRows, toNotification, writeNotificationIntent } from '../outbox';
import { waitingReasons } from '../capacity';

/**
 * GET /sms-history: newest first; dates are school-local days on the creation time, inclusive. A pending SMS says
 * where it stands in its school's queue (`queue`: the server's clock and the outbox's fresh window).
 */
export async function listSmsHistory(
  db: Executor,
  f: SmsHistoryFilters,
  params: { page: number; limit: number },
  timeZone: string,
  queue: { now: Date; freshWindowSeconds: number },
): Promise<SmsHistoryPage> {
  const { from, until } = dayRangeUtc(f.startDate, f.endDate, timeZone);
  let q = historyRows(db);
  if (f.studentId) q = q.where('n.studentId', '=', f.studentId);
  if (f.type) q = q.where('n.type', '=', f.type);
  if (f.status) q = q.where('n.status', '=', f.status);
  if (f.schoolId) q = q.where('n.schoolId', '=', f.schoolId);
  if (f.gradeId) q = q.where('st.gradeId', '=', f.gradeId);
  if (f.sectionId) q = q.where('st.sectionId', '=', f.sectionId);
  if (from) q = q.where('n.createdAt', '>=', from);
  if (until) q = q.where('n.createdAt', '<', until);
  const { rows, pagination } = await paginate(q.orderBy('n.createdAt', 'desc').orderBy('n.id', 'desc'), params);
  const waiting = await waitingReasons(db, rows, queue);
  const notifications = rows.map((r) => {
    const n = toNotification(r, timeZone);
    const reason = waiting.get(r.id);
    return reason ? { ...n, failureReason: reason } : n;
  });
  return { notifications, pagination };
}

/**
 * A CUSTOM message to one student's parent: an intent in the outbox (the worker sends it by the parent's
 * preference, exactly like attendance messages), logged in the same transaction.
 */
export async function queueCustomMessage(
  db: DB,
  input: CustomMessageInput,
  actor: Actor,
  /** The server's clock now: the message's time, and when it is due. */
  now: Date,
  /** A school admin's school: another school's student is 'Student not found'. */
  onlySchoolId?: number,
): Promise<{ key: string }> {
  const student = await db
    .selectFrom('students')
    .select(['id', 'schoolId', 'firstName', 'lastName', 'isArchived'])
    .where('id', '=', input.studentId)
    .executeTakeFirst();
  if (!student || student.isArchived || (onlySchoolId != null && student.schoolId !== onlySchoolId)) {
    throw notFound('Student not found');
  }
  const key = `CUSTOM:${randomUUID()}`;
  await db.transaction().execute(async (trx) => {
    await writeNotificationIntent(
      trx,
      {
        type: 'CUSTOM',
        studentId: student.id,
        schoolId: student.schoolId,
        occurredAt: now.toISOString(),
        text: input.message,
        sender: actor.userId != null ? { role: actor.role, id: actor.userId } : undefined,
      },
      now,
      key,
    );
    await writeLog(trx, actor, {
      action: 'SEND_CUSTOM_MESSAGE',
      entity: 'SmsNotification',
      entityId: key,
      schoolId: student.schoolId,
      details: { studentId: student.id, student: `${student.firstName} ${student.lastName}`, length: input.message.length },
    });
  });
  return { key };
}

/** The 'Send message' student picker: up to 10 active students by name or LRN (with school acronym). */
export async function findRecipients(db: Executor, search: string, onlySchoolId?: number): Promise<MessageRecipient[]> {
  const terms = search.split(/\s+/).filter(Boolean).slice(0, 4);
  let q = db
    .selectFrom('students as st')
    .leftJoin('schools as sc', 'sc.id', 'st.schoolId')
    .select(['st.id', 'st.firstName', 'st.lastName', 'st.lrn', 'st.notificationPreference', 'sc.acronym as schoolAcronym'])
    .where('st.isArchived', '=', 0);
  if (onlySchoolId != null) q = q.where('st.schoolId', '=', onlySchoolId);
  for (const term of terms) {
    q = q.where((eb) =>
      eb.or([containsText('st.firstName', term), containsText('st.lastName', term), containsText('st.lrn', term)]),
    );
  }
  const rows = await q.orderBy('st.lastName').orderBy('st.firstName').orderBy('st.id').limit(10).execute();
  return rows.map((r) => ({ ...r, notificationPreference: r.notificationPreference ?? 'SMS_ONLY' }));
}
