import { request } from '@kit/http';
import type { PermissionCatalogue, PermissionDefinition, SyncResult } from '@domain/admins';

export const fetchPermissions = () =>
  request<PermissionCatalogue>('Failed to fetch permissions', (api) => api.get('super-admin/permissions'));

/** Upserts definitions by name; answers { created, updated, unchanged }. */
export const syncPermissions = (additionalPermissions: PermissionDefinition[]) =>
  request<SyncResult>('Failed to sync permissions', (api) =>
    api.post('super-admin/permissions/sync', { json: { additionalPermissions } }),
  );
