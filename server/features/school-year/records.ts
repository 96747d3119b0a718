import type { Executor } from '@core/db/index';
import { notFound } from '@core/http/errors';
import { ROLLOVER_MESSAGES as M, type RolloverRecord, type RolloverTotals } from '@domain/school-year';

/* A school's rollovers as the wizard shows them: the latest, and whether it can still be undone. */

const columns = [
  'id',
  'schoolId',
  'fromStart',
  'fromEnd',
  'toStart',
  'toEnd',
  'createdAt',
  'actorName',
  'undoUntil',
  'undoneAt',
  'summary',
] as const;

const latestId = async (db: Executor, schoolId: number) =>
  (
    await db
      .selectFrom('schoolYearRollovers')
      .select('id')
      .where('schoolId', '=', schoolId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  )?.id ?? null;

export async function rolloverRecord(db: Executor, schoolId: number, id: number, now = new Date()): Promise<RolloverRecord> {
  const row = await db
    .selectFrom('schoolYearRollovers')
    .select(columns)
    .where('id', '=', id)
    .where('schoolId', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw notFound(M.nothingToUndo);
  const latest = await latestId(db, schoolId);
  return {
    id: row.id,
    from: { start: row.fromStart, end: row.fromEnd },
    to: { start: row.toStart, end: row.toEnd },
    createdAt: row.createdAt,
    byName: row.actorName,
    undoUntil: row.undoUntil,
    undoneAt: row.undoneAt,
    canUndo: latest === row.id && !row.undoneAt && now.toISOString() < row.undoUntil,
    summary: JSON.parse(row.summary) as RolloverTotals,
  };
}

export async function latestRollover(db: Executor, schoolId: number, now = new Date()): Promise<RolloverRecord | null> {
  const id = await latestId(db, schoolId);
  return id == null ? null : rolloverRecord(db, schoolId, id, now);
}
