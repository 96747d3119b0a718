import { z } from 'zod';
import { isCalendarDate } from './list-filters';
import { safeString } from './validation';

/*
 * The school calendar: the school year, the weekly class days (the attendance settings' schoolDays:
 * one fact, one place), and the no-class days: national holidays of the Philippines (loaded from date-holidays)
 * and the school's own suspensions and events, for the whole school or some grade levels.
 */

/** What staff declare. */
export const NO_CLASS_KINDS = ['HOLIDAY', 'SUSPENSION', 'EVENT'] as const;
/** What the calendar holds: also the Philippines' special non-working days, loaded with the year (a school may lift them). */
export const DAY_KINDS = [...NO_CLASS_KINDS, 'SPECIAL'] as const;
export type NoClassKind = (typeof DAY_KINDS)[number];
export const NO_CLASS_KIND_LABELS: Record<NoClassKind, string> = {
  HOLIDAY: 'Holiday',
  SUSPENSION: 'Class suspension',
  EVENT: 'School event',
  SPECIAL: 'Special non-working day',
};
/** The longest no-class period declared as one entry (a Christmas break, a long suspension). */
export const MAX_PERIOD_DAYS = 60;

export const CALENDAR_MESSAGES = {
  date: 'Date must be a valid date (YYYY-MM-DD)',
  reason: 'A reason is required',
  reasonLong: 'Reason must be 100 characters or less',
  kind: 'Choose holiday, class suspension or school event',
  gradeLevels: 'Grade levels must be whole numbers from 1 to 12',
  start: 'School year start must be a valid date (YYYY-MM-DD)',
  end: 'School year end must be a valid date (YYYY-MM-DD)',
  order: 'School year end must be after its start',
  tooLong: 'A school year is at most 13 months long',
  duplicate: 'That date is already a no-class day',
  allTaken: 'Every date of this period is already a no-class day',
  endDate: 'Last day must be a valid date (YYYY-MM-DD)',
  periodOrder: 'The last day must be on or after the first',
  periodLong: `A no-class period is at most ${MAX_PERIOD_DAYS} days: declare a longer one in parts`,
  notFound: 'No-class day not found',
  noYear: 'Set the school year first',
} as const;

const dateField = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);

const DAY_MS = 86_400_000;
/** The dates from `start` to `end`, both included ('YYYY-MM-DD'). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** POST …/calendar/no-class-days: one day, or a period (`endDate`: its last day, included). */
export const noClassDayInputSchema = z
  .object({
    date: dateField(CALENDAR_MESSAGES.date),
    endDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), dateField(CALENDAR_MESSAGES.endDate).optional()),
    name: safeString({ error: CALENDAR_MESSAGES.reason })
      .trim()
      .min(1, CALENDAR_MESSAGES.reason)
      .max(100, CALENDAR_MESSAGES.reasonLong),
    kind: z.enum(NO_CLASS_KINDS, { error: CALENDAR_MESSAGES.kind }).default('SUSPENSION'),
    /** Omitted, null or empty: the whole school. */
    gradeLevels: z
      .array(z.number({ error: CALENDAR_MESSAGES.gradeLevels }).int(CALENDAR_MESSAGES.gradeLevels).min(1).max(12), {
        error: CALENDAR_MESSAGES.gradeLevels,
      })
      .max(12)
      .nullish()
      .transform((levels) => (levels?.length ? [...new Set(levels)].sort((a, b) => a - b) : null)),
  })
  .superRefine((v, ctx) => {
    if (!v.endDate || !isCalendarDate(v.date)) return;
    if (v.endDate < v.date) ctx.addIssue({ code: 'custom', path: ['endDate'], message: CALENDAR_MESSAGES.periodOrder });
    else if (datesBetween(v.date, v.endDate).length > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: CALENDAR_MESSAGES.periodLong });
  });
export type NoClassDayInput = z.input<typeof noClassDayInputSchema>;

/** PUT …/calendar/school-year */
export const schoolYearInputSchema = z
  .object({ start: dateField(CALENDAR_MESSAGES.start), end: dateField(CALENDAR_MESSAGES.end) })
  .superRefine((v, ctx) => {
    if (v.end <= v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.order });
    else if (Date.parse(v.end) - Date.parse(v.start) > 400 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.tooLong });
  });
export type SchoolYearInput = z.input<typeof schoolYearInputSchema>;

/** One entry of the calendar: a day, or a period declared at once (`endDate` its last day; null for one day). */
export const noClassDaySchema = z.object({
  date: z.string(),
  endDate: z.string().nullable(),
  name: z.string(),
  kind: z.enum(DAY_KINDS),
  gradeLevels: z.array(z.number()).nullable(),
});
export type NoClassDay = z.infer<typeof noClassDaySchema>;
/** One date of the calendar (a period's days each on their own): what attendance and the forms read. */
export type NoClassDate = Omit<NoClassDay, 'endDate'>;

export const schoolCalendarSchema = z.object({
  schoolId: z.number(),
  timeZone: z.string(),
  /** The school's today, in its zone (the screen marks it and offers it as the default date). */
  today: z.string(),
  schoolYear: z.object({ start: z.string(), end: z.string(), enrolmentCutoff: z.string() }).nullable(),
  /** ISO weekdays, 1 = Monday (edited with the attendance settings). */
  schoolDays: z.array(z.number()),
  days: z.array(noClassDaySchema),
});
export type SchoolCalendar = z.infer<typeof schoolCalendarSchema>;

/** What declaring a no-class day undid: the day's ABSENT marks and their messages not sent yet. */
export const noClassDayResultSchema = z.object({
  day: noClassDaySchema,
  /** How many dates became no-class days (a period keeps the no-class days already inside it). */
  days: z.number(),
  cancelledAbsences: z.number(),
  cancelledMessages: z.number(),
});
export type NoClassDayResult = z.infer<typeof noClassDayResultSchema>;

export const schoolYearResultSchema = z.object({ calendar: schoolCalendarSchema, holidaysAdded: z.number() });

/** The first Friday on or after a date (DepEd's enrolment cut-off is the school year's first Friday). */
export function firstFriday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay(); // 0 Sunday … 5 Friday
  d.setUTCDate(d.getUTCDate() + ((5 - weekday + 7) % 7));
  return d.toISOString().slice(0, 10);
}

/** A school year as its first and last dates, 'YYYY-MM-DD'. */
export interface SchoolYearSpan {
  start: string;
  end: string;
}

/**
 * The Philippine school year that holds a date: it starts on 1 June and ends before the next June (DepEd opens
 * classes in June; a year that opens later still falls inside this span). Used when a school has not set its own.
 */
export function philippineSchoolYear(date: string): SchoolYearSpan {
  const year = Number(date.slice(0, 4));
  const first = date.slice(5, 7) >= '06' ? year : year - 1;
  return { start: `${first}-06-01`, end: `${first + 1}-05-31` };
}

/** The school year a school's today belongs to: the one it set when today falls inside it, else the Philippine rule's. */
export function currentSchoolYear(today: string, set: SchoolYearSpan | null): SchoolYearSpan {
  if (set && set.start <= today && today <= set.end) return set;
  return philippineSchoolYear(today);
}
