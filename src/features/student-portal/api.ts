import { request, requestBody } from '@kit/http';
import type {
  StudentAttendance,
  StudentMessages,
  StudentMessenger,
  StudentOptInLink,
  StudentProfile,
} from '@domain/student-portal';

/** The student portal's calls (/api/student/…; the http client sends the STUDENT_TOKEN for them). */

export const fetchStudentProfile = (signal?: AbortSignal) =>
  request<StudentProfile>('Failed to fetch profile', (api) => api.get('student/profile', { signal }));

export const fetchStudentAttendance = (month: string | null, signal?: AbortSignal) =>
  request<StudentAttendance>('Failed to fetch attendance', (api) =>
    api.get('student/attendance', { searchParams: month ? { month } : {}, signal }),
  );

export const fetchStudentMessages = (page: number, signal?: AbortSignal) =>
  request<StudentMessages>('Failed to fetch messages', (api) => api.get('student/messages', { searchParams: { page }, signal }));

export const fetchStudentMessenger = (signal?: AbortSignal) =>
  request<StudentMessenger>('Failed to fetch the Messenger connection', (api) => api.get('student/messenger', { signal }));

export const createStudentOptInLink = () =>
  requestBody<StudentOptInLink>('Failed to make a Messenger link', (api) => api.post('student/messenger/links'));

export const changeStudentPassword = (currentPassword: string, newPassword: string) =>
  requestBody<null>('Failed to change password', (api) =>
    api.post('student/change-password', { json: { currentPassword, newPassword } }),
  );

export const logoutStudent = () => request<null>('Logout failed', (api) => api.post('student/logout'));
