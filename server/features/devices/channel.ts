import type { DB, Executor } from '@core/db/index';
import type { SecretBox } from '@core/secrets/secrets';
import { writeLog, type Actor } from '@core/audit-log';
import { maskSecret } from '@shared/secrets';

/**
 * What the two delivery channels (SMS devices with their httpSMS API key, Facebook pages with their page token)
 * share: the secret is stored encrypted, listed masked, revealed in full only with a line in the system log, and
 * a channel's removal is logged with what identified it. Each service keeps what is its own (default devices and
 * daily limits; page ids and reconnection).
 */
export interface ChannelKind {
  table: 'smsDevices' | 'facebookPages';
  entity: 'SmsDevice' | 'FacebookPage';
  revealAction: 'REVEAL_SMS_DEVICE_KEY' | 'REVEAL_FACEBOOK_PAGE_TOKEN';
  deleteAction: 'DELETE_SMS_DEVICE' | 'DELETE_FACEBOOK_PAGE';
}

export const SMS_DEVICE_CHANNEL: ChannelKind = {
  table: 'smsDevices',
  entity: 'SmsDevice',
  revealAction: 'REVEAL_SMS_DEVICE_KEY',
  deleteAction: 'DELETE_SMS_DEVICE',
};
export const FACEBOOK_PAGE_CHANNEL: ChannelKind = {
  table: 'facebookPages',
  entity: 'FacebookPage',
  revealAction: 'REVEAL_FACEBOOK_PAGE_TOKEN',
  deleteAction: 'DELETE_FACEBOOK_PAGE',
};

/** The stored secret as lists show it ('abcd…wxyz'): never the whole of it. */
export const maskedSecret = (secrets: SecretBox, stored: string) => maskSecret(secrets.decrypt(stored));

/** The whole secret, for a dialog's Reveal; the reveal is in the system log, naming the channel. */
export async function revealChannelSecret(
  db: Executor,
  secrets: SecretBox,
  kind: ChannelKind,
  channel: { id: number; stored: string; label: Record<string, unknown>; schoolId: number | null },
  actor: Actor,
): Promise<string> {
  await writeLog(db, actor, {
    action: kind.revealAction,
    entity: kind.entity,
    entityId: channel.id,
    schoolId: channel.schoolId,
    details: channel.label,
  });
  return secrets.decrypt(channel.stored);
}

/** Removes a channel (of school `schoolId`) and logs it, in one transaction. */
export async function deleteChannel(
  db: DB,
  kind: ChannelKind,
  id: number,
  details: Record<string, unknown> & { schoolId: number | null },
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(kind.table).where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: kind.deleteAction,
      entity: kind.entity,
      entityId: id,
      schoolId: details.schoolId,
      details,
    });
  });
}
