import type { Executor } from '@core/db/index';
import { localTime } from '@core/time/time';

/*
 * The pace of each SMS device and the pool a school's messages share. A phone sends at most its rate a minute
 * (httpSMS spaces its sends 60 / rate seconds apart and queues the rest on its side, out of our order and expiry),
 * so the outbox hands a device one message per gap and keeps the queue itself. The pace lives in the database
 * (sms_devices.next_send_at), so every server process shares one budget per phone. A rate of 0 (httpSMS's "no
 * limit", which the API never sets) is not paced.
 */

/** The time between two hand-overs to a phone of `rate` messages a minute, rounded up to the ms. */
export const paceGapMs = (rate: number) => Math.ceil(60_000 / Math.max(1, rate));

/** What the pool needs to know of a device. */
export interface PoolDevice {
  id: number;
  schoolId: number | null;
  isDefault: number | boolean;
  nextSendAt: string | null;
}

/**
 * The devices a message of `schoolId` may go through, in the order they are tried. A school with ACTIVE devices of
 * its own uses those, and the global devices (of no school) after them only when it allows global overflow; a school
 * without any (or a message of no school) uses the global devices. Within that: the school's own before the global
 * ones, the device that has been free the longest first (so the load spreads over every phone), the default first
 * among equals; the device that failed the last attempt goes last.
 */
export function poolOrder<D extends PoolDevice>(
  devices: D[],
  schoolId: number | null,
  allowGlobalOverflow: boolean,
  lastFailedId: number | null,
): D[] {
  const own = schoolId == null ? [] : devices.filter((d) => d.schoolId === schoolId);
  const global = devices.filter((d) => d.schoolId == null);
  const pool = own.length === 0 ? global : allowGlobalOverflow ? [...own, ...global] : own;
  const rank = (d: D) => (d.id === lastFailedId ? 2 : 0) + (d.schoolId == null && own.length > 0 ? 1 : 0);
  const free = (d: D) => d.nextSendAt ?? '';
  return [...pool].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (free(a) < free(b) ? -1 : free(a) > free(b) ? 1 : 0) ||
      Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)) ||
      a.id - b.id,
  );
}

/**
 * Takes the device's next hand-over: ONE update that succeeds only while the device has room (next_send_at unset or
 * passed) and moves next_send_at one gap past `now`. Atomic across processes on both stores: SQLite runs one write at
 * a time, and PostgreSQL re-checks the condition on the row's newest version once it holds the row's lock, so of two
 * nodes racing for the same moment one wins. Returns the new next_send_at, or null when another took it first.
 */
export async function takeSendSlot(
  db: Executor,
  device: { id: number; sendRatePerMinute: number },
  now: Date,
): Promise<string | null> {
  const at = now.toISOString();
  const next = new Date(now.getTime() + paceGapMs(device.sendRatePerMinute)).toISOString();
  const r = await db
    .updateTable('smsDevices')
    // The first hand-over the phone has not yet reported sending starts the silence the alarms watch.
    .set((eb) => ({ nextSendAt: next, unconfirmedSince: eb.fn.coalesce('unconfirmedSince', eb.val(at)) }))
    .where('id', '=', device.id)
    .where((eb) => eb.or([eb('nextSendAt', 'is', null), eb('nextSendAt', '<=', at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? next : null;
}

/**
 * Gives a hand-over back when nothing was handed over (the lease was lost, the gateway refused it): only while no one
 * took the next one. The phone's wait for a report of a send goes back to what it was (`previous.unconfirmedSince`):
 * a message the gateway never took is not one the phone is silent about.
 */
export async function returnSendSlot(
  db: Executor,
  deviceId: number,
  taken: string,
  previous: { nextSendAt: string | null; unconfirmedSince: string | null },
): Promise<void> {
  await db
    .updateTable('smsDevices')
    .set({ nextSendAt: previous.nextSendAt, unconfirmedSince: previous.unconfirmedSince })
    .where('id', '=', deviceId)
    .where('nextSendAt', '=', taken)
    .execute();
}

/** SMS History's reason for a message that waits for a phone with room, at the school's time. */
export const waitingReason = (until: Date, timeZone: string) =>
  `Waiting for a phone (next free at ${localTime(until, timeZone)})`;

/** The device sends nothing until `until` (its httpSMS credits are used up); a test send that goes through ends it. */
export async function pauseDevice(db: Executor, deviceId: number, until: Date): Promise<void> {
  await db.updateTable('smsDevices').set({ pausedUntil: until.toISOString() }).where('id', '=', deviceId).execute();
}
