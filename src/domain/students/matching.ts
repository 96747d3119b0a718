import { z } from 'zod';
import { customMessageSchema } from '../sms-history';
import { safeString } from '../validation';
import { archiveStudentSchema, studentListQuerySchema } from './index';

/*
 * "All N matching this filter": an action on every active learner the list's filter matches, not only the page
 * shown. The request carries the filter and the count the user confirmed; the server refuses (409) when the filter
 * now matches another number, then works through the learners in the background as a job whose progress the
 * screen shows (GET …/students/jobs/{id}), and logs it as one action with its count.
 */

export const MATCHING_MESSAGES = {
  expected: 'Confirm how many students this is for',
  changed: (n: number) =>
    `The list changed: ${n} student${n === 1 ? '' : 's'} match this filter now. Check the count and confirm again.`,
  nobody: 'No students match this filter',
  school: 'Choose a school first: a message goes to one school’s parents',
  jobNotFound: 'Job not found',
  archiving: (n: number) => `Archiving ${n} student${n === 1 ? '' : 's'}`,
  messaging: (n: number) => `Queuing the message for the parents of ${n} student${n === 1 ? '' : 's'}`,
  archived: (n: number, skipped: number) =>
    `${n} student${n === 1 ? '' : 's'} archived${skipped ? ` (${skipped} already archived by someone else)` : ''}`,
  messaged: (n: number, already: number) =>
    `Message queued for the parents of ${n} student${n === 1 ? '' : 's'}${already ? ` (${already} already had this message today)` : ''}`,
} as const;

/**
 * The list's filter (no page): what "matching this filter" means, as GET /students reads it; its search is text
 * the action stores in the log, so it keeps the text rule.
 */
export const matchingFilterSchema = studentListQuerySchema
  .pick({ schoolId: true, gradeId: true, sectionId: true, ids: true })
  .extend({
    searchTerm: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      safeString({ error: 'Search term must be text' }).trim().max(100, 'Search term must be 100 characters or less').optional(),
    ),
  });
export type MatchingFilter = z.output<typeof matchingFilterSchema>;

const expected = z.number({ error: MATCHING_MESSAGES.expected }).int(MATCHING_MESSAGES.expected).min(1, MATCHING_MESSAGES.nobody);

/** POST /students/archive-matching */
export const archiveMatchingSchema = z.object({
  filter: matchingFilterSchema,
  expected,
  reason: archiveStudentSchema.shape.reason,
});
export type ArchiveMatchingInput = z.output<typeof archiveMatchingSchema>;

/** POST /students/message-matching: the guardians of every matching learner, by their own preference. */
export const messageMatchingSchema = z.object({
  filter: matchingFilterSchema,
  expected,
  message: customMessageSchema.shape.message,
  /** Names the request in the log (the same text to the same parents is queued once a school day whatever it is). */
  requestId: z.uuid({ error: 'Request ID must be a UUID' }),
});
export type MessageMatchingInput = z.output<typeof messageMatchingSchema>;

export const BULK_JOB_KINDS = ['ARCHIVE_STUDENTS', 'MESSAGE_GUARDIANS'] as const;
export const BULK_JOB_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;

/** A background job's progress (the answer of the POST, then of GET …/students/jobs/{id}). */
export const bulkJobSchema = z.object({
  id: z.number(),
  kind: z.enum(BULK_JOB_KINDS),
  status: z.enum(BULK_JOB_STATUSES),
  total: z.number(),
  done: z.number(),
  /** What is being done while RUNNING; the outcome when DONE or FAILED. */
  message: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
