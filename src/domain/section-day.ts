import { z } from 'zod';
import { absentRunsSchema, ATTENDANCE_STATUSES } from './dashboard';
import { dateQuery, idQuery } from './list-filters';

/*
 * A section's day (a class adviser's view): the section's active learners on one school day, each in, missing,
 * gone home, or excused, as the day's attendance records say.
 */

/** In: arrived and not checked out; Left: checked out; Missing: no arrival (no record, or ABSENT); Excused. */
export const SECTION_DAY_STATES = ['MISSING', 'IN', 'LEFT', 'EXCUSED'] as const;
export type SectionDayState = (typeof SECTION_DAY_STATES)[number];
export const SECTION_DAY_LABELS: Record<SectionDayState, string> = {
  MISSING: 'Still missing',
  IN: 'In school',
  LEFT: 'Left',
  EXCUSED: 'Excused',
};

export const SECTION_DAY_MESSAGES = {
  section: 'Choose a grade and section',
  notFound: 'Section not found',
} as const;

/**
 * GET /api/super-admin/attendance/section-day?sectionId=&date= (and /api/admin/…, VIEW_ATTENDANCE, the admin's own
 * school; another school's section is 404). No date: the school's today.
 */
export const sectionDayQuerySchema = z.object({
  sectionId: z.preprocess((v) => v ?? '', idQuery('Section').pipe(z.number({ error: SECTION_DAY_MESSAGES.section }))),
  date: dateQuery('Date'),
});
export type SectionDayQuery = z.output<typeof sectionDayQuerySchema>;

/** A learner's state from their record of the day (null: no record). A tap counts even on an EXCUSED day. */
export function sectionDayState(
  record: { status: string; checkInAt: string | null; checkOutAt: string | null } | null,
): SectionDayState {
  if (!record) return 'MISSING';
  if (record.checkOutAt) return 'LEFT';
  if (record.checkInAt || record.status === 'PRESENT' || record.status === 'LATE') return 'IN';
  return record.status === 'EXCUSED' ? 'EXCUSED' : 'MISSING';
}

export const sectionDayLearnerSchema = z.object({
  studentId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  lrn: z.string(),
  state: z.enum(SECTION_DAY_STATES),
  /** The record's status, null without a record. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type SectionDayLearner = z.infer<typeof sectionDayLearnerSchema>;

export const sectionDaySchema = z.object({
  school: z.object({ id: z.number(), name: z.string(), acronym: z.string() }),
  grade: z.object({ id: z.number(), name: z.string() }),
  section: z.object({ id: z.number(), name: z.string() }),
  /** The day shown ('YYYY-MM-DD', school-local) and the school's today. */
  date: z.string(),
  today: z.string(),
  timeZone: z.string(),
  /** False on a weekend, holiday or suspension (for this grade): nobody is expected. */
  isSchoolDay: z.boolean(),
  counts: z.object({ MISSING: z.number(), IN: z.number(), LEFT: z.number(), EXCUSED: z.number() }),
  /** By last name, then first name. */
  learners: z.array(sectionDayLearnerSchema),
  /**
   * The section's learners absent five class days or more in a row lately (the school dashboard's list, this section
   * only; as of the school's today whatever day is shown): the adviser visits their homes.
   */
  absentRuns: absentRunsSchema,
});
export type SectionDay = z.infer<typeof sectionDaySchema>;
