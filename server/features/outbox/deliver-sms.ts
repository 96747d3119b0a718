import type { Executor } from '@core/db/index';
import type { SecretBox } from '@core/secrets/secrets';
import { localDate } from '@core/time/time';
import type { Clock } from '@core/time/clock';
import { sendSms } from '../devices';
import { beginAttempt, type OutboxRow } from './claim';
import type { ChannelPayload } from './payloads';
import { recordFailedAttempt, releaseSlot, reserveSlot } from './usage';

export type Outcome =
  | { kind: 'sent'; deviceId?: number; pageId?: number; providerMsgId: string | null }
  | { kind: 'retry'; reason: string; deviceId?: number; rateLimited?: boolean }
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
 * Devices in the order they are tried: ACTIVE only; the school's default, the global default, the school's
 * other devices, the other global devices; the device that failed the last attempt goes last.
 */
export async function deviceCandidates(db: Executor, schoolId: number | null, lastFailedId: number | null) {
  let q = db
    .selectFrom('smsDevices as d')
    .leftJoin('schools as s', 's.id', 'd.schoolId')
    .selectAll('d')
    .select('s.timezone as schoolTimezone')
    .where('d.status', '=', 'ACTIVE');
  q =
    schoolId == null
      ? q.where('d.schoolId', 'is', null)
      : q.where((eb) => eb.or([eb('d.schoolId', 'is', null), eb('d.schoolId', '=', schoolId)]));
  const rows = await q.orderBy('d.id').execute();
  const rank = (d: (typeof rows)[number]) =>
    (d.id === lastFailedId ? 10 : 0) + (d.schoolId != null ? 0 : 2) + (d.isDefault ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** Where and how a device's gateway is called (its own base URL, else the configured one; its decrypted key). */
export const gatewayOf = (deps: SendDeps, device: { baseUrl: string | null; apiKey: string }) => ({
  baseUrl: device.baseUrl ?? deps.gatewayUrl,
  apiKey: deps.secrets.decrypt(device.apiKey),
  timeoutMs: deps.timeoutMs,
});

/** One attempt of an SMS: reserve a slot of today's limit on the first device that has one, send, fail over. */
export async function deliverSms(
  db: Executor,
  deps: SendDeps,
  row: OutboxRow,
  payload: ChannelPayload,
  schoolTimezone: string | null,
): Promise<Outcome> {
  const devices = await deviceCandidates(db, payload.schoolId, row.deviceId);
  if (!devices.length) return { kind: 'retry', reason: 'No active SMS device for this school' };
  const day = localDate(deps.clock.now(), schoolTimezone ?? deps.timeZone);
  const skipped: string[] = [];
  for (const device of devices) {
    if (!(await reserveSlot(db, device.id, day, device.dailyLimit))) {
      skipped.push(`${device.name}: daily limit reached`);
      continue;
    }
    if (!(await beginAttempt(db, row, device.id, deps.clock.now()))) {
      await releaseSlot(db, device.id, day);
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
    // A call without an answer may have been sent after all: its slot stays used, and it is never resent blindly.
    if (result.maybeSent) return { kind: 'unknown', reason: result.reason, deviceId: device.id };
    // Nothing was sent: the slot goes back, and the attempt counts as failed, shown apart.
    await releaseSlot(db, device.id, day);
    await recordFailedAttempt(db, device.id, day);
    if (result.deviceFault) {
      skipped.push(`${device.name}: ${result.reason}`);
      continue;
    }
    if (result.retryable) return { kind: 'retry', reason: result.reason, deviceId: device.id };
    return { kind: 'failed', reason: result.reason };
  }
  const allFull = skipped.every((s) => s.endsWith('daily limit reached'));
  return { kind: 'retry', reason: allFull ? 'All SMS devices reached their daily limit' : skipped.join('; ').slice(0, 300) };
}
