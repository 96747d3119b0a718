import type { Needed } from '@kit/console/scope';
import { ICONS } from '@kit/display/icons';
import type { RouteName } from './router';

/** Device Management's tabs' permissions: any one of them opens the screen. */
export const DEVICE_PERMISSIONS = ['MANAGE_SMS_DEVICES', 'MANAGE_FACEBOOK_PAGES', 'MANAGE_RFID_READERS'] as const;

/** The super admin's sidebar entries, in order. */
export const NAV_ITEMS: Array<{ label: string; href: string; routes: RouteName[]; icon: string }> = [
  { label: 'Dashboard', href: '/super-admin', routes: ['dashboard', 'home'], icon: ICONS.dashboard },
  {
    label: 'Profile',
    href: '/super-admin/profile',
    routes: ['profile'],
    icon: ICONS.profile,
  },
  {
    label: 'Admin Management',
    href: '/super-admin/admin-management',
    routes: ['adminManagement', 'adminManagementRoot'],
    icon: ICONS.admins,
  },
  {
    label: 'Schools',
    href: '/super-admin/schools',
    routes: [
      'schools',
      'schoolManagement',
      'gradesSections',
      'schoolStudents',
      'schoolCalendar',
      'schoolSf2',
      'schoolYear',
      'schoolNoticeTemplates',
    ],
    icon: ICONS.schools,
  },
  {
    label: 'Student Management',
    href: '/super-admin/student-management',
    routes: ['studentManagement', 'students', 'studentsBySchool', 'studentsByGrade', 'studentsBySection', 'archivedStudents'],
    icon: ICONS.students,
  },
  { label: 'SMS History', href: '/super-admin/sms-history', routes: ['smsHistory'], icon: ICONS.sms },
  {
    label: 'Attendance History',
    href: '/super-admin/attendance-history',
    routes: ['attendanceHistory', 'attendanceSectionDay'],
    icon: ICONS.attendance,
  },
  {
    label: 'Device Management',
    href: '/super-admin/device-management',
    routes: ['deviceManagement'],
    icon: ICONS.devices,
  },
  { label: 'System Logs', href: '/super-admin/system-logs', routes: ['systemLogs'], icon: ICONS.logs },
  { label: 'Inquiries', href: '/super-admin/inquiries', routes: ['inquiries'], icon: ICONS.inquiries },
  {
    label: 'Systems & Orders',
    href: '/super-admin/systems-and-orders',
    routes: ['systemsAndOrders'],
    icon: ICONS.systems,
  },
];

/**
 * The school admin's sidebar, each entry shown only with its permission; `href` takes the admin's school.
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
    icon: ICONS.dashboard,
    permission: 'OWN_ACCOUNT',
  },
  {
    label: 'Students',
    href: (id) => `/admin/schools/${id}/students`,
    routes: ['adminStudents', 'adminArchivedStudents'],
    icon: ICONS.students,
    permission: 'VIEW_STUDENTS',
  },
  {
    label: 'Grades & Sections',
    href: (id) => `/admin/schools/${id}/grades-sections`,
    routes: ['adminGradesSections'],
    icon: ICONS.schools,
    permission: 'VIEW_GRADES_SECTIONS',
  },
  {
    label: 'Attendance History',
    href: () => '/admin/attendance-history',
    routes: ['adminAttendanceHistory', 'adminAttendanceSectionDay'],
    icon: ICONS.attendance,
    permission: 'VIEW_ATTENDANCE',
  },
  {
    label: 'SMS History',
    href: () => '/admin/sms-history',
    routes: ['adminSmsHistory'],
    icon: ICONS.sms,
    permission: 'VIEW_SMS_HISTORY',
  },
  {
    label: 'School Calendar',
    href: (id) => `/admin/schools/${id}/calendar`,
    routes: ['adminCalendar'],
    icon: ICONS.calendar,
    permission: 'MANAGE_ATTENDANCE',
  },
  {
    label: 'School Form 2',
    href: (id) => `/admin/schools/${id}/sf2`,
    routes: ['adminSf2'],
    icon: ICONS.sf2,
    permission: 'VIEW_REPORTS',
  },
  {
    label: 'School Year',
    href: (id) => `/admin/schools/${id}/school-year`,
    routes: ['adminSchoolYear'],
    icon: ICONS.calendar,
    permission: 'ROLL_OVER_SCHOOL_YEAR',
  },
  {
    label: 'Activity Log',
    href: () => '/admin/system-logs',
    routes: ['adminSystemLogs'],
    icon: ICONS.logs,
    permission: 'VIEW_SYSTEM_LOGS',
  },
  // Devices: one entry; the screen shows the tabs the admin may use.
  {
    label: 'Devices',
    href: () => '/admin/device-management',
    routes: ['adminDeviceManagement'],
    icon: ICONS.devices,
    permission: DEVICE_PERMISSIONS,
  },
  {
    label: 'School Profile',
    href: () => '/admin/school-profile',
    routes: ['adminSchoolProfile'],
    icon: ICONS.schools,
    permission: 'MANAGE_SCHOOL_PROFILE',
  },
  {
    label: 'School Settings',
    href: () => '/admin/school-settings',
    routes: ['adminSchoolSettings'],
    icon: ICONS.settings,
    permission: 'MANAGE_SCHOOL_SETTINGS',
  },
  {
    label: 'Notice Templates',
    href: (id) => `/admin/schools/${id}/notice-templates`,
    routes: ['adminNoticeTemplates'],
    icon: ICONS.sms,
    permission: 'MANAGE_SCHOOL_PROFILE',
  },
  {
    label: 'Profile',
    href: () => '/admin/profile',
    routes: ['adminProfile'],
    icon: ICONS.profile,
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
  adminAttendanceSectionDay: 'VIEW_ATTENDANCE',
  adminSmsHistory: 'VIEW_SMS_HISTORY',
  adminSystemLogs: 'VIEW_SYSTEM_LOGS',
  adminCalendar: 'MANAGE_ATTENDANCE',
  adminSf2: 'VIEW_REPORTS',
  adminSchoolYear: 'ROLL_OVER_SCHOOL_YEAR',
  adminDeviceManagement: DEVICE_PERMISSIONS,
  adminSchoolProfile: 'MANAGE_SCHOOL_PROFILE',
  adminSchoolSettings: 'MANAGE_SCHOOL_SETTINGS',
  adminNoticeTemplates: 'MANAGE_SCHOOL_PROFILE',
};
