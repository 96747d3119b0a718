import type { Executor } from '@core/db/index';
import { localDate } from '@core/time/time';
import { findSmsByRequestId } from '../devices';
import { OUTBOX, type OutboxRow } from './claim';
import { gatewayOf, type Outcome, type SendDeps } from './deliver-sms';
import { releaseSlot } from './usage';

/** Why a message is UNCERTAIN (history failureReason): what happened, and what the admin can do. */
export const UNCERTAIN_REASONS = {
  noDevice: 'Outcome unknown: the send was interrupted and its SMS device no longer exists to ask. Resend or Dismiss.',
  sms: (device: string, why: string) =>
    `Outcome unknown: the send through ${device} was interrupted and the gateway could not say whether it took the message (${why}). Check the phone, then Resend or Dismiss.`,
  messenger:
    'Outcome unknown: the Messenger send was interrupted and Messenger cannot be asked whether it arrived. Resend or Dismiss.',
} as const;

const GATEWAY_FAILED = ['failed', 'expired'];

/**
 * A claimed SMS row that carries an in-flight marker: an earlier attempt got no answer (timeout, or the process
 * died during the call). Asks the gateway for the attempt's request_id on the device it went through:
 * - found → that attempt's outcome (sent, or failed on the phone);
 * - not there → the attempt never reached the gateway: its slot is given back, the marker cleared, and
 *   null tells the caller to send normally;
 * - the gateway cannot answer → UNCERTAIN (never resent blindly).
 */
export async function reconcileSms(
  db: Executor,
  deps: SendDeps,
  row: OutboxRow,
  schoolTimezone: string | null,
): Promise<Outcome | null> {
  const device =
    row.inflightDeviceId == null
      ? undefined
      : await db.selectFrom('smsDevices').selectAll().where('id', '=', row.inflightDeviceId).executeTakeFirst();
  if (!device) return { kind: 'uncertain', reason: UNCERTAIN_REASONS.noDevice };
  const since = new Date(row.inflightAt ?? row.updatedAt);
  const lookup = await findSmsByRequestId({
    ...gatewayOf(deps, device),
    owner: device.phoneNumber,
    contact: row.recipient,
    requestId: row.idempotencyKey,
    since,
  });
  if (lookup.found === null) return { kind: 'uncertain', reason: UNCERTAIN_REASONS.sms(device.name, lookup.reason) };
  if (lookup.found) {
    if (GATEWAY_FAILED.includes(lookup.status)) return { kind: 'failed', reason: `SMS gateway: the message ${lookup.status}` };
    return { kind: 'sent', deviceId: device.id, providerMsgId: lookup.providerMsgId };
  }
  await releaseSlot(db, device.id, localDate(since, schoolTimezone ?? deps.timeZone));
  const r = await db
    .updateTable('notificationOutbox')
    .set({ inflightAt: null, inflightDeviceId: null })
    .where('id', '=', row.id)
    .where('status', '=', OUTBOX.sending)
    .where('leaseToken', '=', row.leaseToken)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? null : { kind: 'lost' };
}
