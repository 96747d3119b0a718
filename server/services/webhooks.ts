import type { DB } from '../db/index';
import { nowIso } from '../lib/time';
import { writeLog, type Actor } from './audit-log';
import { getNotification } from './sms-history';
import type { SmsNotification } from '../../src/domain/sms-history';
import type { SmsWebhookEvent } from '../../src/domain/webhooks';

const GATEWAY: Actor = { role: 'SYSTEM', userId: null, name: 'SMS gateway' };

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
export async function applySmsEvent(db: DB, event: SmsGatewayEvent): Promise<SmsNotification | null> {
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
  return changed ? getNotification(db, note.id) : null;
}
