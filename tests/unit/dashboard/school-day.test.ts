import { describe, expect, it } from 'vitest';
import { prng } from '../../../bench/lib';
import { addDays, localDate, localDateTime } from '@core/time/time';
import { planSchoolDay, replayPacer, schoolDays, yesterday } from '../../../scripts/school-day';

/** The demo's and the simulator's school days (scripts/school-day.ts). */
const rules = { timeZone: 'Asia/Manila', lateCutoff: '07:45' };
const cards = Array.from({ length: 200 }, (_, i) => `C${String(i).padStart(7, '0')}`);

describe('planSchoolDay', () => {
  const date = '2026-11-23';
  const taps = planSchoolDay(date, cards, rules, prng(7).next);
  const cutoff = localDateTime(date, '07:45', rules.timeZone).getTime();
  const byCard = new Map<string, typeof taps>();
  for (const t of taps) byCard.set(t.cardUid, [...(byCard.get(t.cardUid) ?? []), t]);

  it('keeps every tap on the school day, in time order, with 10 unknown cards (5% of 200)', () => {
    expect(taps.every((t) => localDate(t.tappedAt, rules.timeZone) === date)).toBe(true);
    expect(taps.map((t) => t.tappedAt)).toEqual([...taps.map((t) => t.tappedAt)].sort());
    expect([...byCard.keys()].filter((c) => !cards.includes(c))).toHaveLength(10);
  });

  it('arrives before the late cutoff mostly, some after it, and leaves at least 8 hours after the cutoff', () => {
    const first = cards.filter((c) => byCard.has(c)).map((c) => Date.parse(byCard.get(c)![0]!.tappedAt));
    const late = first.filter((t) => t > cutoff).length / first.length;
    expect(late).toBeGreaterThan(0.05);
    expect(late).toBeLessThan(0.3);
    expect(first.every((t) => t >= cutoff - 75 * 60_000 && t <= cutoff + 41 * 60_000)).toBe(true);
    const afternoon = taps.filter((t) => Date.parse(t.tappedAt) > cutoff + 2 * 3_600_000);
    expect(afternoon.length).toBeGreaterThan(150);
    expect(afternoon.every((t) => Date.parse(t.tappedAt) >= cutoff + 8.25 * 3_600_000)).toBe(true);
    expect(cards.filter((c) => !byCard.has(c)).length).toBeGreaterThan(0); // absent
    expect(Math.max(...[...byCard.values()].map((list) => list.length))).toBe(3); // arrival, double tap, departure
  });
});

describe('schoolDays', () => {
  it('plays yesterday whole and today only up to now: never a tap ahead of the clock', async () => {
    const stop = new AbortController();
    const firstDay = yesterday(rules.timeZone);
    const same = prng(3).next;
    const planned = [...planSchoolDay(firstDay, cards, rules, same), ...planSchoolDay(addDays(firstDay, 1), cards, rules, same)];
    // Stopped once every tap already due when it starts has come (the next one waits for its time).
    const dueAtStart = planned.filter((t) => Date.parse(t.tappedAt) <= Date.now()).length;
    let caughtUp!: () => void;
    const upToNow = new Promise<void>((resolve) => (caughtUp = resolve));
    const got: Array<{ tappedAt: string; yieldedAt: number }> = [];
    const play = (async () => {
      const taps = schoolDays({ firstDay, cards, rules, pace: replayPacer(1e9, 0), signal: stop.signal, rnd: prng(3).next });
      for await (const tap of taps) {
        got.push({ tappedAt: tap.tappedAt, yieldedAt: Date.now() });
        if (got.length >= dueAtStart) caughtUp();
      }
    })();
    await upToNow;
    stop.abort();
    await play;

    const due = planned.filter((t) => Date.parse(t.tappedAt) <= got.at(-1)!.yieldedAt);
    expect(got.map((t) => t.tappedAt)).toEqual(due.map((t) => t.tappedAt));
    expect(got.every((t) => Date.parse(t.tappedAt) <= t.yieldedAt)).toBe(true);
  });
});
