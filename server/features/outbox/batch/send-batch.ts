import type { Selectable } from 'kysely';
import type { Executor } from '@core/db/index';
import type { SmsDeviceTable } from '@core/db/schema';
import { localDate } from '@core/time/time';
import type { SmsSendResult } from '../../devices';
import type { OutboxRow } from '../claim';
import { giveBack, handToGateway, poolOf, type HandOver, type SendDeps } from '../deliver-sms';
import { paceGapMs, poolOrder, takeSendSlot, waitingReason } from '../pace';
import { channelPayloadOf, type ChannelPayload } from '../payloads';
import { reserveSlots } from '../usage';
import { beginAttempts } from './finish-batch';

type Device = Selectable<SmsDeviceTable>;

/** A message handed to a device, and the gateway's answer. */
export interface Handed extends HandOver {
  row: OutboxRow;
  result: SmsSendResult;
}

/** Messages every phone of their pool is busy for: they wait, all until the same moment, for the same reason. */
export interface Waiting {
  rows: OutboxRow[];
  until: Date;
  reason: string;
}

export interface BatchSend {
  handed: Handed[];
  waiting: Waiting[];
  /** Claimed rows whose lease was lost before the hand-over (another worker holds them): not sent. */
  lost: OutboxRow[];
  /** Rows the batch did not take: the per-message path sends them (a device full or paused, a pace moment taken…). */
  rest: OutboxRow[];
}

/**
 * A pass's SMS messages handed to their phones together. Each message gets the first device of its school's pool
 * with room now, in claim order (the pool read once per school, a paced phone busy in memory once it is given a
 * message); then per device one reservation of today's slots for all its messages, its pace moment, and one
 * in-flight marker for all of them, committed before any call; then the calls, `concurrency` at a time. Every rule
 * of the per-message path (deliver-sms.ts) holds; a message for which a step does not go as planned is left in
 * `rest` for that path, which also settles refusals. Messages whose pool has only busy phones wait together.
 */
export async function sendBatch(
  db: Executor,
  deps: SendDeps,
  rows: OutboxRow[],
  zoneOf: (schoolId: number) => Promise<string | null>,
  concurrency: number,
): Promise<BatchSend> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const out: BatchSend = { handed: [], waiting: [], lost: [], rest: [] };
  const pools = new Map<number | null, Awaited<ReturnType<typeof poolOf>>>();
  /** Each device's next free moment as read (the pool's rows are marked busy in memory as the batch plans). */
  const readFree = new Map<number, string | null>();
  const groups = new Map<string, { device: Device; day: string; zone: string; rows: Array<[OutboxRow, ChannelPayload]> }>();
  const waits = new Map<string, Waiting>();
  for (const row of rows) {
    let payload: ChannelPayload;
    try {
      payload = channelPayloadOf(row);
    } catch {
      out.rest.push(row);
      continue;
    }
    const schoolId = payload.schoolId;
    let pool = pools.get(schoolId);
    if (!pool) {
      pools.set(schoolId, (pool = await poolOf(db, schoolId)));
      for (const d of pool.devices) if (!readFree.has(d.id)) readFree.set(d.id, d.nextSendAt);
    }
    const ordered = poolOrder(pool.devices, schoolId, pool.allowGlobalOverflow, row.deviceId);
    const open = ordered.filter((d) => d.pausedUntil == null || d.pausedUntil <= nowIso);
    const device = open.find((d) => d.nextSendAt == null || d.nextSendAt <= nowIso);
    const zone = (schoolId == null ? null : await zoneOf(schoolId)) ?? deps.timeZone;
    if (!device) {
      // Only busy phones: the message waits for the first to have room (paused or no phones: the per-message path says why).
      if (!open.length || open.length < ordered.length) out.rest.push(row);
      else {
        const until = new Date(Math.min(...open.map((d) => Date.parse(d.nextSendAt!))));
        const key = `${until.getTime()}|${zone}`;
        const wait = waits.get(key) ?? { rows: [], until, reason: waitingReason(until, zone) };
        waits.set(key, wait);
        wait.rows.push(row);
      }
      continue;
    }
    // A paced phone takes one message a gap: busy for the rest of this batch.
    if (device.sendRatePerMinute > 0)
      device.nextSendAt = new Date(now.getTime() + paceGapMs(device.sendRatePerMinute)).toISOString();
    const day = localDate(now, zone);
    const key = `${device.id}|${day}`;
    const group = groups.get(key) ?? { device, day, zone, rows: [] };
    groups.set(key, group);
    group.rows.push([row, payload]);
  }
  out.waiting = [...waits.values()];
  const calls: Array<{ order: number; call: () => Promise<void> }> = [];
  const order = new Map(rows.map((r, i) => [r.id, i]));
  for (const { device: planned, day, zone, rows: group } of groups.values()) {
    // The device as read, not as this batch marked it busy in memory.
    const device = { ...planned, nextSendAt: readFree.get(planned.id) ?? null };
    if (!(await reserveSlots(db, device.id, day, device.dailyLimit, group.length))) {
      out.rest.push(...group.map(([row]) => row));
      continue;
    }
    const slot = device.sendRatePerMinute > 0 ? await takeSendSlot(db, device, now) : null;
    const handOver: HandOver = { device, day, slot, zone, now };
    if (device.sendRatePerMinute > 0 && !slot) {
      // Another process took this moment of the phone: the per-message path finds the next.
      await giveBack(db, { ...handOver, slot: null });
      out.rest.push(...group.map(([row]) => row));
      continue;
    }
    const held = await beginAttempts(
      db,
      group.map(([row]) => row),
      device.id,
      now,
    );
    for (const [row, payload] of group) {
      if (!held.has(row.id)) {
        await giveBack(db, handOver);
        out.lost.push(row);
        continue;
      }
      calls.push({
        order: order.get(row.id)!,
        call: async () => {
          const result = await handToGateway(deps, device, row, payload);
          out.handed.push({ ...handOver, row, result });
        },
      });
    }
  }
  // In claim order, whatever device each went to: the most urgent are handed over first.
  calls.sort((a, b) => a.order - b.order);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, concurrency), calls.length) }, async () => {
      while (next < calls.length) await calls[next++]!.call();
    }),
  );
  return out;
}
