import { request, requestBody } from '@kit/http';
import type { SignInResult } from '@domain/auth';

export const login = (email: string, password: string) =>
  request<SignInResult>('Login failed. Please try again.', (api) => api.post('super-admin/login', { json: { email, password } }));

export const logout = () => request<null>('Logout failed', (api) => api.post('super-admin/logout'));

export const changePassword = (currentPassword: string, newPassword: string) =>
  requestBody<null>('Failed to change password', (api) =>
    api.post('super-admin/change-password', { json: { currentPassword, newPassword } }),
  );
