import { request } from '@kit/http';
import type { Section, SectionCreatePayload, SectionPayload } from '@domain/grades';

/** GET /sections/{schoolId}/{gradeId}. */
export const fetchSections = (schoolId: number, gradeId: number, signal?: AbortSignal) =>
  request<Section[]>('Failed to fetch sections', (api) => api.get(`super-admin/sections/${schoolId}/${gradeId}`, { signal }));

/** name, description, gradeId, schoolId, capacity. */
export const createSection = (fields: SectionCreatePayload) =>
  request<Section>('Failed to create section', (api) => api.post('super-admin/sections', { json: fields }));

/** Edit, move to another grade of the school, or `{ isActive: false }` to deactivate. */
export const updateSection = (id: number, fields: SectionPayload) =>
  request<Section>('Failed to update section', (api) => api.patch(`super-admin/sections/${id}`, { json: fields }));
