import { request, requestBody } from '@kit/http';
import type { MessengerOptIn, NewOptInLink } from '@domain/messenger-opt-in';

/** A student's parent Messenger binding and opt-in link (student detail). */
export const fetchMessengerOptIn = (studentId: number, signal?: AbortSignal) =>
  request<MessengerOptIn>('Failed to fetch the Messenger connection', (api) =>
    api.get(`super-admin/students/${studentId}/messenger-opt-in`, { signal }),
  );

/** A new single-use link (shown once); the previous unused link stops working. */
export const createOptInLink = (studentId: number) =>
  requestBody<NewOptInLink>('Failed to create a Messenger link', (api) =>
    api.post(`super-admin/students/${studentId}/messenger-opt-in/links`),
  );

export const unbindMessenger = (studentId: number) =>
  requestBody<MessengerOptIn>('Failed to disconnect Messenger', (api) =>
    api.delete(`super-admin/students/${studentId}/messenger-opt-in/binding`),
  );
