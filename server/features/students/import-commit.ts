import type { DB } from '@core/db/index';
import { hashPassword } from '@core/auth/passwords';
import { firstPassword } from './password-slip';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { newStudentValues, registrationDay } from './service';
import { saveSearchTerms } from './search';
import type { AnalysedRow, ImportAnalysis } from './import';
import { firstRowError, type ImportEvent, type ImportSummary, type ImportSummaryRow } from '@domain/students/import';
import { studentName } from '@domain/students';

/*
 * The writing half of the CSV import: hashes the passwords of the valid rows, then inserts them in ONE
 * transaction (a log entry per student plus one IMPORT_STUDENTS entry for the file), reporting progress
 * through `emit`. Either every valid row is created or none is.
 *
 * Every learner gets a generated passphrase (firstPassword), answered once in the summary so the admin can print
 * the slips, and marked for a change at the first sign-in. Every password is hashed on its own, HASH_CONCURRENCY at
 * a time on libuv's thread pool, at the configured cost: a check costs what its hash's cost says, so a cheaper hash
 * would answer a wrong password faster than the dummy hash of an unknown account does and tell a stranger which
 * LRNs are enrolled.
 */

const HASH_CONCURRENCY = 4;
const INSERT_BATCH = 100;

export interface CommitContext {
  db: DB;
  actor: Actor;
  scryptCost: number;
  defaultTimeZone: string;
  now: Date;
}

type Emit = (event: ImportEvent) => void;

/**
 * Each row's generated password (into `generated`) and its hash, HASH_CONCURRENCY at a time; passwords are made one
 * at a time between the hashes, so the policy check never holds the event loop for long.
 */
async function hashAll(rows: AnalysedRow[], cost: number, generated: Map<AnalysedRow, string>, emit: Emit): Promise<string[]> {
  let done = 0;
  const total = rows.length;
  const every = Math.max(1, Math.floor(total / 100));
  const out: string[] = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const row = rows[i]!;
      const { password } = firstPassword(row.value!, undefined);
      generated.set(row, password);
      out[i] = await hashPassword(password, cost);
      done += 1;
      if (done % every === 0 || done === total) emit({ type: 'progress', phase: 'hashing', done, total });
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return out;
}

/** Writes the valid rows of an analysis; answers the summary (created, skipped = duplicates, failed = invalid). */
export async function commitImport(ctx: CommitContext, analysis: ImportAnalysis, emit: Emit): Promise<ImportSummary> {
  const valid = analysis.rows.filter((r) => r.result.status === 'valid');
  emit({ type: 'progress', phase: 'checking', done: analysis.rows.length, total: analysis.rows.length });
  const generated = new Map<AnalysedRow, string>();
  const hashes = await hashAll(valid, ctx.scryptCost, generated, emit);
  const ids = new Map<AnalysedRow, number>();
  const enrolledToday = await registrationDay(ctx.db, analysis.schoolId, ctx.defaultTimeZone, ctx.now);
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (let i = 0; i < valid.length; i += INSERT_BATCH) {
      const batch = valid.slice(i, i + INSERT_BATCH);
      const values = batch.map((r) => ({
        ...newStudentValues({
          ...r.value!,
          enrolmentDate: r.value!.enrolmentDate ?? enrolledToday,
          schoolId: analysis.schoolId,
          gradeId: r.gradeId,
          sectionId: r.sectionId,
        }),
      }));
      const inserted = await trx
        .insertInto('students')
        .values(
          values.map((v, j) => ({ ...v, passwordHash: hashes[i + j]!, mustChangePassword: 1, createdAt: now, updatedAt: now })),
        )
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
          schoolId: analysis.schoolId,
          details: { source: 'csv-import', fileName: analysis.fileName, line: row.result.line, changes: diff({}, values[j]!) },
        });
      }
      emit({ type: 'progress', phase: 'saving', done: Math.min(valid.length, i + INSERT_BATCH), total: valid.length });
    }
    const summary = summarise(analysis, ids, generated);
    await writeLog(trx, ctx.actor, {
      action: 'IMPORT_STUDENTS',
      entity: 'School',
      entityId: analysis.schoolId,
      schoolId: analysis.schoolId,
      details: {
        fileName: analysis.fileName,
        total: summary.total,
        created: summary.created,
        skipped: summary.skipped,
        failed: summary.failed,
      },
    });
  });
  return summarise(analysis, ids, generated);
}

function summarise(analysis: ImportAnalysis, ids: Map<AnalysedRow, number>, generated: Map<AnalysedRow, string>): ImportSummary {
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
      password: id != null ? (generated.get(r) ?? null) : null,
    };
  });
  const count = (s: ImportSummaryRow['status']) => rows.filter((r) => r.status === s).length;
  return {
    schoolId: analysis.schoolId,
    schoolName: analysis.schoolName,
    fileName: analysis.fileName,
    total: rows.length,
    created: count('created'),
    skipped: count('skipped'),
    failed: count('failed'),
    rows,
  };
}
