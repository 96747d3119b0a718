import { request } from '@kit/http';
import type { SmsAlarm } from '@domain/alarms';

/** GET /api/super-admin/sms-alarms (a school admin's console: /api/admin/sms-alarms, their own school's). */
export const fetchSmsAlarms = () => request<SmsAlarm[]>('Failed to fetch SMS alarms', (api) => api.get('super-admin/sms-alarms'));
