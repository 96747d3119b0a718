import { sql } from 'kysely';
import type { Executor } from '@core/db/index';

/**
 * A device's daily limit, reserved atomically: one upsert that adds 1 only while the
 * count is under the limit. No row back → the device is full for that day. `dayLocal` is the school's
 * calendar day, so the count starts again at the school's midnight, not at UTC's.
 */
export async function reserveSlot(db: Executor, deviceId: number, dayLocal: string, limit: number | null): Promise<boolean> {
  return reserveSlots(db, deviceId, dayLocal, limit, 1);
}

/** `n` slots of the device's day at once, all or none (a pass's messages for one phone). */
export async function reserveSlots(
  db: Executor,
  deviceId: number,
  dayLocal: string,
  limit: number | null,
  n: number,
): Promise<boolean> {
  if (limit && n > limit) return false;
  const row = await db
    .insertInto('smsDeviceUsage')
    .values({ deviceId, dayLocal, count: n })
    .onConflict((oc) => {
      const update = oc.columns(['deviceId', 'dayLocal']).doUpdateSet({ count: sql`sms_device_usage.count + ${n}` });
      return limit ? update.where(sql`sms_device_usage.count + ${n}`, '<=', limit) : update;
    })
    .returning('count')
    .executeTakeFirst();
  return row !== undefined && (!limit || Number(row.count) <= limit);
}

/** Counts an attempt the gateway did not accept (shown apart from the sent ones). */
export async function recordFailedAttempt(db: Executor, deviceId: number, dayLocal: string): Promise<void> {
  await db
    .insertInto('smsDeviceUsage')
    .values({ deviceId, dayLocal, count: 0, failed: 1 })
    .onConflict((oc) => oc.columns(['deviceId', 'dayLocal']).doUpdateSet({ failed: sql`sms_device_usage.failed + 1` }))
    .execute();
}

/** Gives a slot back after a definite failure before anything was sent. */
export async function releaseSlot(db: Executor, deviceId: number, dayLocal: string): Promise<void> {
  await db
    .updateTable('smsDeviceUsage')
    .set({ count: sql`count - 1` })
    .where('deviceId', '=', deviceId)
    .where('dayLocal', '=', dayLocal)
    .where('count', '>', 0)
    .execute();
}
