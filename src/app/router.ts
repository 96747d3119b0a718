import { createRouter } from '@nanostores/router';
import { $page, wireNavigation } from '@kit/console/navigation';

/**
 * Every console route (client-routed under /super-admin, /home, /admin-management), and the school admin's console
 * under /admin: the same screens, the school in the path as the super admin's school-scoped screens have it.
 */
export const $router = createRouter({
  dashboard: '/super-admin',
  home: '/home',
  adminManagementRoot: '/admin-management',
  adminManagement: '/super-admin/admin-management',
  schools: '/super-admin/schools',
  schoolManagement: '/super-admin/school-management',
  gradesSections: '/super-admin/schools/:schoolId/grades-sections',
  schoolStudents: '/super-admin/schools/:schoolId/students',
  schoolCalendar: '/super-admin/schools/:schoolId/calendar',
  schoolSf2: '/super-admin/schools/:schoolId/sf2',
  schoolYear: '/super-admin/schools/:schoolId/school-year',
  schoolNoticeTemplates: '/super-admin/schools/:schoolId/notice-templates',
  studentManagement: '/super-admin/student-management',
  students: '/super-admin/students',
  studentsBySchool: '/super-admin/students/:schoolId',
  studentsByGrade: '/super-admin/students/:schoolId/:gradeId',
  studentsBySection: '/super-admin/students/:schoolId/:gradeId/:sectionId',
  archivedStudents: '/super-admin/archived-students',
  profile: '/super-admin/profile',
  systemLogs: '/super-admin/system-logs',
  smsHistory: '/super-admin/sms-history',
  attendanceHistory: '/super-admin/attendance-history',
  attendanceSectionDay: '/super-admin/attendance-history/section-day',
  deviceManagement: '/super-admin/device-management',
  inquiries: '/super-admin/inquiries',
  systemsAndOrders: '/super-admin/systems-and-orders',
  adminHome: '/admin',
  adminProfile: '/admin/profile',
  adminStudents: '/admin/schools/:schoolId/students',
  adminArchivedStudents: '/admin/archived-students',
  adminGradesSections: '/admin/schools/:schoolId/grades-sections',
  adminAttendanceHistory: '/admin/attendance-history',
  adminAttendanceSectionDay: '/admin/attendance-history/section-day',
  adminSmsHistory: '/admin/sms-history',
  adminSystemLogs: '/admin/system-logs',
  adminCalendar: '/admin/schools/:schoolId/calendar',
  adminSf2: '/admin/schools/:schoolId/sf2',
  adminSchoolYear: '/admin/schools/:schoolId/school-year',
  adminDeviceManagement: '/admin/device-management',
  adminSchoolProfile: '/admin/school-profile',
  adminSchoolSettings: '/admin/school-settings',
  adminNoticeTemplates: '/admin/schools/:schoolId/notice-templates',
});

export type RouteName = NonNullable<ReturnType<typeof $router.get>>['route'];

// The kit's navigation follows this router: screens read `$page` and open addresses through it.
$router.subscribe((page) => $page.set(page));
wireNavigation((path, replace) => $router.open(path, replace));
