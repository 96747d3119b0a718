import { request, requestBody } from '@kit/http';
import type { FacebookPage } from '@domain/devices/facebook-pages';

/** Facebook pages (with their default failure messages). */
export const fetchFacebookPages = (signal?: AbortSignal) =>
  request<FacebookPage[]>('Failed to fetch Facebook pages', (api) => api.get('super-admin/facebook-pages', { signal }));

export const createFacebookPage = (payload: Record<string, unknown>) =>
  requestBody<FacebookPage>('Failed to create Facebook page', (api) => api.post('super-admin/facebook-pages', { json: payload }));

export const updateFacebookPage = (id: number, payload: Record<string, unknown>) =>
  requestBody<FacebookPage>('Failed to update Facebook page', (api) =>
    api.patch(`super-admin/facebook-pages/${id}`, { json: payload }),
  );

export const deleteFacebookPage = (id: number) =>
  requestBody<null>('Failed to delete Facebook page', (api) => api.delete(`super-admin/facebook-pages/${id}`));

export const testFacebookPage = (id: number) =>
  requestBody<null>('Failed to test Facebook page connection. Please check the configuration.', (api) =>
    api.post(`super-admin/facebook-pages/${id}/test`),
  );

export const sendFacebookMessage = (payload: { recipientId: string; message: string; pageId: number }) =>
  requestBody<null>('Failed to send test message. Please check the configuration.', (api) =>
    api.post('super-admin/facebook-pages/send-message', { json: payload }),
  );

export const revealPageToken = (id: number, password: string) =>
  request<{ accessToken: string }>('Failed to fetch Facebook page', (api) =>
    api.post(`super-admin/facebook-pages/${id}/access-token`, { json: { password } }),
  );
