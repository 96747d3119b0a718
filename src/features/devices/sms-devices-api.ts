import { request, requestBody } from '@kit/http';
import type { SmsDevice } from '@domain/devices/sms-devices';

/** /api/super-admin/sms-devices (with their default failure messages). */
export const fetchSmsDevices = (schoolId: string, signal?: AbortSignal) =>
  request<SmsDevice[]>('Failed to fetch SMS devices', (api) =>
    api.get('super-admin/sms-devices', { signal, searchParams: schoolId ? { schoolId } : {} }),
  );

export const createSmsDevice = (payload: Record<string, unknown>) =>
  requestBody<SmsDevice>('Failed to create SMS device', (api) => api.post('super-admin/sms-devices', { json: payload }));

export const updateSmsDevice = (id: number, payload: Record<string, unknown>) =>
  requestBody<SmsDevice>('Failed to update SMS device', (api) => api.put(`super-admin/sms-devices/${id}`, { json: payload }));

export const deleteSmsDevice = (id: number) =>
  requestBody<null>('Failed to delete SMS device', (api) => api.delete(`super-admin/sms-devices/${id}`));

export const testSmsDevice = (id: number, testPhoneNumber: string) =>
  requestBody<null>('Failed to test SMS device', (api) =>
    api.post(`super-admin/sms-devices/${id}/test`, { json: { testPhoneNumber } }),
  );

/** The full API key (audited on the server). */
export const revealSmsDeviceKey = (id: number, password: string) =>
  request<{ apiKey: string }>('Failed to fetch SMS device', (api) =>
    api.post(`super-admin/sms-devices/${id}/api-key`, { json: { password } }),
  );
