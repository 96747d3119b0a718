import type { DB } from '../db/index';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { diff, writeLog, type Actor } from './audit-log';
import { newStudentValues, saveSearchTerms } from './students';
import type { AnalysedRow, ImportAnalysis } from './students-import';
import { firstRowError, type ImportEvent, type ImportSummary, type ImportSummaryRow } from '../../src/domain/student-import';
import { studentName } from '../../src/domain/students';

/*
 * The writing half of the CSV import: hashes the passwords of the valid rows, then inserts them in ONE
 * transaction (a log entry per student plus one IMPORT_STUDENTS entry for the file), reporting progress
 * through `emit`. Either every valid row is created or none is.
 *
 * Hashing dominates (scrypt at the admins' cost, ≈ 75 ms of CPU each on the bench VM), so rows using the
 * spec §5 default password (last name + 2025) share one hash per distinct default: such a password is
 * derivable from the student's name anyway, so a shared salt reveals nothing new. Passwords given in
 * the file are hashed one by one. Hashes run HASH_CONCURRENCY at a time on libuv's thread pool.
 */

const HASH_CONCURRENCY = 4;
const INSERT_BATCH = 100;

export interface CommitContext {
  db: DB;
  actor: Actor;
  scryptCost: number;
}

type Emit = (event: ImportEvent) => void;

async function hashAll(rows: AnalysedRow[], cost: number, emit: Emit): Promise<string[]> {
  const shared = new Map<string, Promise<string>>();
  const jobs = rows.map((r) => ({ password: r.value!.password, share: r.defaultPassword }));
  const distinct = jobs.filter((j) => !j.share).length + new Set(jobs.filter((j) => j.share).map((j) => j.password)).size;
  let done = 0;
  const every = Math.max(1, Math.floor(distinct / 100));
  const tick = () => {
    done += 1;
    if (done % every === 0 || done === distinct) emit({ type: 'progress', phase: 'hashing', done, total: distinct });
  };
  // A small pool: each worker takes the next job; shared defaults are hashed once and awaited by the rest.
  const out: string[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      if (job.share) {
        let pending = shared.get(job.password);
        if (!pending) {
          pending = hashPassword(job.password, cost).then((h) => (tick(), h));
          shared.set(job.password, pending);
        }
        out[i] = await pending;
      } else {
        out[i] = await hashPassword(job.password, cost);
        tick();
      }
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return out;
}

/** Writes the valid rows of an analysis; answers the summary (created, skipped = duplicates, failed = invalid). */
export async function commitImport(ctx: CommitContext, analysis: ImportAnalysis, emit: Emit): Promise<ImportSummary> {
  const valid = analysis.rows.filter((r) => r.result.status === 'valid');
  emit({ type: 'progress', phase: 'checking', done: analysis.rows.length, total: analysis.rows.length });
  const hashes = await hashAll(valid, ctx.scryptCost, emit);
  const ids = new Map<AnalysedRow, number>();
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (let i = 0; i < valid.length; i += INSERT_BATCH) {
      const batch = valid.slice(i, i + INSERT_BATCH);
      const values = batch.map((r) => ({
        ...newStudentValues({ ...r.value!, schoolId: analysis.schoolId, gradeId: r.gradeId, sectionId: r.sectionId }),
      }));
      const inserted = await trx
        .insertInto('students')
        .values(values.map((v, j) => ({ ...v, passwordHash: hashes[i + j]!, createdAt: now, updatedAt: now })))
        .returning('id')
        .execute();
      // Both databases return the ids of a multi-row insert in the order of its VALUES.
      await saveSearchTerms(
        trx,
        values.map((v, j) => ({ ...v, id: inserted[j]!.id })),
      );
      for (const [j, row] of batch.entries()) {
        const id = inserted[j]!.id;
        ids.set(row, id);
        await writeLog(trx, ctx.actor, {
          action: 'CREATE_STUDENT',
          entity: 'Student',
          entityId: id,
          details: { source: 'csv-import', fileName: analysis.fileName, line: row.result.line, changes: diff({}, values[j]!) },
        });
      }
      emit({ type: 'progress', phase: 'saving', done: Math.min(valid.length, i + INSERT_BATCH), total: valid.length });
    }
    const summary = summarise(analysis, ids);
    await writeLog(trx, ctx.actor, {
      action: 'IMPORT_STUDENTS',
      entity: 'School',
      entityId: analysis.schoolId,
      details: {
        fileName: analysis.fileName,
        total: summary.total,
        created: summary.created,
        skipped: summary.skipped,
        failed: summary.failed,
      },
    });
  });
  return summarise(analysis, ids);
}

function summarise(analysis: ImportAnalysis, ids: Map<AnalysedRow, number>): ImportSummary {
  const rows: ImportSummaryRow[] = analysis.rows.map((r) => {
    const id = ids.get(r) ?? null;
    const status = id != null ? 'created' : r.result.status === 'duplicate' ? 'skipped' : 'failed';
    return {
      line: r.result.line,
      status,
      reason: id != null ? '' : firstRowError(r.result.errors),
      studentId: id,
      name: studentName(r.result),
      lrn: r.result.lrn,
      email: r.result.email,
    };
  });
  const count = (s: ImportSummaryRow['status']) => rows.filter((r) => r.status === s).length;
  return {
    schoolId: analysis.schoolId,
    fileName: analysis.fileName,
    total: rows.length,
    created: count('created'),
    skipped: count('skipped'),
    failed: count('failed'),
    rows,
  };
}
