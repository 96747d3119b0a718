import { request, requestBody, toFormData } from '@kit/http';
import type { Admin, AdminList, AdminPayload } from '@domain/admins';

export type { Admin };

/** What the Add/Edit forms send in the `data` part (createAdminSchema / updateAdminSchema read it). */
export type AdminFields = AdminPayload;

/** The list comes as an array or as { admins }. */
/** Every admin, deactivated ones included (isActive:false), so the screen can offer Reactivate. */
export async function fetchAdmins(signal?: AbortSignal): Promise<Admin[]> {
  const data = await request<Admin[] | AdminList>('Failed to fetch admins', (api) =>
    api.get('super-admin/admins', { signal, searchParams: { includeInactive: 'true' } }),
  );
  return Array.isArray(data) ? data : data.admins;
}

export const fetchAdmin = (id: number) => request<Admin>('Failed to fetch admin', (api) => api.get(`super-admin/admins/${id}`));

/** POST register-admin: multipart `data` + `profilePicture`. */
export const registerAdmin = (fields: AdminFields, picture?: File | null) =>
  requestBody<Admin>('Registration failed. Please try again.', (api) =>
    api.post('super-admin/register-admin', { body: toFormData(fields, { profilePicture: picture }) }),
  );

/** PATCH admins/{id}: multipart; `newPassword` replaces the password when given. */
export const updateAdmin = (id: number, fields: AdminFields, picture?: File | null) =>
  requestBody<Admin>('Failed to update admin', (api) =>
    api.patch(`super-admin/admins/${id}`, { body: toFormData(fields, { profilePicture: picture }) }),
  );

/** DELETE admins/{id}: deactivates the admin and signs it out (the record is kept). */
export const deleteAdmin = (id: number) =>
  requestBody<Admin>('Failed to delete admin', (api) => api.delete(`super-admin/admins/${id}`));

export const updateAdminPermissions = (id: number, permissions: Record<string, boolean>) =>
  request<Admin>('Failed to update admin permissions', (api) =>
    api.patch(`super-admin/admins/${id}/permissions`, { json: { permissions } }),
  );
