import type { Selectable } from 'kysely';
import type { Executor } from '@core/db/index';
import type { SmsDeviceTable } from '@core/db/schema';
import type { SecretBox } from '@core/secrets/secrets';
import { localDate, localTime, nextLocalMidnight } from '@core/time/time';
import type { Clock } from '@core/time/clock';
import { sendSms, type SmsSendResult } from '../devices';
import { beginAttempt, type OutboxRow } from './claim';
import type { ChannelPayload } from './payloads';
import { paceGapMs, pauseDevice, poolOrder, returnSendSlot, takeSendSlot, waitingReason } from './pace';
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

/** The ACTIVE devices a message of `schoolId` may go through, unordered, with the school's global-overflow choice: ONE statement. */
export async function poolOf(db: Executor, schoolId: number | null) {
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
  return { devices: rows, allowGlobalOverflow: Boolean(Number(rows[0]?.allowGlobalOverflow ?? 0)) };
}

/** The ACTIVE devices a message of `schoolId` may go through, in the order they are tried (poolOrder). */
export async function deviceCandidates(db: Executor, schoolId: number | null, lastFailedId: number | null) {
  const pool = await poolOf(db, schoolId);
  return poolOrder(pool.devices, schoolId, pool.allowGlobalOverflow, lastFailedId);
}

/** Where and how a device's gateway is called (its own base URL, else the configured one; its decrypted key). */
export const gatewayOf = (deps: SendDeps, device: { baseUrl: string | null; apiKey: string }) => ({
  baseUrl: device.baseUrl ?? deps.gatewayUrl,
  apiKey: deps.secrets.decrypt(device.apiKey),
  timeoutMs: deps.timeoutMs,
});

/** The call that hands a message to its device's gateway (request_id: the message's key). */
export const handToGateway = (deps: SendDeps, device: Selectable<SmsDeviceTable>, row: OutboxRow, payload: ChannelPayload) =>
  sendSms({
    ...gatewayOf(deps, device),
    from: device.phoneNumber,
    to: row.recipient,
    content: payload.text,
    requestId: row.idempotencyKey,
  });

/** How long a message no device can take waits before it looks again (a device added or set ACTIVE, a pause ended). */
export const NO_DEVICE_RECHECK_MS = 60_000;

/** SMS History's reason for a message that no device can take now. */
export const NO_DEVICE_REASONS = {
  none: 'Waiting: no active SMS device for this school',
  paused: (until: Date, timeZone: string) =>
    `Waiting: every SMS device has used up its httpSMS credits (paused until ${localTime(until, timeZone)})`,
};

/**
 * What one attempt has met so far, device after device: the devices tried, why some were passed over, and when busy
 * or paused ones have room again. A batch hands its refused messages on with it (the per-message path goes on from
 * the next device).
 */
export interface Tried {
  exclude: Set<number>;
  skipped: string[];
  /** When each busy device has room again. */
  busy: number[];
  /** When each paused device (credits used up) may send again. */
  paused: number[];
  faultyId?: number;
}

export const nothingTried = (): Tried => ({ exclude: new Set(), skipped: [], busy: [], paused: [] });

/** A device's hand-over to one message: the phone's day, the pace moment it took (when paced). */
export interface HandOver {
  device: Selectable<SmsDeviceTable>;
  day: string;
  slot: string | null;
  /** The school's zone (a pause ends at its midnight). */
  zone: string;
  now: Date;
}

/**
 * Nothing reached the phone: its moment and today's slot go back. `failing`: the device itself could not take it
 * (its gateway down, its key refused), so the attempt still counts towards the device's silence; a message the
 * gateway refused for itself (a bad number), used-up credits (an alarm of their own) or a lost lease do not.
 */
export async function giveBack(db: Executor, { device, day, slot, now }: HandOver, failing = false): Promise<void> {
  await releaseSlot(db, device.id, day);
  const unconfirmedSince = failing ? (device.unconfirmedSince ?? now.toISOString()) : device.unconfirmedSince;
  if (slot) await returnSendSlot(db, device.id, slot, { nextSendAt: device.nextSendAt, unconfirmedSince });
}

/**
 * The gateway's answer to a hand-over: the attempt's outcome, or null when the pool's next device may take the
 * message (this one is paused or faulty; `tried` records why).
 */
export async function settleAttempt(
  db: Executor,
  deps: SendDeps,
  handOver: HandOver,
  result: SmsSendResult,
  tried: Tried,
): Promise<Outcome | null> {
  const { device, day } = handOver;
  if (result.ok) return { kind: 'sent', deviceId: device.id, providerMsgId: result.providerMsgId };
  // A call without an answer may have been sent after all: its slots stay used, and it is never resent blindly.
  if (result.maybeSent) return { kind: 'unknown', reason: result.reason, deviceId: device.id };
  // Nothing was sent: the slots go back, and the attempt counts as failed, shown apart.
  await giveBack(db, handOver, !result.creditsUsedUp && (result.deviceFault || result.retryable));
  await recordFailedAttempt(db, device.id, day);
  tried.exclude.add(device.id);
  if (result.creditsUsedUp) {
    // httpSMS stored nothing: the device rests until its school's next day (or a test send that goes through), and
    // the message tries the pool's other phones.
    const until = nextLocalMidnight(handOver.now, device.schoolId == null ? deps.timeZone : handOver.zone);
    await pauseDevice(db, device.id, until);
    tried.paused.push(until.getTime());
    tried.faultyId = device.id;
    return null;
  }
  if (result.deviceFault) {
    tried.skipped.push(`${device.name}: ${result.reason}`);
    tried.faultyId = device.id;
    return null;
  }
  if (result.retryable) return { kind: 'retry', reason: result.reason, deviceId: device.id };
  return { kind: 'failed', reason: result.reason };
}

/**
 * One attempt of an SMS: the first device of the pool that has room now (its pace and today's limit) takes it; a
 * device that refuses it passes it on. When every phone is busy, the message waits for the first to be free, with
 * no attempt counted. `tried`: what the attempt met already (devices a batch tried for it are not tried again).
 */
export async function deliverSms(
  db: Executor,
  deps: SendDeps,
  row: OutboxRow,
  payload: ChannelPayload,
  schoolTimezone: string | null,
  tried: Tried = nothingTried(),
): Promise<Outcome> {
  const devices = (await deviceCandidates(db, payload.schoolId, row.deviceId)).filter((d) => !tried.exclude.has(d.id));
  const now = deps.clock.now();
  // Not an attempt: the message waits, with its reason in SMS History (and the school's alarm), until a device comes.
  const recheck = new Date(now.getTime() + NO_DEVICE_RECHECK_MS);
  if (!devices.length && !tried.exclude.size) return { kind: 'wait', until: recheck, reason: NO_DEVICE_REASONS.none };
  const nowIso = now.toISOString();
  const zone = schoolTimezone ?? deps.timeZone;
  const day = localDate(now, zone);
  const { skipped, busy, paused } = tried;
  for (const device of devices) {
    if (device.pausedUntil != null && device.pausedUntil > nowIso) {
      paused.push(Date.parse(device.pausedUntil));
      continue;
    }
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
    const handOver: HandOver = { device, day, slot, zone, now };
    if (!(await beginAttempt(db, row, device.id, now))) {
      await giveBack(db, handOver);
      return { kind: 'lost' };
    }
    const result = await handToGateway(deps, device, row, payload);
    const outcome = await settleAttempt(db, deps, handOver, result, tried);
    if (outcome) return outcome;
  }
  return outOfDevices(tried, zone, recheck);
}

/** Every device of the pool was busy, paused, full or refused the message: wait for the first, or retry. */
function outOfDevices({ busy, paused, skipped, faultyId }: Tried, zone: string, recheck: Date): Outcome {
  if (busy.length) {
    const until = new Date(Math.min(...busy));
    return { kind: 'wait', until, reason: waitingReason(until, zone), deviceId: faultyId };
  }
  if (paused.length && !skipped.length) {
    const until = new Date(Math.min(...paused));
    return {
      kind: 'wait',
      until: until < recheck ? until : recheck,
      reason: NO_DEVICE_REASONS.paused(until, zone),
      deviceId: faultyId,
    };
  }
  const allFull = skipped.every((s) => s.endsWith('daily limit reached'));
  return { kind: 'retry', reason: allFull ? 'All SMS devices reached their daily limit' : skipped.join('; ').slice(0, 300) };
}

/** Resolves once the server's clock has reached `at` (looked at every 200 ms of real time). */
async function untilClock(clock: Clock, at: number): Promise<void> {
  for (let left = at - clock.now().getTime(); left > 0; left = at - clock.now().getTime())
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, left)));
}

/**
 * Takes the device's next moment ahead of the queue: the current one when it is free, else the one after the busy
 * device's current gap (moved one gap on, so the queue's next hand-over comes after it), waiting on the clock until
 * it comes. Null when another process took that moment first.
 */
async function aheadOfQueue(db: Executor, clock: Clock, device: Selectable<SmsDeviceTable>, now: Date) {
  const taken = await takeSendSlot(db, device, now);
  if (taken) return { slot: taken, previous: device };
  const row = await db
    .selectFrom('smsDevices')
    .select(['nextSendAt', 'unconfirmedSince'])
    .where('id', '=', device.id)
    .executeTakeFirst();
  const at = row?.nextSendAt;
  const gap = paceGapMs(device.sendRatePerMinute);
  if (!at || Date.parse(at) - now.getTime() > gap) return null;
  const next = new Date(Date.parse(at) + gap).toISOString();
  const r = await db
    .updateTable('smsDevices')
    .set((eb) => ({ nextSendAt: next, unconfirmedSince: eb.fn.coalesce('unconfirmedSince', eb.val(at)) }))
    .where('id', '=', device.id)
    .where('nextSendAt', '=', at)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  await untilClock(clock, Date.parse(at));
  return { slot: next, previous: { nextSendAt: at, unconfirmedSince: row.unconfirmedSince } };
}

/**
 * One message outside the queue (an alarm's notice to a school) through `device`, within its pace and today's limit
 * as any hand-over, but ahead of the queue: a busy phone's next moment is taken for it (waiting at most one gap).
 * 'busy' when the device has no room (its daily limit, or another process took the moment): nothing was sent. A
 * refusal gives the slots back, and a 402 pauses the device as in the queue.
 */
export async function sendOutsideQueue(
  db: Executor,
  deps: SendDeps,
  device: Selectable<SmsDeviceTable>,
  message: { to: string; content: string; requestId: string },
  timeZone: string,
): Promise<SmsSendResult | 'busy'> {
  const day = localDate(deps.clock.now(), timeZone);
  if (!(await reserveSlot(db, device.id, day, device.dailyLimit))) return 'busy';
  const moment = device.sendRatePerMinute > 0 ? await aheadOfQueue(db, deps.clock, device, deps.clock.now()) : null;
  if (device.sendRatePerMinute > 0 && !moment) {
    await releaseSlot(db, device.id, day);
    return 'busy';
  }
  const result = await sendSms({ ...gatewayOf(deps, device), from: device.phoneNumber, ...message });
  if (result.ok || result.maybeSent) return result;
  await releaseSlot(db, device.id, day);
  if (moment) await returnSendSlot(db, device.id, moment.slot, moment.previous);
  await recordFailedAttempt(db, device.id, day);
  if (result.creditsUsedUp) await pauseDevice(db, device.id, nextLocalMidnight(deps.clock.now(), timeZone));
  return result;
}
