import { sql } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import type { Selectable } from 'kysely';
import type { GradeTable } from '@core/db/schema';
import { conflict, nameConflict, notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { GRADE_MESSAGES, type GradeCreateInput, type GradeUpdateInput } from '@domain/grades';

export const GRADE_NOT_FOUND = 'Grade not found';

/** Grades with their number of sections, counted in one grouped subquery (no query per grade). */
function gradesWithSectionCount(db: Executor) {
  return db
    .selectFrom('grades')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sections')
          .select((s) => ['sections.gradeId', s.fn.countAll<number>().as('n')])
          .groupBy('sections.gradeId')
          .as('sc'),
      (join) => join.onRef('sc.gradeId', '=', 'grades.id'),
    )
    .selectAll('grades')
    .select((eb) => eb.fn.coalesce('sc.n', sql<number>`0`).as('sectionCount'));
}

function toGrade(row: Selectable<GradeTable> & { sectionCount: number }) {
  return { ...row, isActive: Boolean(row.isActive), sectionCount: Number(row.sectionCount) };
}
export type Grade = ReturnType<typeof toGrade>;

/** GET /grades by school: ordered by level, then name. */
export async function listGrades(db: Executor, schoolId: number): Promise<Grade[]> {
  await requireSchool(db, schoolId);
  const rows = await gradesWithSectionCount(db)
    .where('grades.schoolId', '=', schoolId)
    .orderBy('grades.level')
    .orderBy('grades.name')
    .orderBy('grades.id')
    .execute();
  return rows.map(toGrade);
}

export async function getGrade(db: Executor, id: number): Promise<Grade> {
  const row = await gradesWithSectionCount(db).where('grades.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(GRADE_NOT_FOUND);
  return toGrade(row);
}

/** Two grades of one school may not share a name (case-insensitive). */
async function assertGradeNameFree(db: Executor, schoolId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('grades')
    .select('id')
    .where('schoolId', '=', schoolId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(GRADE_MESSAGES.duplicate, { name: GRADE_MESSAGES.duplicate });
}

export async function createGrade(db: DB, input: GradeCreateInput, actor: Actor): Promise<Grade> {
  await requireSchool(db, input.schoolId);
  await assertGradeNameFree(db, input.schoolId, input.name);
  const values = { schoolId: input.schoolId, name: input.name, description: input.description ?? null, level: input.level };
  const id = await nameConflict(GRADE_MESSAGES.duplicate, () =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('grades')
        .values({ ...values, isActive: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLog(trx, actor, {
        action: 'CREATE_GRADE',
        entity: 'Grade',
        entityId: row.id,
        schoolId: values.schoolId,
        details: { grade: values },
      });
      return row.id;
    }),
  );
  return getGrade(db, id);
}

/** Edit name, description (null clears), level; isActive false deactivates. */
export async function updateGrade(db: DB, id: number, input: GradeUpdateInput, actor: Actor): Promise<Grade> {
  const before = await getGrade(db, id);
  if (input.name !== undefined) await assertGradeNameFree(db, before.schoolId, input.name, id);
  const changes = { name: input.name, description: input.description, level: input.level ?? undefined, isActive: input.isActive };
  const changed = diff(before, changes);
  // Nothing differs: nothing is written, and the log gets no entry with an empty diff.
  if (Object.keys(changed).length === 0) return before;
  await nameConflict(GRADE_MESSAGES.duplicate, () =>
    db.transaction().execute(async (trx) => {
      const isActive = changes.isActive === undefined ? undefined : changes.isActive ? 1 : 0;
      await trx
        .updateTable('grades')
        .set({ ...changes, isActive, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute();
      await writeLog(trx, actor, {
        action: 'UPDATE_GRADE',
        entity: 'Grade',
        entityId: id,
        schoolId: before.schoolId,
        details: { schoolId: before.schoolId, name: before.name, changes: changed },
      });
    }),
  );
  return getGrade(db, id);
}
