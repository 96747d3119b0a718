import { sql } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import { badRequest, conflict, nameConflict, notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { GRADE_NOT_FOUND } from './grades';
import { SECTION_MESSAGES, type SectionCreateInput, type SectionUpdateInput } from '@domain/grades';

export const SECTION_NOT_FOUND = 'Section not found';

function sectionsWithGrade(db: Executor) {
  return db
    .selectFrom('sections')
    .innerJoin('grades', 'grades.id', 'sections.gradeId')
    .selectAll('sections')
    .select(['grades.name as gradeName', 'grades.level as gradeLevel']);
}

type SectionRow = Awaited<ReturnType<ReturnType<typeof sectionsWithGrade>['executeTakeFirstOrThrow']>>;
const toSection = (row: SectionRow) => ({ ...row, isActive: Boolean(row.isActive) });
export type Section = ReturnType<typeof toSection>;

/** The grade a section is put in: it must exist (404) and belong to the section's school (400). */
async function requireGradeOfSchool(db: Executor, gradeId: number, schoolId: number) {
  const grade = await db.selectFrom('grades').select(['id', 'schoolId']).where('id', '=', gradeId).executeTakeFirst();
  if (!grade) throw notFound(GRADE_NOT_FOUND);
  if (grade.schoolId !== schoolId) {
    throw badRequest(SECTION_MESSAGES.gradeOfOtherSchool, { gradeId: SECTION_MESSAGES.gradeOfOtherSchool });
  }
}

/** Two sections of one grade may not share a name (case-insensitive). */
async function assertSectionNameFree(db: Executor, gradeId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('sections')
    .select('id')
    .where('gradeId', '=', gradeId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(SECTION_MESSAGES.duplicate, { name: SECTION_MESSAGES.duplicate });
}

/** GET /sections/{schoolId}/{gradeId}: the grade's sections, by name. */
export async function listSections(db: Executor, schoolId: number, gradeId: number): Promise<Section[]> {
  await requireSchool(db, schoolId);
  await requireGradeOfSchool(db, gradeId, schoolId);
  const rows = await sectionsWithGrade(db)
    .where('sections.gradeId', '=', gradeId)
    .orderBy('sections.name')
    .orderBy('sections.id')
    .execute();
  return rows.map(toSection);
}

export async function getSection(db: Executor, id: number): Promise<Section> {
  const row = await sectionsWithGrade(db).where('sections.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SECTION_NOT_FOUND);
  return toSection(row);
}

export async function createSection(db: DB, input: SectionCreateInput, actor: Actor): Promise<Section> {
  await requireSchool(db, input.schoolId);
  await requireGradeOfSchool(db, input.gradeId, input.schoolId);
  await assertSectionNameFree(db, input.gradeId, input.name);
  const values = {
    schoolId: input.schoolId,
    gradeId: input.gradeId,
    name: input.name,
    description: input.description ?? null,
    capacity: input.capacity ?? null,
    adviserName: input.adviserName ?? null,
  };
  const id = await nameConflict(SECTION_MESSAGES.duplicate, () =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('sections')
        .values({ ...values, isActive: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLog(trx, actor, {
        action: 'CREATE_SECTION',
        entity: 'Section',
        entityId: row.id,
        schoolId: values.schoolId,
        details: { section: values },
      });
      return row.id;
    }),
  );
  return getSection(db, id);
}

/** Edit name, description, capacity (null clears), move to another grade of the same school, deactivate. */
export async function updateSection(db: DB, id: number, input: SectionUpdateInput, actor: Actor): Promise<Section> {
  const before = await getSection(db, id);
  const gradeId = input.gradeId ?? before.gradeId;
  if (input.gradeId !== undefined) await requireGradeOfSchool(db, input.gradeId, before.schoolId);
  if (input.name !== undefined || gradeId !== before.gradeId)
    await assertSectionNameFree(db, gradeId, input.name ?? before.name, id);
  const changes = {
    name: input.name,
    description: input.description,
    capacity: input.capacity,
    adviserName: input.adviserName,
    gradeId: input.gradeId,
    isActive: input.isActive,
  };
  const changed = diff(before, changes);
  // Nothing differs: nothing is written, and the log gets no entry with an empty diff.
  if (Object.keys(changed).length === 0) return before;
  await nameConflict(SECTION_MESSAGES.duplicate, () =>
    db.transaction().execute(async (trx) => {
      const isActive = changes.isActive === undefined ? undefined : changes.isActive ? 1 : 0;
      await trx
        .updateTable('sections')
        .set({ ...changes, isActive, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute();
      await writeLog(trx, actor, {
        action: 'UPDATE_SECTION',
        entity: 'Section',
        entityId: id,
        schoolId: before.schoolId,
        details: { schoolId: before.schoolId, name: before.name, changes: changed },
      });
    }),
  );
  return getSection(db, id);
}
