import { z } from 'zod';

/** Dashboard Overview and "Dashboard stats": the shape the API returns and the console reads. */

/** The dashboard's windows and list sizes. */
export const DASHBOARD_LIMITS = {
  recentSmsLogs: 10,
  recentLogs: 10,
  activityDays: 7,
  attendanceDays: 30,
  smsPerDayDays: 7,
  smsTypeDays: 30,
  topSchools: 5,
} as const;

/** Attendance statuses, in the order the Attendance chart shows them. */
export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'LATE', 'EXCUSED'] as const;

/** Notification types. */
/**
 * Log actions the dashboard's Recent Activity leaves out: delivery receipts, which older versions logged one per
 * SMS (a school day's hundreds would push everything else out of the feed); receipts now stay in SMS History.
 */
export const RECENT_ACTIVITY_LEFT_OUT = ['SMS_DELIVERED'] as const;

export const SMS_TYPES = ['CHECK_IN', 'CHECK_OUT', 'ABSENCE', 'LATE_ARRIVAL', 'CORRECTION', 'CUSTOM'] as const;

const dayCountSchema = z.object({
  /** e.g. 'Nov 16' (the school-local calendar day) */
  formattedDate: z.string(),
  count: z.number(),
});
export type DayCount = z.infer<typeof dayCountSchema>;

const personNameSchema = z.object({ firstName: z.string(), lastName: z.string() });
export type PersonName = z.infer<typeof personNameSchema>;

const dashboardSmsLogSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  type: z.string(),
  status: z.string(),
  message: z.string(),
  phoneNumber: z.string().nullable(),
  student: personNameSchema
    .extend({ parentPhone: z.string().nullable(), school: z.object({ acronym: z.string() }).nullable() })
    .nullable(),
  sender: personNameSchema.nullable(),
  /** The student's school's time zone (the platform's default without one). */
  timeZone: z.string(),
});
export type DashboardSmsLog = z.infer<typeof dashboardSmsLogSchema>;

/** One of superAdmin / admin / student is present when the entry was made by a known user. */
const dashboardRecentLogSchema = z.object({
  id: z.number(),
  action: z.string(),
  entity: z.string(),
  createdAt: z.string(),
  superAdmin: personNameSchema.optional(),
  admin: personNameSchema.optional(),
  student: personNameSchema.optional(),
});
export type DashboardRecentLog = z.infer<typeof dashboardRecentLogSchema>;

export const dashboardStatsSchema = z.object({
  counts: z.object({ schools: z.number(), admins: z.number(), students: z.number(), totalAttendance: z.number() }),
  activityChart: z.array(dayCountSchema),
  attendanceDistribution: z.object({ labels: z.array(z.string()), data: z.array(z.number()) }),
  smsSentByDay: z.array(dayCountSchema),
  smsTypeDistribution: z.array(z.object({ type: z.string(), count: z.number() })),
  topSchools: z.array(z.object({ name: z.string(), students: z.number() })),
  smsLogs: z.array(dashboardSmsLogSchema),
  recentLogs: z.array(dashboardRecentLogSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** 'YYYY-MM-DD' → 'Nov 16' (the calendar day itself, whatever the viewer's time zone). */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

// The school admin's dashboard: their school's day so far, in the school's zone.

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

/** How many class days back the dashboard looks for five-day absences. */
export const ABSENCE_LOOKBACK_DAYS = 20;
export const ABSENT_RUN = 5;

/** A learner absent ABSENT_RUN class days or more in a row (DepEd asks the adviser to visit the home), with the days. */
export const absentRunSchema = z.object({
  studentId: z.number(),
  name: z.string(),
  grade: z.string().nullable(),
  section: z.string().nullable(),
  /** The class days of the latest run, oldest first. */
  days: z.array(z.string()),
  /** The run reaches the last class day counted: still absent. */
  ongoing: z.boolean(),
});
export type AbsentRun = z.infer<typeof absentRunSchema>;
export const absentRunsSchema = z.object({ lastDay: z.string(), learners: z.array(absentRunSchema) });
export type AbsentRuns = z.infer<typeof absentRunsSchema>;
