import { z } from 'zod';
import { ATTENDANCE_STATUSES } from './dashboard';

/** The school admin's dashboard (issue 22): their school's day so far, in the school's zone. */

/** At most this many missing students are listed (the total is always given). */
export const MISSING_LISTED = 50;

export const missingStudentSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.string().nullable(),
  section: z.string().nullable(),
});

export const schoolDaySchema = z.object({
  school: z.object({ name: z.string(), acronym: z.string() }),
  /** School-local 'YYYY-MM-DD' (the school clock). */
  date: z.string(),
  timeZone: z.string(),
  /** False on a weekend the school has no classes or a holiday: nobody is missing then. */
  isSchoolDay: z.boolean(),
  /** Active students of the school. */
  students: z.number(),
  /** Today's records by status (PRESENT, LATE, ABSENT, EXCUSED). */
  counts: z.record(z.enum(ATTENDANCE_STATUSES), z.number()),
  /** Active students with no record today yet (not arrived, not marked absent or excused). */
  missing: z.object({ total: z.number(), students: z.array(missingStudentSchema) }),
});
export type SchoolDay = z.infer<typeof schoolDaySchema>;
export type MissingStudent = z.infer<typeof missingStudentSchema>;
