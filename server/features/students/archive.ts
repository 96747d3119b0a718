import { sql, type SqlBool } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import type { StudentRow } from '@core/db/schema';
import { conflict, notFound } from '@core/http/errors';
import { dayRangeUtc } from '@core/time/day-range';
import type { CsvColumn } from '@core/http/paginate';
import { nowIso } from '@core/time/time';
import { writeLog, type Actor } from '@core/audit-log';
import { revokeUserSessions } from '@core/auth/sessions';
import { conflictText, studentsWithPlacement, studentRow, toStudent, type StudentSelect } from './service';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { resolveSearch, studentSearch } from './search';
import { isTimeZone } from '@domain/attendance';
import {
  STUDENT_MESSAGES as M,
  studentName,
  type ArchivedListQuery,
  type ArchivedStudent,
  type BulkResult,
} from '@domain/students';

/*
 * Archive and restore (an active student becomes archived via Archive, an archived one is restored
 * via Restore). An archived student stays in the students table with every field as it was
 * (is_archived = 1, who/when/why recorded); only the RFID card moves to archived_rfid_card_id so the card
 * can be reused. Restore puts the record back exactly, or answers 409 when its LRN, email or card was
 * taken meanwhile. updated_at is left alone by both: archiving is not an edit of the record.
 */

export interface ArchiveContext {
  db: DB;
  actor: Actor;
  /** SCHOOL_TIMEZONE: the zone of a student whose school has none */
  defaultTimeZone: string;
  /** a school admin's conflicts with other schools' learners: "not available", counted (default: the super admin's) */
  unavailable?: Unavailability;
}

export function toArchived(row: StudentSelect, defaultZone: string): ArchivedStudent {
  const studentData = toStudent(row, defaultZone);
  return {
    id: row.id,
    profilePictureUrl: studentData.profilePictureUrl,
    archivedByName: row.archivedByName,
    archivedAt: row.archivedAt ?? '',
    archiveReason: row.archiveReason,
    studentData,
  };
}

/** A time zone Intl knows, else the default (a damaged schools.timezone never becomes a 500). */
function knownZone(zone: string | null, fallback: string): string {
  return zone && isTimeZone(zone) ? zone : fallback;
}

/**
 * The archived students matching the filters, newest archive first (then id: a total order for CSV).
 * startDate/endDate are archive days in each student's school time zone (schools.timezone, else the
 * configured default): with one zone in use that is a single index range on archived_at.
 */
export async function archivedQuery(db: Executor, f: ArchivedListQuery, defaultZone: string) {
  let q = studentsWithPlacement(db).where('students.isArchived', '=', 1);
  if (f.schoolId) q = q.where('students.schoolId', '=', f.schoolId);
  const search = f.searchTerm ? await resolveSearch(db, f.searchTerm) : null;
  if (search) q = q.where(studentSearch(search));
  if (f.startDate || f.endDate) {
    const rows = await db.selectFrom('schools').select('timezone').distinct().execute();
    const zones = [...new Set([defaultZone, ...rows.map((r) => knownZone(r.timezone, defaultZone))])];
    const inRange = (zone: string) => {
      const { from, until } = dayRangeUtc(f.startDate, f.endDate, zone);
      const parts = [];
      if (from) parts.push(sql<SqlBool>`students.archived_at >= ${from}`);
      if (until) parts.push(sql<SqlBool>`students.archived_at < ${until}`);
      return parts;
    };
    if (zones.length === 1) {
      for (const part of inRange(defaultZone)) q = q.where(part);
    } else {
      q = q.where((eb) =>
        eb.or(
          zones.map((zone) =>
            eb.and([
              zone === defaultZone
                ? eb.or([
                    eb('schools.timezone', 'is', null),
                    eb('schools.timezone', '=', zone),
                    eb('students.schoolId', 'is', null),
                  ])
                : eb('schools.timezone', '=', zone),
              ...inRange(zone),
            ]),
          ),
        ),
      );
    }
  }
  // A search's matches as an id list are sorted, not found by walking the archive-date index (see listStudents).
  const archivedAt = search?.ids ? sql<string>`students.archived_at || ''` : ('students.archivedAt' as const);
  return q.orderBy(archivedAt, 'desc').orderBy('students.id', 'desc');
}

export const ARCHIVED_CSV_COLUMNS: ReadonlyArray<CsvColumn<ArchivedStudent>> = [
  { header: 'ID', value: (a) => a.id },
  { header: 'Last Name', value: (a) => a.studentData.lastName },
  { header: 'First Name', value: (a) => a.studentData.firstName },
  { header: 'LRN', value: (a) => a.studentData.lrn },
  { header: 'Email', value: (a) => a.studentData.email },
  { header: 'School', value: (a) => a.studentData.school?.name ?? '' },
  { header: 'Grade', value: (a) => a.studentData.gradeModel?.name ?? '' },
  { header: 'Section', value: (a) => a.studentData.sectionModel?.name ?? '' },
  { header: 'Archived By', value: (a) => a.archivedByName },
  { header: 'Archived At', value: (a) => a.archivedAt },
  { header: 'Reason', value: (a) => a.archiveReason },
];

export async function getArchivedStudent(db: Executor, id: number, defaultZone: string): Promise<ArchivedStudent> {
  const row = await studentsWithPlacement(db)
    .where('students.id', '=', id)
    .where('students.isArchived', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound(M.archivedNotFound);
  return toArchived(row, defaultZone);
}

/** Rows for the given ids, every one present (404 naming the unknown ones). */
async function rowsFor(db: Executor, ids: number[], message: string): Promise<StudentRow[]> {
  const rows = await db.selectFrom('students').selectAll().where('id', 'in', ids).execute();
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw notFound(ids.length === 1 ? message : `${message}: ${missing.join(', ')}`);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** Archives the rows (409 if one was archived meanwhile); `logEach`: one log entry per student (else the caller logs). */
export async function archiveRows(trx: Executor, actor: Actor, rows: StudentRow[], reason: string | null, logEach = true) {
  const archivedAt = nowIso();
  for (const row of rows) {
    const res = await trx
      .updateTable('students')
      .set({
        isArchived: 1,
        archivedAt,
        archivedById: actor.userId,
        archivedByRole: actor.role,
        archivedByName: actor.name ?? actor.email ?? null,
        archiveReason: reason,
        archivedRfidCardId: row.rfidCardId,
        rfidCardId: null,
      })
      .where('id', '=', row.id)
      .where('isArchived', '=', 0)
      .executeTakeFirst();
    // A concurrent archive got there first: refuse the whole request (the transaction rolls back).
    if (Number(res.numUpdatedRows) !== 1) throw conflict(M.alreadyArchived);
    await revokeUserSessions(trx, 'STUDENT', row.id);
    if (!logEach) continue;
    await writeLog(trx, actor, {
      action: 'ARCHIVE_STUDENT',
      entity: 'Student',
      entityId: row.id,
      schoolId: row.schoolId,
      details: { name: studentName(row), lrn: row.lrn, reason },
    });
  }
}

/** POST /students/{id}/archive: 404 unknown, 409 already archived. */
export async function archiveStudent(ctx: ArchiveContext, id: number, reason: string | null): Promise<ArchivedStudent> {
  const row = await studentRow(ctx.db, id);
  if (row.isArchived) throw conflict(M.alreadyArchived);
  await ctx.db.transaction().execute((trx) => archiveRows(trx, ctx.actor, [row], reason));
  return getArchivedStudent(ctx.db, id, ctx.defaultTimeZone);
}

/** POST /students/bulk-archive: all or nothing; one log entry per student. */
export async function bulkArchive(ctx: ArchiveContext, ids: number[], reason: string | null): Promise<BulkResult> {
  const rows = await rowsFor(ctx.db, ids, M.notFound);
  const archived = rows.filter((r) => r.isArchived);
  if (archived.length) {
    throw conflict(`${M.alreadyArchived}: ${archived.map(studentName).join(', ')}`, { ids: M.alreadyArchived });
  }
  await ctx.db.transaction().execute((trx) => archiveRows(trx, ctx.actor, rows, reason));
  return { ids, count: ids.length };
}

/**
 * What blocks restoring these rows: another student now holds the LRN, email or card, or two of the
 * rows would hold the same card. field → message, per student id.
 */
async function restoreConflicts(
  db: Executor,
  rows: StudentRow[],
  gate: Unavailability = EVERY_SCHOOL,
): Promise<Map<number, Record<string, string>>> {
  await gate.assertOpen();
  const out = new Map<number, Record<string, string>>();
  let unavailable = 0;
  const add = (id: number, field: 'lrn' | 'email' | 'rfidCardId', holderSchoolId: number | null) => {
    const text = conflictText(field, holderSchoolId, gate.ownSchoolId);
    if (text.other) unavailable += 1;
    out.set(id, { ...out.get(id), [field]: text.message });
  };
  const ids = rows.map((r) => r.id);
  const others = (column: 'lrn' | 'email' | 'rfidCardId', values: string[]) =>
    values.length
      ? db
          .selectFrom('students')
          .select(['id', 'schoolId', column])
          .where(column, 'in', values)
          .where('id', 'not in', ids)
          .execute()
      : Promise.resolve([]);
  const [lrns, emails, cards] = await Promise.all([
    others(
      'lrn',
      rows.map((r) => r.lrn),
    ),
    others(
      'email',
      rows.flatMap((r) => (r.email ? [r.email] : [])),
    ),
    others(
      'rfidCardId',
      rows.flatMap((r) => (r.archivedRfidCardId ? [r.archivedRfidCardId] : [])),
    ),
  ]);
  const seenCards = new Map<string, number>();
  for (const r of rows) {
    const lrn = lrns.find((o) => o.lrn === r.lrn);
    if (lrn) add(r.id, 'lrn', lrn.schoolId);
    const email = emails.find((o) => o.email === r.email);
    if (email) add(r.id, 'email', email.schoolId);
    const card = r.archivedRfidCardId;
    const holder = card ? cards.find((o) => o.rfidCardId === card) : undefined;
    if (holder) add(r.id, 'rfidCardId', holder.schoolId);
    else if (card && seenCards.has(card)) add(r.id, 'rfidCardId', r.schoolId);
    if (card) seenCards.set(card, r.id);
  }
  await gate.record(unavailable);
  return out;
}

async function restoreRows(trx: Executor, actor: Actor, rows: StudentRow[]) {
  for (const row of rows) {
    const res = await trx
      .updateTable('students')
      .set({
        isArchived: 0,
        archivedAt: null,
        archivedById: null,
        archivedByRole: null,
        archivedByName: null,
        archiveReason: null,
        rfidCardId: row.archivedRfidCardId,
        archivedRfidCardId: null,
      })
      .where('id', '=', row.id)
      .where('isArchived', '=', 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict(M.alreadyRestored);
    await writeLog(trx, actor, {
      action: 'RESTORE_STUDENT',
      entity: 'Student',
      entityId: row.id,
      schoolId: row.schoolId,
      details: { name: studentName(row), lrn: row.lrn, archivedAt: row.archivedAt, archiveReason: row.archiveReason },
    });
  }
}

/** POST /archived-students/{id}/restore: 404 unknown, 409 not archived or LRN/email/card taken meanwhile. */
export async function restoreStudent(ctx: ArchiveContext, id: number) {
  const row = await studentRow(ctx.db, id, M.archivedNotFound);
  if (!row.isArchived) throw conflict(M.alreadyRestored);
  const errors = (await restoreConflicts(ctx.db, [row], ctx.unavailable)).get(id);
  if (errors) throw conflict(Object.values(errors)[0]!, errors);
  await ctx.db.transaction().execute((trx) => restoreRows(trx, ctx.actor, [row]));
  const restored = await studentsWithPlacement(ctx.db).where('students.id', '=', id).executeTakeFirstOrThrow();
  return toStudent(restored, ctx.defaultTimeZone);
}

/** POST /archived-students/bulk-restore: all or nothing; the 409 names each blocked student. */
export async function bulkRestore(ctx: ArchiveContext, ids: number[]): Promise<BulkResult> {
  const rows = await rowsFor(ctx.db, ids, M.archivedNotFound);
  const active = rows.filter((r) => !r.isArchived);
  if (active.length) throw conflict(`${M.alreadyRestored}: ${active.map(studentName).join(', ')}`, { ids: M.alreadyRestored });
  const blocked = await restoreConflicts(ctx.db, rows, ctx.unavailable);
  if (blocked.size) {
    const errors = Object.fromEntries(
      rows
        .filter((r) => blocked.has(r.id))
        .map((r) => [String(r.id), `${studentName(r)}: ${Object.values(blocked.get(r.id)!)[0]}`]),
    );
    throw conflict(`Cannot restore ${Object.values(errors).join('; ')}`, errors);
  }
  await ctx.db.transaction().execute((trx) => restoreRows(trx, ctx.actor, rows));
  return { ids, count: ids.length };
}
