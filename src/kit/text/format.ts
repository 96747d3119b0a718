/** Display formatters shared by the console screens (browser and server alike; no DOM). */
// The subpaths, not the package root: the root also brings TZDate, whose module builds its methods in a loop at
// load (a side effect the bundler keeps), and this module does not use it.
import { tzName } from '@date-fns/tz/tzName';
import { tzOffset } from '@date-fns/tz/tzOffset';

const DATE_TIME_PARTS = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

/**
 * A formatter made on its first use, then kept: building an Intl.DateTimeFormat costs a few ms on a slow phone
 * (ICU data), and a page that imports this module uses only some of them (the student portal's
 * blocking time).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}

const DATE_TIME = lazyFormat(DATE_TIME_PARTS);
const DATE = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric' });

/** ISO timestamp → 'Nov 16, 2025, 3:04 PM' (spec: US English, short month, day, year, hour, minute); '-' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : DATE_TIME().format(d);
}

/** ISO timestamp → 'Nov 16, 2025'; '-' when absent or invalid. */
export function formatDate(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : DATE().format(d);
}

const CALENDAR_DATE = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIME = lazyFormat({ hour: 'numeric', minute: '2-digit' });

/** A calendar day 'YYYY-MM-DD' (a school-local date, no time zone) → 'Nov 16, 2025'; '-' when absent or invalid. */
export function formatCalendarDate(date: string | null | undefined, fallback = '-'): string {
  if (!date) return fallback;
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? fallback : CALENDAR_DATE().format(d);
}

/** ISO timestamp → '7:31 AM' (the viewer's clock); '-' when absent or invalid. */
export function formatTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? fallback : TIME().format(d);
}

/*
 * Times of a school's events (taps, attendance, SMS, a reader's last contact, the system log, a learner's record) are
 * read in THAT school's zone (the platform's for an entry of no school),
 * not the viewer's: a 07:30 check-in in Manila is 7:30 AM whoever looks. Where the viewer's clock reads
 * differently at that instant, the zone's abbreviation follows ('7:30 AM PHT'). Times that belong to no school
 * (orders, inquiries) keep formatDateTime/formatDate above (the viewer's zone).
 */

/** CLDR has no short name for some zones (Intl says 'GMT+8' for Manila); the name schools there use. */
const ZONE_ABBREVIATIONS: Record<string, string> = { 'Asia/Manila': 'PHT' };

const zoneFormats = new Map<string, { time: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();
function formatsOf(zone: string) {
  let f = zoneFormats.get(zone);
  if (!f) {
    f = {
      time: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
      dateTime: new Intl.DateTimeFormat('en-US', { ...DATE_TIME_PARTS, timeZone: zone }),
    };
    zoneFormats.set(zone, f);
  }
  return f;
}

/** The viewer's zone (the browser's, or the server process's), read once: each read builds a formatter. */
let viewerZoneName: string | undefined;
const viewerZone = () => (viewerZoneName ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** 'PHT', 'EST', 'UTC'… — or '' when the viewer's clock reads the same as the zone's at that instant. */
export function zoneSuffix(instant: Date, zone: string, viewer = viewerZone()): string {
  if (tzOffset(zone, instant) === tzOffset(viewer, instant)) return '';
  return ZONE_ABBREVIATIONS[zone] ?? tzName(zone, instant, 'short');
}

function inSchoolZone(iso: string | null | undefined, zone: string, fallback: string, kind: 'time' | 'dateTime'): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return fallback;
  const suffix = zoneSuffix(d, zone);
  const text = formatsOf(zone)[kind].format(d);
  return suffix ? `${text} ${suffix}` : text;
}

/** ISO timestamp of a school's event → '7:30 AM' (+ ' PHT' for a viewer elsewhere); '-' when absent or invalid. */
export const formatSchoolTime = (iso: string | null | undefined, zone: string, fallback = '-') =>
  inSchoolZone(iso, zone, fallback, 'time');

/** ISO timestamp of a school's event → 'Nov 16, 2025, 7:30 AM' (+ ' PHT' for a viewer elsewhere). */
export const formatSchoolDateTime = (iso: string | null | undefined, zone: string, fallback = '-') =>
  inSchoolZone(iso, zone, fallback, 'dateTime');

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** ISO timestamp → its 'HH:MM' (24-hour) on the school's clock, the value of a time input; '' when absent or invalid. */
export function schoolClockValue(iso: string | null | undefined, zone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  let f = clockFormats.get(zone);
  if (!f)
    clockFormats.set(
      zone,
      (f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })),
    );
  return f.format(new Date(iso));
}
