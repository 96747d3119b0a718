/** Dashboard Overview (spec §2) and "Dashboard stats" (spec §3): the shape the API returns and the console reads. */

/** Spec §9 "Dashboard" windows and list sizes. */
export const DASHBOARD_LIMITS = {
  recentSmsLogs: 10,
  recentLogs: 10,
  activityDays: 7,
  attendanceDays: 30,
  smsPerDayDays: 7,
  smsTypeDays: 30,
  topSchools: 5,
} as const;

/** Attendance statuses (spec §2 Attendance History), in the order the Attendance chart shows them. */
export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'LATE', 'EXCUSED'] as const;

/** Notification types (spec §2 SMS Notifications History). */
export const SMS_TYPES = ['CHECK_IN', 'CHECK_OUT', 'ABSENCE', 'LATE_ARRIVAL', 'CUSTOM'] as const;

export interface DayCount {
  /** e.g. 'Nov 16' (the school-local calendar day) */
  formattedDate: string;
  count: number;
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

export interface DashboardSmsLog {
  id: number;
  createdAt: string;
  type: string;
  status: string;
  message: string;
  phoneNumber: string | null;
  student: (PersonName & { parentPhone: string | null; school: { acronym: string } | null }) | null;
  sender: PersonName | null;
}

/** One of superAdmin / admin / student is present when the entry was made by a known user. */
export interface DashboardRecentLog {
  id: number;
  action: string;
  entity: string;
  createdAt: string;
  superAdmin?: PersonName;
  admin?: PersonName;
  student?: PersonName;
}

export interface DashboardStats {
  counts: { schools: number; admins: number; students: number; totalAttendance: number };
  activityChart: DayCount[];
  attendanceDistribution: { labels: string[]; data: number[] };
  smsSentByDay: DayCount[];
  smsTypeDistribution: Array<{ type: string; count: number }>;
  topSchools: Array<{ name: string; students: number }>;
  smsLogs: DashboardSmsLog[];
  recentLogs: DashboardRecentLog[];
}

/** 'YYYY-MM-DD' → 'Nov 16' (the calendar day itself, whatever the viewer's time zone). */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
