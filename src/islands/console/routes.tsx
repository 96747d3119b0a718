import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '../../client/stores/router';
import { ScreenHeading } from './layout/ScreenHeading';

type Screen = { title: string; component: LazyExoticComponent<ComponentType> | ComponentType };

/** A screen a later issue builds: the title only, until then (issue #2 allows this). */
const titleOnly = (title: string): Screen => ({ title, component: () => <ScreenHeading title={title} /> });

const Dashboard = lazy(() => import('./screens/dashboard/DashboardScreen'));
const Profile = lazy(() => import('./screens/profile/ProfileScreen'));
const Schools = lazy(() => import('./screens/schools/SchoolsScreen'));
const GradesSections = lazy(() => import('./screens/grades-sections/GradesSectionsScreen'));
const Admins = lazy(() => import('./screens/admins/AdminsScreen'));
const SystemLogs = lazy(() => import('./screens/logs/SystemLogsScreen'));
const Inquiries = lazy(() => import('./screens/inquiries/InquiriesScreen'));
const SystemsAndOrders = lazy(() => import('./screens/systems/SystemsAndOrdersScreen'));
const AttendanceHistory = lazy(() => import('./screens/attendance/AttendanceHistoryScreen'));
const DeviceManagement = lazy(() => import('./screens/devices/DeviceManagementScreen'));

/**
 * Route → screen. Screens load lazily so that, e.g., chart.js ships only with the dashboard.
 * Add a screen here when its issue builds it.
 */
export const SCREENS: Record<RouteName, Screen> = {
  dashboard: { title: 'Dashboard', component: Dashboard },
  home: { title: 'Dashboard', component: Dashboard },
  profile: { title: 'My Profile', component: Profile },
  adminManagement: { title: 'Admin Management', component: Admins },
  adminManagementRoot: { title: 'Admin Management', component: Admins },
  schools: { title: 'School Management', component: Schools },
  schoolManagement: { title: 'School Management', component: Schools },
  gradesSections: { title: 'Grades and Sections', component: GradesSections },
  schoolStudents: titleOnly('Students'),
  studentManagement: titleOnly('Student Management'),
  students: titleOnly('Students'),
  studentsBySchool: titleOnly('Students'),
  studentsByGrade: titleOnly('Students'),
  studentsBySection: titleOnly('Students'),
  archivedStudents: titleOnly('Archived Students'),
  systemLogs: { title: 'System Logs', component: SystemLogs },
  smsHistory: titleOnly('SMS Notifications History'),
  attendanceHistory: { title: 'Attendance History', component: AttendanceHistory },
  deviceManagement: { title: 'Device Management', component: DeviceManagement },
  inquiries: { title: 'Inquiries Management', component: Inquiries },
  systemsAndOrders: { title: 'Systems & Orders Management', component: SystemsAndOrders },
};
