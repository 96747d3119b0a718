import { request, requestBody } from '@kit/http';
import type { SignInResult } from '@domain/auth';

/** Each role's sign-in (the one /login page tries them in turn): super admin, school admin, student (issue 22, 24). */
export const SIGN_IN_PATHS = { SUPER_ADMIN: 'super-admin/login', ADMIN: 'admin/login', STUDENT: 'student/login' } as const;

export const login = (email: string, password: string, role: keyof typeof SIGN_IN_PATHS = 'SUPER_ADMIN') =>
  request<SignInResult>('Login failed. Please try again.', (api) => api.post(SIGN_IN_PATHS[role], { json: { email, password } }));

export const logout = () => request<null>('Logout failed', (api) => api.post('super-admin/logout'));

export const changePassword = (currentPassword: string, newPassword: string) =>
  requestBody<null>('Failed to change password', (api) =>
    api.post('super-admin/change-password', { json: { currentPassword, newPassword } }),
  );
