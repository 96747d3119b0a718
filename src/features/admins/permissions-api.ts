import { request } from '@kit/http';
import type { PermissionCatalogue } from '@domain/admins';

export const fetchPermissions = () =>
  request<PermissionCatalogue>('Failed to fetch permissions', (api) => api.get('super-admin/permissions'));
