import type { Executor } from '@core/db/index';
import type { SmsNotification, SmsStatus, SmsType } from '@domain/sms-history';

/*
 * The History row of a message (sms_notifications), as SMS History lists it and the live `sms:sent` event carries
 * it. The outbox writes these rows as it sends; the messages feature lists and settles them.
 */

export function historyRows(db: Executor) {
  return db
    .selectFrom('smsNotifications as n')
    .leftJoin('students as st', 'st.id', 'n.studentId')
    .leftJoin('schools as sc', 'sc.id', 'st.schoolId')
    .leftJoin('grades as g', 'g.id', 'st.gradeId')
    .leftJoin('sections as se', 'se.id', 'st.sectionId')
    .select([
      'n.id',
      'n.type',
      'n.channel',
      'n.message',
      'n.phoneNumber',
      'n.status',
      'n.failureReason',
      'n.sentAt',
      'n.deliveredAt',
      'n.createdAt',
      'n.dismissedAt',
      'n.note',
      'n.requestId',
      'n.studentId',
      'n.schoolId',
      'st.firstName',
      'st.lastName',
      'sc.name as schoolName',
      'sc.acronym as schoolAcronym',
      'sc.timezone as schoolTimezone',
      'g.name as gradeName',
      'se.name as sectionName',
    ]);
}
type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyRows>['executeTakeFirstOrThrow']>>;

export function toNotification(r: HistoryRow, defaultTimeZone: string): SmsNotification {
  return {
    id: r.id,
    schoolId: r.schoolId,
    student:
      r.studentId && r.firstName != null
        ? {
            id: r.studentId,
            firstName: r.firstName,
            lastName: r.lastName ?? '',
            school: r.schoolName ? { name: r.schoolName, acronym: r.schoolAcronym ?? '' } : null,
            gradeModel: r.gradeName ? { name: r.gradeName } : null,
            sectionModel: r.sectionName ? { name: r.sectionName } : null,
          }
        : null,
    type: r.type as SmsType,
    channel: r.channel,
    message: r.message,
    phoneNumber: r.phoneNumber,
    status: r.status as SmsStatus,
    failureReason: r.failureReason,
    sentAt: r.sentAt,
    deliveredAt: r.deliveredAt,
    createdAt: r.createdAt,
    dismissedAt: r.dismissedAt,
    timeZone: r.schoolTimezone ?? defaultTimeZone,
    note: r.note,
  };
}

export async function getNotification(db: Executor, id: number, defaultTimeZone: string): Promise<SmsNotification | null> {
  const row = await historyRows(db).where('n.id', '=', id).executeTakeFirst();
  return row ? toNotification(row, defaultTimeZone) : null;
}

/** The History rows `ids` (a batch's live updates), in no particular order. */
export async function getNotifications(db: Executor, ids: number[], defaultTimeZone: string): Promise<SmsNotification[]> {
  if (!ids.length) return [];
  const rows = await historyRows(db).where('n.id', 'in', ids).execute();
  return rows.map((r) => toNotification(r, defaultTimeZone));
}

/** Live updates of SMS History rows: one row (`emit`), or many read a hundred at a time (`emitAll`). */
export function liveHistory(db: Executor, timeZone: string, onSent: (row: SmsNotification) => void) {
  return {
    async emit(row: { smsNotificationId: number | null }) {
      if (row.smsNotificationId == null) return;
      const note = await getNotification(db, row.smsNotificationId, timeZone);
      if (note) onSent(note);
    },
    async emitAll(ids: number[]) {
      for (let i = 0; i < ids.length; i += 100)
        for (const note of await getNotifications(db, ids.slice(i, i + 100), timeZone)) onSent(note);
    },
  };
}
