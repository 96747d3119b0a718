import { request, requestBody } from '@kit/http';
import type { AssignCardResult, PairingCode } from '@domain/gate';
import type { StudentList } from '@domain/students';
import { RFID_READERS_PATH } from './api';

/** Device Management's gate station calls: a pairing code, unpairing, and an unknown card given to a learner. */

export const makePairingCode = (readerId: number) =>
  request<PairingCode>('Failed to make a pairing code', (api) => api.post(`${RFID_READERS_PATH}/${readerId}/pairing-code`));

export const unpairGate = (readerId: number) =>
  requestBody<null>('Failed to unpair the gate', (api) => api.post(`${RFID_READERS_PATH}/${readerId}/unpair`));

export const assignUnknownCard = (tapId: number, studentId: number) =>
  requestBody<AssignCardResult>('Failed to assign the card', (api) =>
    api.post(`super-admin/rfid-taps/unknown/${tapId}/assign`, { json: { studentId } }),
  );

/** A school's learners matching a name or LRN (the first 10). */
export const searchLearners = (schoolId: number, searchTerm: string, signal?: AbortSignal) =>
  request<StudentList>('Failed to fetch students', (api) =>
    api.get('super-admin/students', { searchParams: { schoolId, searchTerm, limit: 10, page: 1 }, signal }),
  );
