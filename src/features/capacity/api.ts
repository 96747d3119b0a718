import { request } from '@kit/http';
import type { SchoolCapacity } from '@domain/devices/capacity';

/** GET /api/super-admin/capacity?schoolId= (the school admin's console: /api/admin/capacity, their own school). */
export const fetchCapacity = (schoolId: number | null, signal?: AbortSignal) =>
  request<SchoolCapacity>('Failed to fetch SMS capacity', (api) =>
    api.get('super-admin/capacity', { signal, searchParams: schoolId ? { schoolId } : {} }),
  );
