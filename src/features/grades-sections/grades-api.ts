import { request } from '@kit/http';
import type { Grade, GradeCreatePayload, GradePayload } from '@domain/grades';

/** A school's grades, by level (GET /grades, by school). */
export const fetchGrades = (schoolId: number, signal?: AbortSignal) =>
  request<Grade[]>('Failed to fetch grades', (api) => api.get('super-admin/grades', { searchParams: { schoolId }, signal }));

export const fetchGrade = (id: number, signal?: AbortSignal) =>
  request<Grade>('Failed to fetch grade', (api) => api.get(`super-admin/grades/${id}`, { signal }));

/** name, description (omitted if empty), level, schoolId. */
export const createGrade = (fields: GradeCreatePayload) =>
  request<Grade>('Failed to create grade', (api) => api.post('super-admin/grades', { json: fields }));

/** Edit, or `{ isActive: false }` to deactivate. */
export const updateGrade = (id: number, fields: GradePayload) =>
  request<Grade>('Failed to update grade', (api) => api.patch(`super-admin/grades/${id}`, { json: fields }));
