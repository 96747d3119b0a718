import { request } from '@kit/http';
import type { SchoolDay } from '@domain/dashboard';

/** GET /api/admin/dashboard: the school admin's school today. */
export const fetchSchoolDay = (signal?: AbortSignal) =>
  request<SchoolDay>('Failed to fetch dashboard statistics', (api) => api.get('admin/dashboard', { signal }));
