import { request, toFormData } from '@kit/http';
import type { School, SchoolPayload } from '@domain/schools';

/** Every school (optionally those whose name or acronym contains `search`). Also used by the school selects. */
export const fetchSchools = (search?: string, signal?: AbortSignal) =>
  request<School[]>('Failed to fetch schools', (api) =>
    api.get('super-admin/schools', { searchParams: search ? { search } : {}, signal }),
  );

export const fetchSchool = (id: number | string, signal?: AbortSignal) =>
  request<School>('Failed to fetch school', (api) => api.get(`super-admin/schools/${id}`, { signal }));

/** multipart: `data` (JSON) + `logo` (spec §7). */
export const createSchool = (fields: SchoolPayload, logo?: File | null) =>
  request<School>('Failed to create school', (api) => api.post('super-admin/schools', { body: toFormData(fields, { logo }) }));

/** multipart: `data` (JSON, includes isActive) + `logo` (spec §7). */
export const updateSchool = (id: number, fields: SchoolPayload, logo?: File | null) =>
  request<School>('Failed to update school', (api) =>
    api.patch(`super-admin/schools/${id}`, { body: toFormData(fields, { logo }) }),
  );
