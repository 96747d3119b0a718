import { sql } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import type { SchoolRow } from '@core/db/schema';
import { badRequest, conflict, notFound } from '@core/http/errors';
import { containsText } from '@core/http/query';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { storeFile, type FileBatch } from '@core/uploads/upload-pipeline';
import {
  expiryBeforeContract,
  SCHOOL_MESSAGES,
  SCHOOL_NOT_FOUND,
  type SchoolCreateInput,
  type SchoolUpdateInput,
} from '@domain/schools';
import { fileUrl, IMAGE_MAX_BYTES } from '@domain/files';

/** Logos are images checked by content, at most 2 MB. */
export const LOGO_MAX_BYTES = IMAGE_MAX_BYTES;
export { SCHOOL_NOT_FOUND };

/** The fields a super admin edits (everything of a school except ids, flags, counts, logo). */
const EDITABLE = [
  'name',
  'acronym',
  'address',
  'contactNumber',
  'email',
  'website',
  'depedSchoolId',
  'schoolHeadName',
  'studentCount',
  'contractNumber',
  'contractDate',
  'contractExpiryDate',
  'contractStatus',
  'contractType',
  'contractAmount',
] as const;
type Editable = Pick<SchoolRow, (typeof EDITABLE)[number]>;

/** The given editable fields (create: every field, absent ones as null). */
function editableValues(input: Partial<Record<keyof Editable, unknown>>, fillNull: boolean): Partial<Editable> {
  const out: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (input[key] !== undefined) out[key] = input[key];
    else if (fillNull) out[key] = null;
  }
  return out as Partial<Editable>;
}

/** Percent of the contracted student count in use, rounded; 0 when the school has no capacity set. */
export function capacityUsed(current: number, capacity: number | null): number {
  return capacity && capacity > 0 ? Math.round((current / capacity) * 100) : 0;
}

/**
 * Schools with their live counts in one statement: active, non-archived students and active admins
 * are counted once per school in grouped subqueries and joined (no query per school).
 */
function schoolsWithCounts(db: Executor) {
  return db
    .selectFrom('schools')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('students')
          .select((s) => ['students.schoolId', s.fn.countAll<number>().as('n')])
          .where('students.isActive', '=', 1)
          .where('students.isArchived', '=', 0)
          .groupBy('students.schoolId')
          .as('st'),
      (join) => join.onRef('st.schoolId', '=', 'schools.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('admins')
          .select((s) => ['admins.schoolId', s.fn.countAll<number>().as('n')])
          .where('admins.isActive', '=', 1)
          .groupBy('admins.schoolId')
          .as('ad'),
      (join) => join.onRef('ad.schoolId', '=', 'schools.id'),
    )
    .selectAll('schools')
    .select((eb) => [
      eb.fn.coalesce('st.n', sql<number>`0`).as('currentStudentCount'),
      eb.fn.coalesce('ad.n', sql<number>`0`).as('currentAdminCount'),
    ]);
}

type SchoolWithCounts = SchoolRow & { currentStudentCount: number; currentAdminCount: number };

function toSchool(row: SchoolWithCounts) {
  const currentStudentCount = Number(row.currentStudentCount);
  return {
    ...row,
    contractAmount: row.contractAmount == null ? null : Number(row.contractAmount),
    isActive: Boolean(row.isActive),
    allowGlobalOverflow: Boolean(row.allowGlobalOverflow),
    logoUrl: fileUrl(row.logoUrl),
    currentStudentCount,
    currentAdminCount: Number(row.currentAdminCount),
    studentCapacityUsed: capacityUsed(currentStudentCount, row.studentCount),
  };
}
export type School = ReturnType<typeof toSchool>;

/** School Management: every school, optionally those whose name or acronym contains `search`. */
export async function listSchools(db: Executor, search?: string): Promise<School[]> {
  let query = schoolsWithCounts(db);
  if (search) query = query.where((eb) => eb.or([containsText('schools.name', search), containsText('schools.acronym', search)]));
  const rows = await query.orderBy('schools.name').orderBy('schools.id').execute();
  return rows.map(toSchool);
}

export async function getSchool(db: Executor, id: number): Promise<School> {
  const row = await schoolsWithCounts(db).where('schools.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SCHOOL_NOT_FOUND);
  return toSchool(row);
}

/** The school row or 404 (for the grade, section and contract-file services). */
export async function requireSchool(db: Executor, id: number): Promise<SchoolRow> {
  const row = await db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SCHOOL_NOT_FOUND);
  return row;
}

/** Acronyms are unique regardless of case (the index enforces it too; this gives the clear message). */
async function assertAcronymFree(db: Executor, acronym: string, exceptId?: number) {
  let query = db
    .selectFrom('schools')
    .select('id')
    .where(sql`lower(acronym)`, '=', acronym.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw conflict(SCHOOL_MESSAGES.duplicateAcronym, { acronym: SCHOOL_MESSAGES.duplicateAcronym });
  }
}

/** POST: the school and its logo (`files`: the request's upload batch). */
export async function createSchool(db: DB, files: FileBatch, input: SchoolCreateInput, actor: Actor): Promise<School> {
  await assertAcronymFree(db, input.acronym);
  const values = { ...editableValues(input, true), logoUrl: (await storeFile(files, 'logo')) ?? null };
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('schools')
      .values({ ...(values as Editable), logoUrl: values.logoUrl, isActive: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(trx, actor, {
      action: 'CREATE_SCHOOL',
      entity: 'School',
      entityId: row.id,
      schoolId: row.id,
      details: { school: values },
    });
    return row.id;
  });
  return getSchool(db, id);
}

/**
 * PATCH: the fields given (null clears an optional one), isActive, allowGlobalOverflow, and a new logo (the old file
 * is removed).
 */
export async function updateSchool(
  db: DB,
  files: FileBatch,
  id: number,
  input: SchoolUpdateInput,
  actor: Actor,
): Promise<School> {
  const before = await getSchool(db, id);
  if (input.acronym !== undefined) await assertAcronymFree(db, input.acronym, id);
  const contractDate = input.contractDate !== undefined ? input.contractDate : before.contractDate;
  const expiry = input.contractExpiryDate !== undefined ? input.contractExpiryDate : before.contractExpiryDate;
  if (expiryBeforeContract(contractDate, expiry)) {
    throw badRequest(SCHOOL_MESSAGES.expiry, { contractExpiryDate: SCHOOL_MESSAGES.expiry });
  }

  const changes = {
    ...editableValues(input, false),
    isActive: input.isActive,
    allowGlobalOverflow: input.allowGlobalOverflow,
    logoUrl: await storeFile(files, 'logo', before.logoUrl),
  };
  const changed = diff(before, changes);
  // Nothing differs: nothing is written, and the log gets no entry with an empty diff.
  if (Object.keys(changed).length === 0) return before;
  await db.transaction().execute(async (trx) => {
    const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
    await trx
      .updateTable('schools')
      .set({
        ...changes,
        isActive: flag(changes.isActive),
        allowGlobalOverflow: flag(changes.allowGlobalOverflow),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_SCHOOL',
      entity: 'School',
      entityId: id,
      schoolId: id,
      details: { name: before.name, changes: changed },
    });
  });
  return getSchool(db, id);
}
