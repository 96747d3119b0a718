import { describe, expect, it } from 'vitest';
import { paceGapMs, poolOrder, waitingReason, type PoolDevice } from '../../../server/features/outbox/pace';
import { SEND_RATE, SMS_DEVICE_MESSAGES as M, smsDeviceCreateSchema, smsDeviceUpdateSchema } from '@domain/devices/sms-devices';

const device = (id: number, schoolId: number | null, extra: Partial<PoolDevice> = {}): PoolDevice => ({
  id,
  schoolId,
  isDefault: 0,
  nextSendAt: null,
  ...extra,
});
const ids = (devices: PoolDevice[]) => devices.map((d) => d.id);

describe('the pace of a phone', () => {
  it('hands one message per 60 s / rate, rounded up so a minute never holds more than the rate', () => {
    expect(paceGapMs(10)).toBe(6000);
    expect(paceGapMs(60)).toBe(1000);
    expect(paceGapMs(1)).toBe(60_000);
    // 60 000 / 7 = 8571.4…: 8572 ms, so 7 hand-overs span 51 432 ms and the 8th falls after the minute.
    expect(paceGapMs(7)).toBe(8572);
    expect(paceGapMs(7) * 7).toBeGreaterThanOrEqual(60_000);
  });

  it("says in SMS History when the first phone is free, at the school's time", () => {
    expect(waitingReason(new Date('2026-11-23T23:02:40Z'), 'Asia/Manila')).toBe('Waiting for a phone (next free at 07:02)');
  });
});

describe('the pool of a school', () => {
  const own1 = device(1, 7, { isDefault: 1 });
  const own2 = device(2, 7);
  const global = device(3, null, { isDefault: 1 });
  const elsewhere = device(4, 8);

  it('a school with phones of its own uses only those unless it allows global overflow; then the global ones after', () => {
    expect(ids(poolOrder([own1, own2, global, elsewhere], 7, false, null))).toEqual([1, 2]);
    expect(ids(poolOrder([global, own2, own1], 7, true, null))).toEqual([1, 2, 3]);
  });

  it('a school without phones of its own, or a message of no school, uses the global ones', () => {
    expect(ids(poolOrder([global, elsewhere], 7, false, null))).toEqual([3]);
    expect(ids(poolOrder([global, own1], null, false, null))).toEqual([3]);
    expect(poolOrder([own1], 8, true, null)).toEqual([]);
  });

  it('the phone free the longest goes first, so every phone is used; the default first among equals', () => {
    const busy = { ...own1, nextSendAt: '2026-11-23T23:00:06.000Z' };
    const freed = { ...own2, nextSendAt: '2026-11-23T23:00:01.000Z' };
    expect(ids(poolOrder([busy, freed], 7, false, null))).toEqual([2, 1]);
    expect(ids(poolOrder([own2, own1], 7, false, null))).toEqual([1, 2]);
  });

  it('the phone that failed the last attempt goes last, after the global overflow', () => {
    expect(ids(poolOrder([own1, own2, global], 7, true, 1))).toEqual([2, 3, 1]);
    expect(ids(poolOrder([own1, own2, global], 7, false, 1))).toEqual([2, 1]);
  });
});

describe('the send rate in the device contract', () => {
  const base = { name: 'A', deviceName: 'B', phoneNumber: '+639171234567', apiKey: 'k' };

  it('is 10 unless given; 1 to 60, as a number or digits', () => {
    expect(smsDeviceCreateSchema.parse(base).sendRatePerMinute).toBe(SEND_RATE.default);
    expect(smsDeviceCreateSchema.parse({ ...base, sendRatePerMinute: ' 30 ' }).sendRatePerMinute).toBe(30);
    expect(smsDeviceUpdateSchema.parse({ sendRatePerMinute: 1 }).sendRatePerMinute).toBe(1);
    expect(smsDeviceUpdateSchema.parse({}).sendRatePerMinute).toBeUndefined();
  });

  it.each([0, 61, 1.5, '', 'fast', null])('refuses %j with the message', (rate) => {
    const result = smsDeviceUpdateSchema.safeParse({ sendRatePerMinute: rate });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['sendRatePerMinute', M.sendRate]]);
  });
});
