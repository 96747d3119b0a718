import { z } from 'zod';
import { isCalendarDate } from './list-filters';
import { safeString } from './validation';

/*
 * The school calendar: the school year, the weekly class days (the attendance settings' schoolDays:
 * one fact, one place), and the no-class days: national holidays of the Philippines (loaded from date-holidays)
 * and the school's own suspensions and events, for the whole school or some grade levels.
 */

export const NO_CLASS_KINDS = ['HOLIDAY', 'SUSPENSION', 'EVENT'] as const;
export type NoClassKind = (typeof NO_CLASS_KINDS)[number];
export const NO_CLASS_KIND_LABELS: Record<NoClassKind, string> = {
  HOLIDAY: 'Holiday',
  SUSPENSION: 'Class suspension',
  EVENT: 'School event',
};

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
  notFound: 'No-class day not found',
  noYear: 'Set the school year first',
} as const;

const dateField = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);

/** POST …/calendar/no-class-days */
export const noClassDayInputSchema = z.object({
  date: dateField(CALENDAR_MESSAGES.date),
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

export const noClassDaySchema = z.object({
  date: z.string(),
  name: z.string(),
  kind: z.enum(NO_CLASS_KINDS),
  gradeLevels: z.array(z.number()).nullable(),
});
export type NoClassDay = z.infer<typeof noClassDaySchema>;

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
