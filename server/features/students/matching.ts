import { createHash } from 'node:crypto';
import { localDate } from '@core/time/time';
import type { DB, Executor } from '@core/db/index';
import { badRequest, conflict } from '@core/http/errors';
import { updateLogDetails, writeLog, type Actor } from '@core/audit-log';
import type { JobRow, JobRunner } from '@core/jobs';
import type { BulkJob } from '@domain/students/matching';
import {
  MATCHING_MESSAGES as M,
  type ArchiveMatchingInput,
  type MatchingFilter,
  type MessageMatchingInput,
} from '@domain/students/matching';
import { writeNotificationIntents } from '../outbox';
import { archiveRows } from './archive';
import { studentFilter } from './list';
import { resolveSearch } from './search';

/*
 * "All N matching this filter": archive every learner the list's filter matches, or message their parents, as a
 * background job. The learners are the ones matching when the user confirmed the count (409 when that count is no
 * longer true); each step of STEP learners commits with the job's progress and the ONE log entry of the action,
 * whose count it brings up to date.
 */

const STEP = 100;

/** A job row as the wire contract types it (its kind is one this feature starts). */
export const toBulkJob = (row: JobRow): BulkJob => ({ ...row, kind: row.kind as BulkJob['kind'] });

export interface MatchingContext {
  db: DB;
  jobs: JobRunner;
  actor: Actor;
  now: Date;
  /** The schools' default zone: a message's school day (see messageMatching's key). */
  timeZone: string;
}

/** The active learners the filter matches now, by id. */
async function matchingIds(db: Executor, f: MatchingFilter): Promise<number[]> {
  const search = f.searchTerm ? await resolveSearch(db, f.searchTerm) : null;
  const rows = await db
    .selectFrom('students')
    .select('students.id')
    .where(studentFilter(f, search))
    .orderBy('students.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The learners the user confirmed: 400 when none match, 409 when the filter now matches another number. */
async function confirmed(db: Executor, f: MatchingFilter, expected: number): Promise<number[]> {
  const ids = await matchingIds(db, f);
  if (ids.length === 0) throw badRequest(M.nobody, { filter: M.nobody });
  if (ids.length !== expected) throw conflict(M.changed(ids.length), { expected: M.changed(ids.length) });
  return ids;
}

/**
 * The action's one log entry: written by the first step that changed something, brought up to date by the later ones
 * (in each step's transaction). A retried message request whose intents all exist writes none.
 */
function logOnce(actor: Actor, jobId: number, action: string, schoolId: number | null) {
  let written = false;
  return async (trx: Executor, details: { count: number } & Record<string, unknown>) => {
    if (written) return updateLogDetails(trx, 'BulkJob', jobId, details);
    if (details.count === 0) return;
    await writeLog(trx, actor, { action, entity: 'BulkJob', entityId: jobId, schoolId, details });
    written = true;
  };
}

const steps = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / STEP) }, (_, i) => ids.slice(i * STEP, (i + 1) * STEP));

/** POST /students/archive-matching → 202 and the job. */
export async function archiveMatching(ctx: MatchingContext, input: ArchiveMatchingInput): Promise<BulkJob> {
  const { db, actor } = ctx;
  const ids = await confirmed(db, input.filter, input.expected);
  const job = await ctx.jobs.start(
    {
      kind: 'ARCHIVE_STUDENTS',
      schoolId: input.filter.schoolId ?? null,
      actor,
      total: ids.length,
      message: M.archiving(ids.length),
    },
    async (step) => {
      const log = logOnce(actor, step.id, 'ARCHIVE_STUDENTS_MATCHING', input.filter.schoolId ?? null);
      let archived = 0;
      for (const chunk of steps(ids)) {
        await db.transaction().execute(async (trx) => {
          // Archived meanwhile by someone else: skipped (and counted as such), not an error.
          const rows = await trx
            .selectFrom('students')
            .selectAll()
            .where('id', 'in', chunk)
            .where('isArchived', '=', 0)
            .execute();
          await archiveRows(trx, actor, rows, input.reason, false);
          archived += rows.length;
          await log(trx, { count: archived, of: ids.length, filter: input.filter, reason: input.reason });
        });
        await step.advance(chunk.length);
      }
      return M.archived(archived, ids.length - archived);
    },
  );
  return toBulkJob(job);
}

/** POST /students/message-matching → 202 and the job: one CUSTOM intent per learner, through the outbox. */
export async function messageMatching(ctx: MatchingContext, input: MessageMatchingInput): Promise<BulkJob> {
  const { db, actor } = ctx;
  const schoolId = input.filter.schoolId;
  if (!schoolId) throw badRequest(M.school, { schoolId: M.school });
  const ids = await confirmed(db, input.filter, input.expected);
  const job = await ctx.jobs.start(
    { kind: 'MESSAGE_GUARDIANS', schoolId, actor, total: ids.length, message: M.messaging(ids.length) },
    async (step) => {
      const occurredAt = ctx.now.toISOString();
      const day = localDate(ctx.now, ctx.timeZone);
      const textKey = createHash('sha256').update(`${schoolId}\n${day}\n${input.message}`).digest('hex').slice(0, 24);
      const sender = actor.userId != null ? { role: actor.role, id: actor.userId } : undefined;
      const log = logOnce(actor, step.id, 'MESSAGE_STUDENTS_MATCHING', schoolId);
      let queued = 0;
      for (const chunk of steps(ids)) {
        await db.transaction().execute(async (trx) => {
          const rows = chunk.map((studentId) => ({
            intent: { type: 'CUSTOM' as const, studentId, schoolId, occurredAt, text: input.message, sender },
            // One text to one learner's parents once a school day: a retried request, or the same message sent again
            // after a restart stopped its job half-way, queues nothing twice.
            idempotencyKey: `CUSTOM:text:${textKey}:${studentId}`,
          }));
          queued += await writeNotificationIntents(trx, rows, ctx.now);
          const details = {
            count: queued,
            of: ids.length,
            filter: input.filter,
            length: input.message.length,
            requestId: input.requestId,
          };
          await log(trx, details);
        });
        await step.advance(chunk.length);
      }
      return M.messaged(queued, ids.length - queued);
    },
  );
  return toBulkJob(job);
}
