import type { DB } from '../db/index';
import { nowIso } from '../lib/time';
import { writeLog, type Actor } from './audit-log';
import { getNotification } from './sms-history';
import type { SmsNotification } from '../../src/domain/sms-history';
import type { MessengerWebhook, SmsWebhookEvent } from '../../src/domain/webhooks';

const GATEWAY: Actor = { role: 'SYSTEM', userId: null, name: 'SMS gateway' };
const MESSENGER: Actor = { role: 'SYSTEM', userId: null, name: 'Messenger webhook' };

/** httpSMS event (src/domain/webhooks.ts), its type taken from the body or the X-Event-Type header. */
export interface SmsGatewayEvent {
  type: string;
  data: NonNullable<SmsWebhookEvent['data']>;
}

/**
 * Applies a gateway event. Statuses only move forward (a duplicate or late webhook changes nothing):
 * delivered: PENDING/SENT → DELIVERED; failed/expired: PENDING/SENT → FAILED; heartbeat: the device's lastActive.
 * Returns the changed history row (for the live list), if any.
 */
export async function applySmsEvent(db: DB, event: SmsGatewayEvent, defaultTimeZone: string): Promise<SmsNotification | null> {
  const d = event.data ?? {};
  const at = d.timestamp && !Number.isNaN(Date.parse(d.timestamp)) ? new Date(d.timestamp).toISOString() : nowIso();
  if (event.type.startsWith('phone.heartbeat')) {
    if (d.owner && event.type !== 'phone.heartbeat.offline') {
      await db.updateTable('smsDevices').set({ lastActive: at }).where('phoneNumber', '=', d.owner).execute();
    }
    return null;
  }
  const delivered = event.type === 'message.phone.delivered';
  const failed = event.type === 'message.send.failed' || event.type === 'message.send.expired';
  if (!delivered && !failed) return null;
  let q = db.selectFrom('smsNotifications').select(['id', 'status']);
  if (d.request_id) q = q.where('requestId', '=', d.request_id);
  else if (d.id) q = q.where('providerMsgId', '=', d.id);
  else return null;
  const note = await q.executeTakeFirst();
  if (!note) return null;
  const changed = await db.transaction().execute(async (trx) => {
    const upd = delivered
      ? trx.updateTable('smsNotifications').set({ status: 'DELIVERED', deliveredAt: at, updatedAt: nowIso() })
      : trx.updateTable('smsNotifications').set({
          status: 'FAILED',
          failureReason: (d.error_message ?? d.reason ?? 'The phone could not send the message').slice(0, 300),
          updatedAt: nowIso(),
        });
    const r = await upd.where('id', '=', note.id).where('status', 'in', ['PENDING', 'SENT']).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await writeLog(trx, GATEWAY, {
      action: delivered ? 'SMS_DELIVERED' : 'SMS_FAILED',
      entity: 'SmsNotification',
      entityId: note.id,
      details: { event: event.type },
    });
    return true;
  });
  return changed ? getNotification(db, note.id, defaultTimeZone) : null;
}

/**
 * A parent opened the student's m.me link (ref = the student's token) or wrote to the page: bind their PSID to
 * the student, and remember when they last wrote (Messenger's 24-hour window).
 */
export async function applyMessengerEvents(db: DB, entries: NonNullable<MessengerWebhook['entry']>): Promise<number> {
  let bound = 0;
  for (const entry of entries) {
    for (const ev of entry.messaging ?? []) {
      const psid = ev.sender?.id;
      if (!psid || typeof psid !== 'string') continue;
      const ref = ev.referral?.ref ?? ev.postback?.referral?.ref ?? ev.optin?.ref;
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        if (typeof ref === 'string' && ref) {
          const student = await trx
            .selectFrom('students')
            .select(['id', 'parentMessengerPsid'])
            .where('messengerRefToken', '=', ref)
            .executeTakeFirst();
          if (student) {
            await trx
              .updateTable('students')
              .set({ parentMessengerPsid: psid, parentMessengerLastAt: now, updatedAt: now })
              .where('id', '=', student.id)
              .execute();
            await writeLog(trx, MESSENGER, {
              action: 'CONNECT_PARENT_MESSENGER',
              entity: 'Student',
              entityId: student.id,
              details: { replaced: Boolean(student.parentMessengerPsid) },
            });
            bound += 1;
            return;
          }
        }
        await trx.updateTable('students').set({ parentMessengerLastAt: now }).where('parentMessengerPsid', '=', psid).execute();
      });
    }
  }
  return bound;
}
