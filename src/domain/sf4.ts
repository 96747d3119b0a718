import { z } from 'zod';

/*
 * DepEd School Form 4 (SF4), Monthly Learner's Movement and Attendance: per school and month, one row per section
 * (with its adviser) from the same data as its School Form 2.
 */

const triple = z.object({ male: z.number(), female: z.number(), total: z.number() });
const tripleOrNull = z.object({ male: z.number().nullable(), female: z.number().nullable(), total: z.number().nullable() });
/** A movement counted as of the end of the previous month, during the month, and cumulatively (the sum). */
const movement = z.object({ previous: triple, month: triple, cumulative: triple });
export type Sf4Movement = z.infer<typeof movement>;

export const sf4RowSchema = z.object({
  grade: z.string(),
  section: z.string(),
  adviser: z.string().nullable(),
  registered: triple,
  averageDailyAttendance: tripleOrNull,
  percentAttendance: tripleOrNull,
  droppedOut: movement,
  transferredOut: movement,
  transferredIn: movement,
});
export type Sf4Row = z.infer<typeof sf4RowSchema>;

export const sf4FormSchema = z.object({
  header: z.object({
    schoolId: z.string(),
    schoolName: z.string(),
    schoolYear: z.string(),
    month: z.string(),
    monthName: z.string(),
  }),
  rows: z.array(sf4RowSchema),
  /** The school: sums of the rows (ADA summed; its percentage against the school's registered learners). */
  total: sf4RowSchema.omit({ grade: true, section: true, adviser: true }),
});
export type Sf4Form = z.infer<typeof sf4FormSchema>;

export const sf4QuerySchema = z.object({
  month: z.string({ error: 'Month must be YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'),
  format: z.enum(['json', 'xlsx'], { error: 'Format must be json or xlsx' }).default('json'),
});

/** The movement columns, as the form heads them. */
export const SF4_MOVEMENTS: Array<[keyof Pick<Sf4Row, 'droppedOut' | 'transferredOut' | 'transferredIn'>, string]> = [
  ['droppedOut', 'DROPPED OUT'],
  ['transferredOut', 'TRANSFERRED OUT'],
  ['transferredIn', 'TRANSFERRED IN'],
];
