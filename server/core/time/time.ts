import { TZDate } from '@date-fns/tz';

/*
 * Time-zone arithmetic through @date-fns/tz (TZDate: a Date whose calendar fields live in an IANA zone),
 * never by hand: a school's day starts at its local midnight, or at the first instant that exists
 * after it on days where a DST change skips midnight (e.g. America/Santiago, Asia/Beirut).
 * Tested across every zone Intl knows for a whole year (tests/unit/core/time-zones.test.ts).
 */

/** ISO-8601 UTC timestamp: the one format every timestamp column uses. */
export const nowIso = (): string => new Date().toISOString();

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ymd = (d: { getFullYear(): number; getMonth(): number; getDate(): number }) =>
  `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The instant as a calendar reading in a time zone. */
export function inZone(instant: Date | string | number, timeZone: string): TZDate {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  return new TZDate(ms, timeZone);
}

/**
 * Recently used local days per zone, as [start, end) instants computed by the library: a tap's school day is
 * then a range lookup instead of a time-zone conversion (the dearest step of recording a tap). Only days with
 * the same UTC offset at both ends are kept, so every instant inside one is read as that day; a day with a DST
 * change inside it is converted every time.
 */
const knownDays = new Map<string, { date: string; start: number; end: number }[]>();

/** 'YYYY-MM-DD' of an instant in a time zone (school day boundaries). */
export function localDate(instant: Date | string, timeZone: string): string {
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  const days = knownDays.get(timeZone);
  const hit = days?.find((d) => ms >= d.start && ms < d.end);
  if (hit) return hit.date;
  const date = ymd(inZone(ms, timeZone));
  const start = startOfLocalDay(date, timeZone).getTime();
  const end = startOfLocalDay(addDays(date, 1), timeZone).getTime();
  const last = inZone(end - 1, timeZone);
  if (ymd(last) === date && inZone(start, timeZone).getTimezoneOffset() === last.getTimezoneOffset()) {
    const list = days ?? [];
    if (list.length >= 8) list.shift();
    list.push({ date, start, end });
    if (!days) knownDays.set(timeZone, list);
  }
  return date;
}

/** 'HH:MM' wall-clock time of an instant in a time zone. */
export function localTime(instant: Date | string, timeZone: string): string {
  const d = inZone(instant, timeZone);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The calendar date n days after `date` (n may be negative). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The UTC instant of a local wall-clock time on a calendar day ('07:45' on '2026-03-08' in a zone). A time
 * skipped by a DST change resolves forward, as clocks do.
 */
export function localDateTime(date: string, time: string, timeZone: string, seconds = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, seconds, timeZone).getTime());
}

/** The UTC instant at which a local calendar day starts in a time zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return localDateTime(date, '00:00', timeZone);
}

/** The instant the local day after `instant`'s begins: the next midnight in the zone. */
export function nextLocalMidnight(instant: Date, timeZone: string): Date {
  return startOfLocalDay(addDays(localDate(instant, timeZone), 1), timeZone);
}

/** ['YYYY-MM-DD', …] of the last n local days ending today (oldest first). */
export function lastLocalDays(n: number, timeZone: string, now = new Date()): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)));
}
