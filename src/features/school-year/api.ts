import { request, requestBody } from '@kit/http';
import type { RolloverChoices, RolloverPlan, RolloverPreview, RolloverRecord } from '@domain/school-year';

/** The school year's rollover calls (a school admin's console sends them to its own /api/admin). */
const base = (schoolId: number) => `super-admin/schools/${schoolId}/school-year`;

export const fetchRolloverChoices = (schoolId: number, signal?: AbortSignal) =>
  request<RolloverChoices>('Failed to load the school year', (api) => api.get(`${base(schoolId)}/rollover`, { signal }));

export const previewRollover = (schoolId: number, plan: RolloverPlan) =>
  request<RolloverPreview>('Failed to preview the rollover', (api) =>
    api.post(`${base(schoolId)}/rollover/preview`, { json: plan }),
  );

/** One commit: may take a few seconds for a large school. */
export const commitRollover = (schoolId: number, plan: RolloverPlan) =>
  requestBody<{ rollover: RolloverRecord; preview: RolloverPreview }>('Failed to roll the school year over', (api) =>
    api.post(`${base(schoolId)}/rollover`, { json: plan, timeout: 120_000 }),
  );

export const undoRollover = (schoolId: number, rolloverId: number) =>
  requestBody<RolloverRecord>('Failed to undo the rollover', (api) =>
    api.post(`${base(schoolId)}/rollovers/${rolloverId}/undo`, { timeout: 120_000 }),
  );
