import type { Executor } from '@core/db/index';
import type { SecretBox } from '@core/secrets/secrets';
import { localDate } from '@core/time/time';
import type { Clock } from '@core/time/clock';
import { sendSms } from '../devices';
import { beginAttempt, type OutboxRow } from './claim';
import type { ChannelPayload } from './payloads';
import { paceGapMs, poolOrder, returnSendSlot, takeSendSlot, waitingReason } from './pace';
import { recordFailedAttempt, releaseSlot, reserveSlot } from './usage';

export type Outcome =
  | { kind: 'sent'; deviceId?: number; pageId?: number; providerMsgId: string | null }
  | { kind: 'retry'; reason: string; deviceId?: number; rateLimited?: boolean }
  /** Every phone of the pool is busy: the message waits until `until`, with no attempt counted. */
  | { kind: 'wait'; reason: string; until: Date; deviceId?: number }
  | { kind: 'failed'; reason: string }
  /** No answer: it may have been sent. The in-flight marker stays; the next attempt asks the provider first. */
  | { kind: 'unknown'; reason: string; deviceId?: number }
  /** Nobody can tell whether it was sent (the provider cannot be asked): an admin decides. */
  | { kind: 'uncertain'; reason: string }
  /** This worker's lease ran out before the send: another worker holds the row now. */
  | { kind: 'lost' };

export interface SendDeps {
  /** The server's clock: which day a device's daily count is on, when an attempt started */
  clock: Clock;
  secrets: SecretBox;
  gatewayUrl: string;
  graphApiUrl: string;
  timeZone: string;
  timeoutMs: number;
}

/**
 * The ACTIVE devices a message of `schoolId` may go through, in the order they are tried (poolOrder): ONE statement,
 * the school's global-overflow choice read with them.
 */
export async function deviceCandidates(db: Executor, schoolId: number | null, lastFailedId: number | null) {
  let q = db.selectFrom('smsDevices as d').selectAll('d').where('d.status', '=', 'ACTIVE');
  q =
    schoolId == null
      ? q.where('d.schoolId', 'is', null)
      : q.where((eb) => eb.or([eb('d.schoolId', 'is', null), eb('d.schoolId', '=', schoolId)]));
  const rows = await q
    .select((eb) =>
      eb
        .selectFrom('schools as s')
        .select('s.allowGlobalOverflow')
        .where('s.id', '=', schoolId ?? 0)
        .as('allowGlobalOverflow'),
    )
    .orderBy('d.id')
    .execute();
  return poolOrder(rows, schoolId, Boolean(Number(rows[0]?.allowGlobalOverflow ?? 0)), lastFailedId);
}

/** Where and how a device's gateway is called (its own base URL, else the configured one; its decrypted key). */
export const gatewayOf = (deps: SendDeps, device: { baseUrl: string | null; apiKey: string }) => ({
  baseUrl: device.baseUrl ?? deps.gatewayUrl,
  apiKey: deps.secrets.decrypt(device.apiKey),
  timeoutMs: deps.timeoutMs,
});

/**
 * One attempt of an SMS: the first device of the pool that has room now (its pace and today's limit) takes it; a
 * device that refuses it passes it on. When every phone is busy, the message waits for the first to be free, with
 * no attempt counted.
 */
export async function deliverSms(
  db: Executor,
  deps: SendDeps,
  row: OutboxRow,
  payload: ChannelPayload,
  schoolTimezone: string | null,
): Promise<Outcome> {
  const devices = await deviceCandidates(db, payload.schoolId, row.deviceId);
  if (!devices.length) return { kind: 'retry', reason: 'No active SMS device for this school' };
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const zone = schoolTimezone ?? deps.timeZone;
  const day = localDate(now, zone);
  const skipped: string[] = [];
  /** When each busy device has room again. */
  const busy: number[] = [];
  let faultyId: number | undefined;
  for (const device of devices) {
    if (device.nextSendAt != null && device.nextSendAt > nowIso) {
      busy.push(Date.parse(device.nextSendAt));
      continue;
    }
    if (!(await reserveSlot(db, device.id, day, device.dailyLimit))) {
      skipped.push(`${device.name}: daily limit reached`);
      continue;
    }
    // Rate 0 (httpSMS's "no limit", which the API never sets: a stand-in gateway with no phone behind it) is not paced.
    const paced = device.sendRatePerMinute > 0;
    const slot = paced ? await takeSendSlot(db, device, now) : null;
    if (paced && !slot) {
      // Another process took this moment of the phone: it has room again one gap later.
      await releaseSlot(db, device.id, day);
      busy.push(now.getTime() + paceGapMs(device.sendRatePerMinute));
      continue;
    }
    /** Nothing reached the phone: its moment and today's slot go back. */
    const giveBack = async () => {
      await releaseSlot(db, device.id, day);
      if (slot) await returnSendSlot(db, device.id, slot, device.nextSendAt);
    };
    if (!(await beginAttempt(db, row, device.id, now))) {
      await giveBack();
      return { kind: 'lost' };
    }
    const result = await sendSms({
      ...gatewayOf(deps, device),
      from: device.phoneNumber,
      to: row.recipient,
      content: payload.text,
      requestId: row.idempotencyKey,
    });
    if (result.ok) return { kind: 'sent', deviceId: device.id, providerMsgId: result.providerMsgId };
    // A call without an answer may have been sent after all: its slots stay used, and it is never resent blindly.
    if (result.maybeSent) return { kind: 'unknown', reason: result.reason, deviceId: device.id };
    // Nothing was sent: the slots go back, and the attempt counts as failed, shown apart.
    await giveBack();
    await recordFailedAttempt(db, device.id, day);
    if (result.deviceFault) {
      skipped.push(`${device.name}: ${result.reason}`);
      faultyId = device.id;
      continue;
    }
    if (result.retryable) return { kind: 'retry', reason: result.reason, deviceId: device.id };
    return { kind: 'failed', reason: result.reason };
  }
  if (busy.length) {
    const until = new Date(Math.min(...busy));
    return { kind: 'wait', until, reason: waitingReason(until, zone), deviceId: faultyId };
  }
  const allFull = skipped.every((s) => s.endsWith('daily limit reached'));
  return { kind: 'retry', reason: allFull ? 'All SMS devices reached their daily limit' : skipped.join('; ').slice(0, 300) };
}
