import { request } from '@kit/http';
import type { Pagination } from '@domain/api';
import type {
  AttendanceRecord,
  AttendanceSettings,
  AttendanceSettingsInput,
  CorrectionInput,
  HistoryFilterOptions,
} from '@domain/attendance';
import type { SectionDay } from '@domain/section-day';
import type { QueryFilters } from '@kit/list/csv';

/** GET /api/super-admin/attendance-history: one page of the filtered history. */
export const fetchAttendanceHistory = (query: QueryFilters & { page: number }, signal?: AbortSignal) =>
  request<{ records: AttendanceRecord[]; pagination: Pagination }>('Failed to fetch attendance history', (api) =>
    api.get('super-admin/attendance-history', { searchParams: query, signal }),
  );

/** A school's grades (with sections), readers and today, for the history's filters ('' school: all schools). */
export const fetchHistoryFilterOptions = (schoolId: string, signal?: AbortSignal) =>
  request<HistoryFilterOptions>('Failed to fetch the filter choices', (api) =>
    api.get('super-admin/attendance-history/filter-options', { searchParams: schoolId ? { schoolId } : {}, signal }),
  );

/** A section's learners on a day (no date: the school's today), each in, missing, left or excused. */
export const fetchSectionDay = (query: { sectionId: number; date?: string }, signal?: AbortSignal) =>
  request<SectionDay>("Failed to fetch the section's day", (api) =>
    api.get('super-admin/attendance/section-day', { searchParams: query.date ? query : { sectionId: query.sectionId }, signal }),
  );

export const fetchAttendanceSettings = (schoolId: number, signal?: AbortSignal) =>
  request<AttendanceSettings>('Failed to fetch attendance settings', (api) =>
    api.get(`super-admin/schools/${schoolId}/attendance-settings`, { signal }),
  );

export const saveAttendanceSettings = (schoolId: number, settings: AttendanceSettingsInput) =>
  request<AttendanceSettings>('Failed to save attendance settings', (api) =>
    api.put(`super-admin/schools/${schoolId}/attendance-settings`, { json: settings }),
  );

export const excuseAttendance = (input: { studentId: number; date: string; note: string }) =>
  request<AttendanceRecord>('Failed to excuse attendance', (api) => api.post('super-admin/attendance/excuse', { json: input }));

/** A record's status corrected (PRESENT, LATE or ABSENT) with a reason. */
export const correctAttendance = (id: number, input: CorrectionInput) =>
  request<AttendanceRecord>('Failed to correct attendance', (api) =>
    api.post(`super-admin/attendance/${id}/correct`, { json: input }),
  );
