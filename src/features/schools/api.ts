import { request, toFormData } from '@kit/http';
import type { School, SchoolPayload } from '@domain/schools';
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
