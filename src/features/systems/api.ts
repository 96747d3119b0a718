import { request, requestBody, toFormData } from '@kit/http';
import type { System, SystemCreateInput, SystemUpdateInput } from '@domain/systems';

/** Console calls for systems (multipart: `data` JSON + repeated `images` files). */
export const fetchSystems = (signal?: AbortSignal) =>
  request<System[]>('Failed to fetch systems', (api) => api.get('super-admin/systems', { signal }));

export const createSystem = (input: SystemCreateInput, images: File[] = []) =>
  requestBody<System>('Failed to create system', (api) =>
    api.post('super-admin/systems', { body: toFormData(input, { images }) }),
  );

/** `input.images` lists the current image paths to keep; `images` are new files. */
export const updateSystem = (id: number, input: SystemUpdateInput, images: File[] = []) =>
  requestBody<System>('Failed to update system', (api) =>
    api.put(`super-admin/systems/${id}`, { body: toFormData(input, { images }) }),
  );

export const deleteSystem = (id: number) =>
  requestBody<null>('Failed to delete system', (api) => api.delete(`super-admin/systems/${id}`));
