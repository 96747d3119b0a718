import { request } from '@kit/http';
import type { LogFilterOptions, SystemLogPage } from '@domain/system-logs';
import type { QueryFilters } from '@kit/list/csv';

export const SYSTEM_LOGS_PATH = 'super-admin/system-logs';

/** GET /api/super-admin/system-logs: one page of the filtered log. */
export const fetchSystemLogs = (query: QueryFilters & { page: number }, signal?: AbortSignal) =>
  request<SystemLogPage>('Failed to fetch system logs', (api) => api.get(SYSTEM_LOGS_PATH, { searchParams: query, signal }));

/** The actions and entities present in the log (choices of the filters). */
export const fetchLogFilterOptions = (signal?: AbortSignal) =>
  request<LogFilterOptions>('Failed to fetch system logs', (api) => api.get(`${SYSTEM_LOGS_PATH}/filters`, { signal }));
