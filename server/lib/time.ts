/** ISO-8601 UTC timestamp: the one format every timestamp column uses. */
export const nowIso = (): string => new Date().toISOString();

/** 'YYYY-MM-DD' of an instant in a time zone (school day boundaries). */
export function localDate(instant: Date | string, timeZone: string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Offset in minutes of a time zone at an instant (e.g. Asia/Manila → 480). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The UTC instant at which a local calendar day starts in a time zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const offset = zoneOffsetMinutes(guess, timeZone);
  return new Date(guess.getTime() - offset * 60000);
}

/** ['YYYY-MM-DD', …] of the last n local days ending today (oldest first). */
export function lastLocalDays(n: number, timeZone: string, now = new Date()): string[] {
  const today = localDate(now, timeZone);
  const base = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(base.getTime() - (n - 1 - i) * 86400000).toISOString().slice(0, 10));
}
