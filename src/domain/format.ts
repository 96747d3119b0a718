/** Display formatters shared by the console screens (browser and server alike; no DOM). */

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** ISO timestamp → 'Nov 16, 2025, 3:04 PM' (spec: US English, short month, day, year, hour, minute); '-' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : DATE_TIME.format(d);
}

/** ISO timestamp → 'Nov 16, 2025'; '-' when absent or invalid. */
export function formatDate(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : DATE.format(d);
}

const CALENDAR_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A calendar day 'YYYY-MM-DD' (a school-local date, no time zone) → 'Nov 16, 2025'; '-' when absent or invalid. */
export function formatCalendarDate(date: string | null | undefined, fallback = '-'): string {
  if (!date) return fallback;
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? fallback : CALENDAR_DATE.format(d);
}

/** ISO timestamp → '7:31 AM' (the viewer's clock); '-' when absent or invalid. */
export function formatTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : TIME.format(d);
}
