import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/index';
import type { Actor } from './audit-log';
import { nowIso } from './time/time';

/*
 * Background jobs: work on many records (thousands of learners) that must not hold a request open. A job is a row of
 * bulk_jobs, started by a request and run in this process in steps; each step reports how many records it did, so
 * the screen that started it shows its progress from any node (a school's jobs to the school's staff). The steps commit on their own: a restart in the middle
 * keeps what was done, and the job reads FAILED once it has been silent for STALE_MS.
 */

export interface JobRow {
  id: number;
  kind: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  done: number;
  message: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobStart {
  kind: string;
  /** The school the job works in (null: every school: the super admin's alone). */
  schoolId: number | null;
  actor: Actor;
  total: number;
  /** What it does, shown while it runs. */
  message: string;
}

/** The job's work: calls `advance(n)` after each committed step of n records; resolves to its outcome's message. */
export type JobWork = (job: { id: number; advance: (n: number) => Promise<void> }) => Promise<string>;

/** A RUNNING job with no progress for this long was stopped (a restart, a crash). */
export const STALE_MS = 60_000;
const FAILED_TEXT = (done: number, total: number) =>
  `Stopped after ${done} of ${total} by a server restart: what was done is kept; run it again for the rest`;

const COLUMNS = ['id', 'kind', 'status', 'total', 'done', 'message', 'createdAt', 'finishedAt'] as const;

export class JobRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: DB,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records the job as RUNNING and starts its work in the background; returns its row at once. */
  async start(spec: JobStart, work: JobWork): Promise<JobRow> {
    const at = nowIso();
    const row = await this.db
      .insertInto('bulkJobs')
      .values({
        kind: spec.kind,
        schoolId: spec.schoolId,
        actorRole: spec.actor.role,
        actorId: spec.actor.userId,
        status: 'RUNNING',
        total: spec.total,
        message: spec.message,
        createdAt: at,
        updatedAt: at,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const run = this.run(row.id, work).finally(() => this.running.delete(run));
    this.running.add(run);
    return row as JobRow;
  }

  private async run(id: number, work: JobWork) {
    let done = 0;
    const advance = async (n: number) => {
      done += n;
      await this.db.updateTable('bulkJobs').set({ done, updatedAt: nowIso() }).where('id', '=', id).execute();
    };
    try {
      const message = await work({ id, advance });
      await this.finish(id, 'DONE', message);
    } catch (err) {
      this.log.error({ err, jobId: id }, 'background job failed');
      const total = (await this.db.selectFrom('bulkJobs').select('total').where('id', '=', id).executeTakeFirst())?.total ?? 0;
      await this.finish(id, 'FAILED', `Stopped by an error after ${done} of ${total}: what was done is kept`);
    }
  }

  private async finish(id: number, status: 'DONE' | 'FAILED', message: string) {
    const at = nowIso();
    await this.db.updateTable('bulkJobs').set({ status, message, updatedAt: at, finishedAt: at }).where('id', '=', id).execute();
  }

  /** Waits for the jobs this process runs (the server's close). */
  async drain(): Promise<void> {
    await Promise.all([...this.running]);
  }
}

/** A job (undefined: none, or not of `schoolId` when given); a silent RUNNING job is FAILED from then on. */
export async function readJob(db: DB, id: number, schoolId?: number): Promise<JobRow | undefined> {
  let q = db
    .selectFrom('bulkJobs')
    .select([...COLUMNS, 'updatedAt'])
    .where('id', '=', id);
  if (schoolId !== undefined) q = q.where('schoolId', '=', schoolId);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const { updatedAt, ...job } = row;
  if (job.status === 'RUNNING' && Date.now() - Date.parse(updatedAt) > STALE_MS) {
    const at = nowIso();
    const message = FAILED_TEXT(job.done, job.total);
    await db
      .updateTable('bulkJobs')
      .set({ status: 'FAILED', message, updatedAt: at, finishedAt: at })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .where('updatedAt', '=', updatedAt)
      .execute();
    return { ...job, status: 'FAILED', message, finishedAt: at } as JobRow;
  }
  return job as JobRow;
}
