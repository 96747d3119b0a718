import type { DB } from '@core/db/index';
import { nowIso } from '@core/time/time';
import { writeLog, type Actor } from '@core/audit-log';
import { deviceActive, getNotification, OUTBOX } from '../outbox';
import type { SmsNotification } from '@domain/sms-history';
import type { SmsWebhookEvent } from '@domain/webhooks';

const GATEWAY: Actor = { role: 'SYSTEM', userId: null, name: 'SMS gateway' };

/** httpSMS event (src/domain/webhooks.ts), its type taken from the body or the X-Event-Type header. */
export interface SmsGatewayEvent {
  type: string;
  data: NonNullable<SmsWebhookEvent['data']>;
}

/**
 * What a gateway event may do to a history row: the status it sets and the statuses it may leave. Statuses
 * only move forward (a duplicate or late webhook changes nothing): sent: PENDING → SENT; delivered:
 * PENDING/SENT → DELIVERED; failed/expired: PENDING/SENT → FAILED. An UNCERTAIN row is settled by any of them
 * (the gateway has just said what became of it), unless an admin dismissed it already. `action`: the system-log
 * entry it writes; sent and delivered receipts write none (one per message: SMS History holds them, and they
 * would bury people's actions in the log), a failure does.
 */
const SMS_EVENTS: Record<string, { status: 'SENT' | 'DELIVERED' | 'FAILED'; from: string[]; action?: string }> = {
  'message.phone.sent': { status: 'SENT', from: ['PENDING', 'UNCERTAIN'] },
  'message.phone.delivered': { status: 'DELIVERED', from: ['PENDING', 'SENT', 'UNCERTAIN'] },
  'message.send.failed': { status: 'FAILED', from: ['PENDING', 'SENT', 'UNCERTAIN'], action: 'SMS_FAILED' },
  'message.send.expired': { status: 'FAILED', from: ['PENDING', 'SENT', 'UNCERTAIN'], action: 'SMS_FAILED' },
};

const isoOf = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

/** Moves a phone's newest heartbeat forward only (webhooks come in any order, twice at times). */
async function newerHeartbeat(db: DB, phone: string, at: string) {
  await db
    .updateTable('smsDevices')
    .set({ heartbeatAt: at })
    .where('phoneNumber', '=', phone)
    .where((eb) => eb.or([eb('heartbeatAt', 'is', null), eb('heartbeatAt', '<', at)]))
    .execute();
}

/**
 * Applies a gateway event (see SMS_EVENTS; heartbeat: the device's lastActive). Returns the changed history row
 * (for the live list), if any.
 */
export async function applySmsEvent(db: DB, event: SmsGatewayEvent, defaultTimeZone: string): Promise<SmsNotification | null> {
  const d = event.data ?? {};
  const at = isoOf(d.timestamp) ?? nowIso();
  if (event.type.startsWith('phone.heartbeat')) {
    if (!d.owner) return null;
    if (event.type !== 'phone.heartbeat.offline') {
      await db.updateTable('smsDevices').set({ lastActive: at }).where('phoneNumber', '=', d.owner).execute();
    }
    // The newest heartbeat known (the offline verdict names the last one): the alarms read how old it is.
    const beat = event.type === 'phone.heartbeat.offline' ? isoOf(d.last_heartbeat_timestamp) : at;
    if (beat) await newerHeartbeat(db, d.owner, beat);
    return null;
  }
  const rule = SMS_EVENTS[event.type];
  if (!rule) return null;
  // The phone itself sent (or delivered) a message: what was handed to it before is not waiting on a silent phone,
  // and the phone was active then (Device Management's "last active").
  if (d.owner && rule.status !== 'FAILED') {
    await db
      .updateTable('smsDevices')
      .set({ unconfirmedSince: null })
      .where('phoneNumber', '=', d.owner)
      .where('unconfirmedSince', '<=', at)
      .execute();
    const phones = await db.selectFrom('smsDevices').select('id').where('phoneNumber', '=', d.owner).execute();
    await deviceActive(
      db,
      phones.map((p) => p.id),
      at,
    );
  }
  let q = db.selectFrom('smsNotifications').select(['id', 'status', 'schoolId']);
  if (d.request_id) q = q.where('requestId', '=', d.request_id);
  else if (d.id) q = q.where('providerMsgId', '=', d.id);
  else return null;
  const note = await q.executeTakeFirst();
  if (!note) return null;
  const changed = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const set =
      rule.status === 'DELIVERED'
        ? { status: rule.status, deliveredAt: at, updatedAt: now }
        : rule.status === 'SENT'
          ? { status: rule.status, sentAt: at, updatedAt: now }
          : {
              status: rule.status,
              failureReason: (d.error_message ?? d.reason ?? 'The phone could not send the message').slice(0, 300),
              updatedAt: now,
            };
    const r = await trx
      .updateTable('smsNotifications')
      .set(set)
      .where('id', '=', note.id)
      .where('status', 'in', rule.from)
      .where('dismissedAt', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    if (note.status === 'UNCERTAIN') {
      // Settled by the gateway: the outbox row leaves 'uncertain', so it cannot be resent any more.
      await trx
        .updateTable('notificationOutbox')
        .set({ status: rule.status === 'FAILED' ? OUTBOX.failed : OUTBOX.sent, updatedAt: now })
        .where('smsNotificationId', '=', note.id)
        .where('status', '=', OUTBOX.uncertain)
        .execute();
    }
    if (rule.action)
      await writeLog(trx, GATEWAY, {
        action: rule.action,
        entity: 'SmsNotification',
        entityId: note.id,
        details: { event: event.type },
        schoolId: note.schoolId,
      });
    return true;
  });
  return changed ? getNotification(db, note.id, defaultTimeZone) : null;
}
