import { request, requestBody } from '@kit/http';
import type { Inquiry } from '@domain/inquiries';

/** Console calls for inquiries (the list is filtered and paged in the browser). */
export const fetchInquiries = (signal?: AbortSignal) =>
  request<Inquiry[]>('Failed to fetch inquiries', (api) => api.get('inquiries', { signal }));

export const fetchInquiry = (id: number, signal?: AbortSignal) =>
  request<Inquiry>('Failed to fetch inquiry', (api) => api.get(`inquiries/${id}`, { signal }));

export const deleteInquiry = (id: number) =>
  requestBody<null>('Failed to delete inquiry', (api) => api.delete(`inquiries/${id}`));
