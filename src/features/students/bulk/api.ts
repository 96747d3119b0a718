import { request, requestBody } from '@kit/http';
import type { BulkJob, MatchingFilter } from '@domain/students/matching';
import { STUDENTS_PATH } from '../api';

/** The filter as the list's URL holds it ('' = none): what the matching routes read. */
export type ListFilter = Partial<Record<keyof MatchingFilter, string>>;

const clean = (filter: ListFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '' && v != null));

/** POST students/archive-matching → 202 and the job (409 when the count the user confirmed is no longer true). */
export const archiveMatching = (filter: ListFilter, expected: number, reason: string) =>
  requestBody<BulkJob>('Failed to archive students', (a) =>
    a.post(`${STUDENTS_PATH}/archive-matching`, { json: { filter: clean(filter), expected, reason: reason.trim() || null } }),
  );

/** POST students/message-matching → 202 and the job. */
export const messageMatching = (filter: ListFilter, expected: number, message: string, requestId: string) =>
  requestBody<BulkJob>('Failed to send message', (a) =>
    a.post(`${STUDENTS_PATH}/message-matching`, { json: { filter: clean(filter), expected, message, requestId } }),
  );

/** GET students/jobs/{id}: the job's progress. */
export const fetchBulkJob = (id: number) =>
  request<BulkJob>('Failed to fetch the progress', (a) => a.get(`${STUDENTS_PATH}/jobs/${id}`));
