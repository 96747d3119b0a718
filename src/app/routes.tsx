import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from './router';
import { ADMIN_NAV_ITEMS } from './nav';

type Screen = { title: string; component: LazyExoticComponent<ComponentType> | ComponentType };

const Dashboard = lazy(() => import('@features/dashboard/DashboardScreen'));
const Profile = lazy(() => import('@features/profile/ProfileScreen'));
const Schools = lazy(() => import('@features/schools/SchoolsScreen'));
const GradesSections = lazy(() => import('@features/grades-sections/GradesSectionsScreen'));
const Admins = lazy(() => import('@features/admins/AdminsScreen'));
const SystemLogs = lazy(() => import('@features/system-logs/SystemLogsScreen'));
const Inquiries = lazy(() => import('@features/inquiries/InquiriesScreen'));
const SystemsAndOrders = lazy(() => import('@features/systems/SystemsAndOrdersScreen'));
const SmsHistory = lazy(() => import('@features/notifications/SmsHistoryScreen'));
const DeviceManagement = lazy(() => import('./screens/DeviceManagementScreen'));
const SchoolStudents = lazy(() => import('@features/students/SchoolStudentsScreen'));
const StudentManagement = lazy(() => import('@features/students/StudentManagementScreen'));
const StudentsPath = lazy(() => import('@features/students/StudentsPathRedirect'));
const ArchivedStudents = lazy(() => import('@features/students/ArchivedStudentsScreen'));
const AttendanceHistory = lazy(() => import('@features/attendance/AttendanceHistoryScreen'));
const SectionDay = lazy(() => import('@features/attendance/SectionDayScreen'));
const SchoolCalendar = lazy(() => import('@features/calendar/CalendarScreen'));
const SchoolSf2 = lazy(() => import('@features/reports/Sf2Screen'));
const SchoolYear = lazy(() => import('@features/school-year/RolloverScreen'));
const AdminHome = lazy(() => import('@features/dashboard/AdminHomeScreen'));
const AdminAccount = lazy(() => import('@features/profile/AdminAccountScreen'));
const SchoolProfile = lazy(() => import('@features/schools/SchoolProfileScreen'));
const SchoolSettings = lazy(() => import('@features/schools/SchoolSettingsScreen'));
const NoticeTemplates = lazy(() => import('@features/schools/NoticeTemplatesScreen'));

/** The school admin's landing screen offers the screens of their sidebar. */
function AdminHomeRoute() {
  return <AdminHome screens={ADMIN_NAV_ITEMS} />;
}

/** Route → screen. Screens load lazily so that, e.g., chart.js ships only with the dashboard. */
export const SCREENS: Record<RouteName, Screen> = {
  dashboard: { title: 'Dashboard', component: Dashboard },
  home: { title: 'Dashboard', component: Dashboard },
  profile: { title: 'My Profile', component: Profile },
  adminManagement: { title: 'Admin Management', component: Admins },
  adminManagementRoot: { title: 'Admin Management', component: Admins },
  schools: { title: 'School Management', component: Schools },
  schoolManagement: { title: 'School Management', component: Schools },
  gradesSections: { title: 'Grades and Sections', component: GradesSections },
  schoolStudents: { title: 'Students', component: SchoolStudents },
  schoolCalendar: { title: 'School Calendar', component: SchoolCalendar },
  schoolSf2: { title: 'School Form 2', component: SchoolSf2 },
  schoolYear: { title: 'School Year', component: SchoolYear },
  schoolNoticeTemplates: { title: 'Notice Templates', component: NoticeTemplates },
  studentManagement: { title: 'Student Management', component: StudentManagement },
  // The path forms open Student Management with those filters.
  students: { title: 'Student Management', component: StudentsPath },
  studentsBySchool: { title: 'Student Management', component: StudentsPath },
  studentsByGrade: { title: 'Student Management', component: StudentsPath },
  studentsBySection: { title: 'Student Management', component: StudentsPath },
  archivedStudents: { title: 'Archived Students', component: ArchivedStudents },
  systemLogs: { title: 'System Logs', component: SystemLogs },
  smsHistory: { title: 'SMS Notifications History', component: SmsHistory },
  attendanceHistory: { title: 'Attendance History', component: AttendanceHistory },
  attendanceSectionDay: { title: 'Section Day', component: SectionDay },
  deviceManagement: { title: 'Device Management', component: DeviceManagement },
  inquiries: { title: 'Inquiries Management', component: Inquiries },
  systemsAndOrders: { title: 'Systems & Orders Management', component: SystemsAndOrders },
  // The school admin's console: the same screens, on the admin's own school.
  adminHome: { title: 'Dashboard', component: AdminHomeRoute },
  adminProfile: { title: 'My Profile', component: AdminAccount },
  adminStudents: { title: 'Students', component: SchoolStudents },
  adminArchivedStudents: { title: 'Archived Students', component: ArchivedStudents },
  adminGradesSections: { title: 'Grades and Sections', component: GradesSections },
  adminAttendanceHistory: { title: 'Attendance History', component: AttendanceHistory },
  adminAttendanceSectionDay: { title: 'Section Day', component: SectionDay },
  adminSmsHistory: { title: 'SMS Notifications History', component: SmsHistory },
  adminSystemLogs: { title: 'Activity Log', component: SystemLogs },
  adminCalendar: { title: 'School Calendar', component: SchoolCalendar },
  adminSf2: { title: 'School Form 2', component: SchoolSf2 },
  adminSchoolYear: { title: 'School Year', component: SchoolYear },
  adminDeviceManagement: { title: 'Device Management', component: DeviceManagement },
  adminSchoolProfile: { title: 'School Profile', component: SchoolProfile },
  adminSchoolSettings: { title: 'School Settings', component: SchoolSettings },
  adminNoticeTemplates: { title: 'Notice Templates', component: NoticeTemplates },
};
