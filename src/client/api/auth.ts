import { request, requestBody } from './http';

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'SUPER_ADMIN';
}

export const login = (email: string, password: string) =>
  request<{ token: string; user: SignedInUser }>('Login failed. Please try again.', (api) =>
    api.post('super-admin/login', { json: { email, password } }),
  );

export const logout = () => request<null>('Logout failed', (api) => api.post('super-admin/logout'));

export const changePassword = (currentPassword: string, newPassword: string) =>
  requestBody<null>('Failed to change password', (api) =>
    api.post('super-admin/change-password', { json: { currentPassword, newPassword } }),
  );
