import { request, requestBody, toFormData } from '@kit/http';
import type { School, SchoolPayload } from '@domain/schools';
import type { SchoolSettings, SchoolSettingsInput } from '@domain/school-settings';
import { $consoleAccess } from '@kit/console/scope';

/**
 * Every school (optionally those whose name or acronym contains `search`). Also used by the school selects. In a
 * school admin's console the only school is their own (no school list there; the name is from /me).
 */
export const fetchSchools = (search?: string, signal?: AbortSignal) => {
  const access = $consoleAccess.get();
  if (access.kind === 'admin')
    return Promise.resolve(
      access.schoolId == null ? [] : [{ id: access.schoolId, name: access.schoolName ?? '', acronym: '' } as School],
    );
  return request<School[]>('Failed to fetch schools', (api) =>
    api.get('super-admin/schools', { searchParams: search ? { search } : {}, signal }),
  );
};

export const fetchSchool = (id: number | string, signal?: AbortSignal) =>
  request<School>('Failed to fetch school', (api) => api.get(`super-admin/schools/${id}`, { signal }));

/** multipart: `data` (JSON) + `logo`. */
export const createSchool = (fields: SchoolPayload, logo?: File | null) =>
  request<School>('Failed to create school', (api) => api.post('super-admin/schools', { body: toFormData(fields, { logo }) }));

/** multipart: `data` (JSON, includes isActive) + `logo`. */
export const updateSchool = (id: number, fields: SchoolPayload, logo?: File | null) =>
  request<School>('Failed to update school', (api) =>
    api.patch(`super-admin/schools/${id}`, { body: toFormData(fields, { logo }) }),
  );

/** A school's own settings (class days, cutoffs, School ID, head): MANAGE_SCHOOL_SETTINGS in the admin's console. */
export const fetchSchoolSettings = (id: number, signal?: AbortSignal) =>
  request<SchoolSettings>('Failed to fetch school settings', (api) => api.get(`super-admin/schools/${id}/settings`, { signal }));

export const putSchoolSettings = (id: number, settings: SchoolSettingsInput) =>
  requestBody<SchoolSettings>('Failed to save school settings', (api) =>
    api.put(`super-admin/schools/${id}/settings`, { json: settings }),
  );
