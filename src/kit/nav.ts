import type { RouteName } from '@kit/router';
import type { RoutePermission } from '@domain/admin-console';

/** One permission, or several of which any one opens the screen (Devices: one tab per permission). */
type Needed = RoutePermission | readonly RoutePermission[];

/** Device Management's tabs' permissions: any one of them opens the screen. */
export const DEVICE_PERMISSIONS = ['MANAGE_SMS_DEVICES', 'MANAGE_FACEBOOK_PAGES', 'MANAGE_RFID_READERS'] as const;

/** Sidebar entries of spec §2 "Super Admin layout", in order. */
export const NAV_ITEMS: Array<{ label: string; href: string; routes: RouteName[]; icon: string }> = [
  { label: 'Dashboard', href: '/super-admin', routes: ['dashboard', 'home'], icon: 'M3 12l9-9 9 9M5 10v10h14V10' },
  {
    label: 'Profile',
    href: '/super-admin/profile',
    routes: ['profile'],
    icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-8 8a8 8 0 0116 0',
  },
  {
    label: 'Admin Management',
    href: '/super-admin/admin-management',
    routes: ['adminManagement', 'adminManagementRoot'],
    icon: 'M17 20h5v-2a4 4 0 00-5-4M9 20H2v-2a4 4 0 015-4m6-6a4 4 0 11-8 0 4 4 0 018 0z',
  },
  {
    label: 'Schools',
    href: '/super-admin/schools',
    routes: ['schools', 'schoolManagement', 'gradesSections', 'schoolStudents', 'schoolCalendar', 'schoolSf2'],
    icon: 'M12 3l9 5-9 5-9-5 9-5zm-6 8v5l6 3 6-3v-5',
  },
  {
    label: 'Student Management',
    href: '/super-admin/student-management',
    routes: ['studentManagement', 'students', 'studentsBySchool', 'studentsByGrade', 'studentsBySection', 'archivedStudents'],
    icon: 'M12 14l9-5-9-5-9 5 9 5zm0 0v6',
  },
  { label: 'SMS History', href: '/super-admin/sms-history', routes: ['smsHistory'], icon: 'M4 4h16v12H7l-3 3V4z' },
  {
    label: 'Attendance History',
    href: '/super-admin/attendance-history',
    routes: ['attendanceHistory'],
    icon: 'M8 7V3m8 4V3M4 11h16M5 5h14v16H5z',
  },
  {
    label: 'Device Management',
    href: '/super-admin/device-management',
    routes: ['deviceManagement'],
    icon: 'M7 2h10v20H7zM11 18h2',
  },
  { label: 'System Logs', href: '/super-admin/system-logs', routes: ['systemLogs'], icon: 'M9 17v-6m4 6V7m4 10v-3M4 4h16v16H4z' },
  { label: 'Inquiries', href: '/super-admin/inquiries', routes: ['inquiries'], icon: 'M3 8l9 6 9-6M4 6h16v12H4z' },
  {
    label: 'Systems & Orders',
    href: '/super-admin/systems-and-orders',
    routes: ['systemsAndOrders'],
    icon: 'M4 6h16M4 12h16M4 18h16',
  },
];

/**
 * The school admin's sidebar (issue 22), each entry shown only with its permission; `href` takes the admin's school.
 * `ADMIN_ROUTE_PERMISSIONS` is what a direct URL needs (else /forbidden); the server checks every call again.
 */
export const ADMIN_NAV_ITEMS: Array<{
  label: string;
  href: (schoolId: number) => string;
  routes: RouteName[];
  icon: string;
  permission: Needed;
}> = [
  {
    label: 'Dashboard',
    href: () => '/admin',
    routes: ['adminHome'],
    icon: 'M3 12l9-9 9 9M5 10v10h14V10',
    permission: 'OWN_ACCOUNT',
  },
  {
    label: 'Students',
    href: (id) => `/admin/schools/${id}/students`,
    routes: ['adminStudents', 'adminArchivedStudents'],
    icon: 'M12 14l9-5-9-5-9 5 9 5zm0 0v6',
    permission: 'VIEW_STUDENTS',
  },
  {
    label: 'Grades & Sections',
    href: (id) => `/admin/schools/${id}/grades-sections`,
    routes: ['adminGradesSections'],
    icon: 'M12 3l9 5-9 5-9-5 9-5zm-6 8v5l6 3 6-3v-5',
    permission: 'VIEW_GRADES_SECTIONS',
  },
  {
    label: 'Attendance History',
    href: () => '/admin/attendance-history',
    routes: ['adminAttendanceHistory'],
    icon: 'M8 7V3m8 4V3M4 11h16M5 5h14v16H5z',
    permission: 'VIEW_ATTENDANCE',
  },
  {
    label: 'SMS History',
    href: () => '/admin/sms-history',
    routes: ['adminSmsHistory'],
    icon: 'M4 4h16v12H7l-3 3V4z',
    permission: 'VIEW_SMS_HISTORY',
  },
  // School calendar and School Form 2 (issue #23).
  {
    label: 'School Calendar',
    href: (id) => `/admin/schools/${id}/calendar`,
    routes: ['adminCalendar'],
    icon: 'M8 7V3m8 4V3M4 11h16M5 5h14v16H5zM9 15h2v2H9z',
    permission: 'MANAGE_ATTENDANCE',
  },
  {
    label: 'School Form 2',
    href: (id) => `/admin/schools/${id}/sf2`,
    routes: ['adminSf2'],
    icon: 'M9 17v-2m3 2v-4m3 4v-6M6 3h9l4 4v14H6z',
    permission: 'VIEW_REPORTS',
  },
  {
    label: 'Activity Log',
    href: () => '/admin/system-logs',
    routes: ['adminSystemLogs'],
    icon: 'M9 17v-6m4 6V7m4 10v-3M4 4h16v16H4z',
    permission: 'VIEW_SYSTEM_LOGS',
  },
  // Issue 22, devices and school profile: one entry each; the devices screen shows the tabs the admin may use.
  {
    label: 'Devices',
    href: () => '/admin/device-management',
    routes: ['adminDeviceManagement'],
    icon: 'M7 2h10v20H7zM11 18h2',
    permission: DEVICE_PERMISSIONS,
  },
  {
    label: 'School Profile',
    href: () => '/admin/school-profile',
    routes: ['adminSchoolProfile'],
    icon: 'M12 3l9 5-9 5-9-5 9-5zm-6 8v5l6 3 6-3v-5',
    permission: 'MANAGE_SCHOOL_PROFILE',
  },
  {
    label: 'Profile',
    href: () => '/admin/profile',
    routes: ['adminProfile'],
    icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-8 8a8 8 0 0116 0',
    permission: 'OWN_ACCOUNT',
  },
];

export const ADMIN_ROUTE_PERMISSIONS: Partial<Record<RouteName, Needed>> = {
  adminHome: 'OWN_ACCOUNT',
  adminProfile: 'OWN_ACCOUNT',
  adminStudents: 'VIEW_STUDENTS',
  adminArchivedStudents: 'ARCHIVE_STUDENTS',
  adminGradesSections: 'VIEW_GRADES_SECTIONS',
  adminAttendanceHistory: 'VIEW_ATTENDANCE',
  adminSmsHistory: 'VIEW_SMS_HISTORY',
  adminSystemLogs: 'VIEW_SYSTEM_LOGS',
  // School calendar and School Form 2 (issue #23).
  adminCalendar: 'MANAGE_ATTENDANCE',
  adminSf2: 'VIEW_REPORTS',
  adminDeviceManagement: DEVICE_PERMISSIONS,
  adminSchoolProfile: 'MANAGE_SCHOOL_PROFILE',
};
