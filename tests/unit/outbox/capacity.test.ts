import { describe, expect, it } from 'vitest';
import { percentile, phonesNeeded, replay, type QueuedNotice } from '../../../server/features/outbox/capacity';

const MIN = 60_000;
/** `n` notices queued at the same instant. */
const burst = (n: number, at = 0, expires = true): QueuedNotice[] => Array.from({ length: n }, () => ({ at, expires }));

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([], 95)).toBeNull();
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 95)).toBe(10);
  });
});

describe('replay', () => {
  it('paces one phone at its rate: the 11th of a burst at 10 a minute goes a minute after the first', () => {
    const r = replay(burst(11), 1, 10, 60 * MIN);
    expect(r.delays).toEqual([0, 6000, 12000, 18000, 24000, 30000, 36000, 42000, 48000, 54000, 60000]);
    expect(r.expired).toBe(0);
    expect(r.peakQueue).toBe(11);
  });

  it('shares a burst between phones', () => {
    const r = replay(burst(6), 3, 10, 60 * MIN);
    expect(r.delays).toEqual([0, 0, 0, 6000, 6000, 6000]);
  });

  it('expires a check-in that would go out later than the longest delay, and it costs no phone time', () => {
    // 1 phone at 1 a minute, 30 minutes allowed: of 40 notices at once, 31 are sent (0..30 min) and 9 expire.
    const r = replay(burst(40), 1, 1, 30 * MIN);
    expect(r.delays.length).toBe(31);
    expect(r.delays.at(-1)).toBe(30 * MIN);
    expect(r.expired).toBe(9);
  });

  it('never expires what may not expire (absence notices, staff messages)', () => {
    const r = replay(burst(40, 0, false), 1, 1, 30 * MIN);
    expect(r.delays.length).toBe(40);
    expect(r.expired).toBe(0);
  });

  it('with no phone, sends nothing and expires what may expire', () => {
    expect(replay([...burst(3), ...burst(2, 0, false)], 0, 10, 30 * MIN)).toEqual({ delays: [], expired: 3, peakQueue: 5 });
  });

  it('counts the queue as notices arrive and leave', () => {
    // One a minute for 10 minutes, one phone at 10 a minute: each is sent on arrival, never two waiting.
    const steady = Array.from({ length: 10 }, (_, i) => ({ at: i * MIN, expires: true }));
    expect(replay(steady, 1, 10, 30 * MIN).peakQueue).toBe(1);
  });
});

describe('phonesNeeded', () => {
  it('finds the fewest phones that keep p95 under the target', () => {
    // 400 check-ins within 10 minutes, phones at 20 a minute: one phone ends 200 behind (the last waits 10 min).
    const rush = Array.from({ length: 400 }, (_, i) => ({ at: Math.floor((i / 400) * 10 * MIN), expires: true }));
    const n = phonesNeeded(rush, 20, 5 * MIN, 30 * MIN)!;
    expect(percentile(replay(rush, n, 20, 30 * MIN).delays, 95)!).toBeLessThanOrEqual(5 * MIN);
    expect(percentile(replay(rush, n - 1, 20, 30 * MIN).delays, 95)!).toBeGreaterThan(5 * MIN);
    expect(n).toBe(2);
  });

  it('needs none for a quiet morning and says so when even the most is not enough', () => {
    expect(phonesNeeded([], 10, 5 * MIN, 30 * MIN)).toBe(0);
    expect(phonesNeeded(burst(1000), 1, 5 * MIN, 30 * MIN, 3)).toBeNull();
  });
});
