import { request } from './http';

/** Spec §3 Section, with its grade's name and level. */
export interface Section {
  id: number;
  schoolId: number;
  gradeId: number;
  gradeName: string;
  gradeLevel: number;
  name: string;
  description: string | null;
  capacity: number | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SectionPayload {
  name?: string;
  description?: string | null;
  gradeId?: number;
  /** Omitted when not given; null clears it on edit. */
  capacity?: number | null;
  isActive?: boolean;
}

/** Spec §7 GET /sections/{schoolId}/{gradeId}. */
export const fetchSections = (schoolId: number, gradeId: number, signal?: AbortSignal) =>
  request<Section[]>('Failed to fetch sections', (api) => api.get(`super-admin/sections/${schoolId}/${gradeId}`, { signal }));

/** name, description, gradeId, schoolId, capacity. */
export const createSection = (fields: SectionPayload & { name: string; gradeId: number; schoolId: number }) =>
  request<Section>('Failed to create section', (api) => api.post('super-admin/sections', { json: fields }));

/** Edit, move to another grade of the school, or `{ isActive: false }` to deactivate. */
export const updateSection = (id: number, fields: SectionPayload) =>
  request<Section>('Failed to update section', (api) => api.patch(`super-admin/sections/${id}`, { json: fields }));
