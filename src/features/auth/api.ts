import { request, requestBody } from '@kit/http';
import type { AnySignInResult } from '@domain/auth';

/** The one /login page: POST /api/login signs in whichever role the account has. */
export const signInAnyRole = (email: string, password: string) =>
  request<AnySignInResult>('Login failed. Please try again.', (api) => api.post('login', { json: { email, password } }));

export const logout = () => request<null>('Logout failed', (api) => api.post('super-admin/logout'));

export const changePassword = (currentPassword: string, newPassword: string) =>
  requestBody<null>('Failed to change password', (api) =>
    api.post('super-admin/change-password', { json: { currentPassword, newPassword } }),
  );
