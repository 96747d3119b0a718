import type { DB } from '@core/db/index';
import { conflict, notFound } from '@core/http/errors';
import { SMS_UNCERTAIN_MESSAGES as M } from '@domain/sms-history';
import type { SmsNotification } from '@domain/sms-history';
import { writeLog, type Actor } from '@core/audit-log';
import { getNotification, OUTBOX } from '../outbox';

/**
 * An admin's decision on an UNCERTAIN message: resend it (back to the queue as a fresh message,
 * PENDING in the history) or dismiss it (never resent; the history keeps UNCERTAIN with the dismissal time).
 * Both change the outbox row only while it is still 'uncertain', so two admins (or resend and dismiss) racing
 * get one success and one 409; both are logged in the same transaction.
 */
export async function decideUncertain(
  db: DB,
  id: number,
  decision: 'resend' | 'dismiss',
  actor: Actor,
  defaultTimeZone: string,
  /** The server's clock now: a resent message is due from then. */
  at: Date,
): Promise<SmsNotification> {
  await db.transaction().execute(async (trx) => {
    const note = await trx
      .selectFrom('smsNotifications')
      .select(['id', 'schoolId', 'status', 'requestId', 'failureReason', 'dismissedAt'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!note) throw notFound(M.notFound);
    if (note.status !== 'UNCERTAIN' || note.dismissedAt != null || note.requestId == null) throw conflict(M.notUncertain);
    const now = at.toISOString();
    const outbox = await trx
      .updateTable('notificationOutbox')
      .set(
        decision === 'resend'
          ? {
              status: OUTBOX.pending,
              attempts: 0,
              nextAttemptAt: now,
              lockedUntil: null,
              leaseToken: null,
              inflightAt: null,
              inflightDeviceId: null,
              lastError: null,
              updatedAt: now,
            }
          : { status: OUTBOX.dismissed, updatedAt: now },
      )
      .where('idempotencyKey', '=', note.requestId)
      .where('status', '=', OUTBOX.uncertain)
      .executeTakeFirst();
    if (Number(outbox.numUpdatedRows) !== 1) throw conflict(M.notUncertain);
    await trx
      .updateTable('smsNotifications')
      .set(
        decision === 'resend' ? { status: 'PENDING', failureReason: null, updatedAt: now } : { dismissedAt: now, updatedAt: now },
      )
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: decision === 'resend' ? 'RESEND_UNCERTAIN_SMS' : 'DISMISS_UNCERTAIN_SMS',
      entity: 'SmsNotification',
      entityId: id,
      schoolId: note.schoolId,
      details: { requestId: note.requestId, reason: note.failureReason },
    });
  });
  return (await getNotification(db, id, defaultTimeZone))!;
}
