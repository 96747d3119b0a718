import { describe, expect, it } from 'vitest';
import { demoClock } from '../../../scripts/demo-clock';
import { localDateTime } from '@core/time/time';

/** The demo's shifted school clock: whole school days at any hour, nights and midday skipped. */
const ZONE = 'Asia/Manila';
const at = (date: string, time: string, zone = ZONE) => localDateTime(date, time, zone).getTime();

function clockAt(opts: { rate: number; zone?: string; firstDay?: string; startAt?: string }) {
  let real = 1_000_000;
  const clock = demoClock({
    timeZone: opts.zone ?? ZONE,
    firstDay: opts.firstDay ?? '2026-11-25',
    startAt: opts.startAt ?? '07:00',
    rate: opts.rate,
    realNow: () => real,
  });
  return { clock, advance: (ms: number) => (real += ms), real: () => real };
}

describe('demoClock', () => {
  it('starts on the first day at startAt and runs rate times faster than real time', () => {
    const { clock, advance } = clockAt({ rate: 120 });
    expect(clock.now().getTime()).toBe(at('2026-11-25', '07:00'));
    advance(30_000); // an hour at 120×
    expect(clock.now().getTime()).toBe(at('2026-11-25', '08:00'));
  });

  it('skips from the end of the morning to the afternoon, and from the afternoon to the next morning', () => {
    const { clock, advance } = clockAt({ rate: 120 });
    advance(((3 * 60 + 20) * 60_000) / 120); // 07:00 → 10:20, the end of the morning span
    expect(clock.now().getTime()).toBe(at('2026-11-25', '15:50'));
    advance(((60 + 40) * 60_000) / 120 - 1); // just before 17:30
    expect(clock.now().getTime()).toBe(at('2026-11-25', '17:30') - 120);
    advance(1);
    expect(clock.now().getTime()).toBe(at('2026-11-26', '06:20'));
  });

  it('keeps going day after day, and a day shows 5 h 40 min of school time', () => {
    const { clock, advance } = clockAt({ rate: 600, startAt: '06:20' });
    advance((10 * (5 * 60 + 40) * 60_000) / 600);
    expect(clock.now().getTime()).toBe(at('2026-12-05', '06:20'));
  });

  it('says how long (real) until it shows an instant: 0 for the past and for skipped hours already passed', () => {
    const { clock, advance, real } = clockAt({ rate: 120 });
    expect(clock.msUntil(at('2026-11-25', '06:40'))).toBe(0);
    expect(clock.msUntil(at('2026-11-25', '07:30'))).toBe(15_000);
    // 13:00 is skipped: it is "shown" at 15:50, 3 h 20 min of school time after 07:00.
    expect(clock.msUntil(at('2026-11-25', '13:00'))).toBe(100_000);
    expect(clock.msUntil(at('2026-11-26', '06:20'))).toBe((5 * 60 * 60_000) / 120); // 07:00–10:20 and 15:50–17:30
    const target = at('2026-11-26', '07:45');
    const wait = clock.msUntil(target);
    advance(wait);
    expect(clock.now().getTime()).toBe(target);
    expect(clock.msUntil(target)).toBe(0);
    expect(real()).toBeGreaterThan(1_000_000);
  });

  it('follows the school zone across a DST change (New York, 2026-11-01)', () => {
    const zone = 'America/New_York';
    const { clock, advance } = clockAt({ rate: 60, zone, firstDay: '2026-10-31', startAt: '17:00' });
    advance((30 * 60_000) / 60); // 17:00 → 17:30: the next shown instant is 06:20 on Nov 1, after the change
    expect(clock.now().getTime()).toBe(at('2026-11-01', '06:20', zone));
    expect(new Date(at('2026-11-01', '06:20', zone)).toISOString()).toBe('2026-11-01T11:20:00.000Z');
  });
});
