import { request } from '@kit/http';
import type { AbsentRuns, SchoolDay } from '@domain/dashboard';

/** GET /api/admin/dashboard: the school admin's school today. */
export const fetchSchoolDay = (signal?: AbortSignal) =>
  request<SchoolDay>('Failed to fetch dashboard statistics', (api) => api.get('admin/dashboard', { signal }));

/** GET /api/admin/dashboard/absent-five-days: learners absent five class days in a row lately. */
export const fetchAbsentRuns = (signal?: AbortSignal) =>
  request<AbsentRuns>('Failed to fetch the learners absent five days', (api) =>
    api.get('admin/dashboard/absent-five-days', { signal }),
  );
