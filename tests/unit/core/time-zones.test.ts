import { describe, expect, it } from 'vitest';
import { addDays, lastLocalDays, localDate, localDateTime, localTime, startOfLocalDay } from '@core/time/time';
import { localDayRanges } from '../../../server/features/dashboard/service';

/**
 * School-day boundaries in every time zone this runtime knows, for every day of a year. The oracle is
 * Intl.DateTimeFormat itself (independent of the library's arithmetic): the start of a day must be read as
 * that day, the millisecond before it as the previous day, and the day must last 22 to 26 hours (Antarctica/Troll shifts by two).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function oracleDate(ms: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(ms);
}

const zones = Intl.supportedValuesOf('timeZone');
const YEAR_DAYS = Array.from({ length: 366 }, (_, i) => addDays('2026-01-01', i));

describe('day boundaries in every IANA zone through 2026', () => {
  it(`knows many zones (${zones.length})`, () => {
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('Asia/Manila');
  });

  it('each local day starts at an instant read as that day, right after the previous day ends', () => {
    const failures: string[] = [];
    for (const zone of zones) {
      let start = startOfLocalDay(YEAR_DAYS[0]!, zone).getTime();
      for (let i = 0; i < YEAR_DAYS.length - 1; i++) {
        const day = YEAR_DAYS[i]!;
        const next = startOfLocalDay(YEAR_DAYS[i + 1]!, zone).getTime();
        const hours = (next - start) / 3_600_000;
        if (oracleDate(start, zone) !== day || oracleDate(start - 1, zone) !== addDays(day, -1) || hours < 22 || hours > 26) {
          failures.push(`${zone} ${day}: starts ${new Date(start).toISOString()}, ${hours} h`);
        }
        start = next;
      }
    }
    expect(failures).toEqual([]);
    // ~150k boundaries: seconds on a quiet machine, longer on a shared one.
  }, 120_000);

  it('reads an instant as its local day in every zone, at both edges of each day and at noon (remembered days)', () => {
    const failures: string[] = [];
    for (const zone of zones) {
      for (let i = 1; i < YEAR_DAYS.length; i++) {
        const day = YEAR_DAYS[i]!;
        const start = startOfLocalDay(day, zone).getTime();
        for (const ms of [start, start - 1, start + 12 * 3_600_000, start + 1]) {
          if (localDate(new Date(ms), zone) !== oracleDate(ms, zone)) failures.push(`${zone} ${new Date(ms).toISOString()}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('DST days: New York has a 23-hour and a 25-hour day; Santiago starts at 01:00 when midnight is skipped', () => {
    const length = (d: string, z: string) =>
      (startOfLocalDay(addDays(d, 1), z).getTime() - startOfLocalDay(d, z).getTime()) / 3_600_000;
    expect(length('2026-03-08', 'America/New_York')).toBe(23);
    expect(length('2026-11-01', 'America/New_York')).toBe(25);
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    const santiago = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localTime(santiago, 'America/Santiago')).toBe('01:00');
    expect(localDate(santiago, 'America/Santiago')).toBe('2026-09-06');
  });

  it('Manila has no DST: 07:45 is 23:45 UTC of the previous day', () => {
    expect(localDateTime('2026-11-16', '07:45', 'Asia/Manila').toISOString()).toBe('2026-11-15T23:45:00.000Z');
    expect(localDate('2026-11-15T16:00:00.000Z', 'Asia/Manila')).toBe('2026-11-16');
    expect(localDate('2026-11-15T15:59:59.999Z', 'Asia/Manila')).toBe('2026-11-15');
  });

  it('the last n local days and their UTC ranges are contiguous (dashboard charts)', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(lastLocalDays(3, 'America/New_York', now)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    const ranges = localDayRanges(3, 'America/New_York', now);
    expect(ranges[0]).toEqual({ date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    expect(ranges[1]!.start).toBe(ranges[0]!.end);
  });
});
