import { request } from '@kit/http';
import type { System } from '@domain/systems';

// The public forms' calls are in public-forms.ts: the catalogue's first load carries no form schema.

/** GET /api/inquiries/systems: the public catalogue. */
export const fetchPublicSystems = (signal?: AbortSignal) =>
  request<System[]>('Failed to fetch systems', (api) => api.get('inquiries/systems', { signal }));
