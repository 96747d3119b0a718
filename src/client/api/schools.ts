import { request, toFormData } from './http';

/** Spec §3 School, as the API returns it (counts computed by the server from real rows). */
export interface School {
  id: number;
  name: string;
  acronym: string;
  address: string | null;
  contactNumber: string | null;
  email: string | null;
  website: string | null;
  isActive: boolean;
  studentCount: number | null;
  currentStudentCount: number;
  currentAdminCount: number;
  /** Percent of studentCount in use, rounded; 0 without a capacity. */
  studentCapacityUsed: number;
  contractNumber: string | null;
  contractDate: string | null;
  contractExpiryDate: string | null;
  contractStatus: string | null;
  contractType: string | null;
  contractAmount: number | null;
  logoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The editable fields as sent: absent = not given / unchanged, null = cleared (edit only). */
export type SchoolPayload = Partial<{
  [
    K in
      | 'name'
      | 'acronym'
      | 'address'
      | 'contactNumber'
      | 'email'
      | 'website'
      | 'contractNumber'
      | 'contractDate'
      | 'contractExpiryDate'
      | 'contractStatus'
      | 'contractType'
  ]: string | null;
}> & { studentCount?: number | null; contractAmount?: number | null; isActive?: boolean };

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
