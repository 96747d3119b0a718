import { request, requestBody } from '@kit/http';
import type { GroupChoices, MessageRecipient, SmsHistoryPage, SmsNotification } from '@domain/sms-history';

/** GET /api/super-admin/sms-history (the history's filters; '' values are left out). */
export const fetchSmsHistory = (query: Record<string, string | number>, signal?: AbortSignal) =>
  request<SmsHistoryPage>('Failed to fetch SMS history', (api) =>
    api.get('super-admin/sms-history', {
      signal,
      searchParams: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v != null)),
    }),
  );

export const searchRecipients = (search: string, signal?: AbortSignal) =>
  request<MessageRecipient[]>('Failed to fetch students', (api) =>
    api.get('super-admin/sms-history/recipients', { signal, searchParams: { search } }),
  );

export const sendCustomMessage = (payload: { studentId: number; message: string }) =>
  requestBody<{ key: string }>('Failed to send message', (api) =>
    api.post('super-admin/sms-history/messages', { json: payload }),
  );

/** Resend or Dismiss an UNCERTAIN message (answers the history row and the spec message). */
export const decideUncertainMessage = (id: number, decision: 'resend' | 'dismiss') =>
  requestBody<SmsNotification>(`Failed to ${decision} message`, (api) => api.post(`super-admin/sms-history/${id}/${decision}`));

/** How many students a message to this grade (or section) reaches (shown before sending). */
export const fetchGroupAudience = (gradeId: number, sectionId: number | null, signal?: AbortSignal) =>
  request<{ recipients: number }>('Failed to count the recipients', (api) =>
    api.get('super-admin/sms-history/group-audience', {
      signal,
      searchParams: sectionId ? { gradeId, sectionId } : { gradeId },
    }),
  );

/** A message to the parents of a grade or section; `requestId` (one per opened dialog) makes a retry send nothing twice. */
export const sendGroupMessage = (payload: { gradeId: number; sectionId?: number; message: string; requestId: string }) =>
  requestBody<{ recipients: number }>('Failed to send message', (api) =>
    api.post('super-admin/sms-history/group-messages', { json: payload }),
  );

/** The grades and sections a class message may go to (with SEND_SMS alone); the super admin names the school. */
export const fetchGroupChoices = (schoolId: string | null, signal?: AbortSignal) =>
  request<GroupChoices>('Failed to fetch grades', (api) =>
    api.get('super-admin/sms-history/group-choices', { signal, searchParams: schoolId ? { schoolId } : {} }),
  );
