import type { DB } from '@core/db/index';
import { conflict, notFound } from '@core/http/errors';
import { writeLog, type Actor } from '@core/audit-log';
import { nowIso } from '@core/time/time';
import { ROLLOVER_MESSAGES as M, sectionLabel } from '@domain/school-year';
import { studentName } from '@domain/students';
import { forgetSchoolRules } from '../attendance';
import { rolloverRecord } from './records';

/*
 * Undo of the latest rollover within its days: every learner the rollover moved or archived gets back the row the
 * closed year left (learner_years), the sections and holidays it made go, the school's year and updated_at are put
 * back, and the closed year's picture is dropped. Refused (409, nothing changed) when a card it freed was given to
 * another learner, or a section it made has learners it did not put there.
 */
export async function undoRollover(db: DB, schoolId: number, rolloverId: number, actor: Actor, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('schoolYearRollovers')
      .selectAll()
      .where('id', '=', rolloverId)
      .where('schoolId', '=', schoolId)
      .executeTakeFirst();
    if (!row) throw notFound(M.nothingToUndo);
    const record = await rolloverRecord(trx, schoolId, rolloverId, now);
    if (row.undoneAt) throw conflict(M.undone);
    if (!record.canUndo && now.toISOString() < row.undoUntil) throw conflict(M.notLatest);
    if (!record.canUndo) throw conflict(M.expired(row.undoUntil.slice(0, 10)));

    const years = await trx.selectFrom('learnerYears').selectAll().where('rolloverId', '=', rolloverId).execute();
    const leaverIds = years.filter((y) => y.outcome === 'COMPLETED' || y.outcome === 'LEFT').map((y) => y.studentId);
    // The leavers still archived by this rollover go back on the roll with their cards.
    const stillArchived = new Set<number>();
    for (let i = 0; i < leaverIds.length; i += 500) {
      const rows = await trx
        .selectFrom('students')
        .select(['id', 'archivedRfidCardId'])
        .where('id', 'in', leaverIds.slice(i, i + 500))
        .where('isArchived', '=', 1)
        .where('archivedAt', '=', row.createdAt)
        .execute();
      const cards = rows.flatMap((r) => (r.archivedRfidCardId ? [r.archivedRfidCardId] : []));
      if (cards.length) {
        const holders = await trx
          .selectFrom('students')
          .select(['firstName', 'lastName'])
          .where('rfidCardId', 'in', cards)
          .execute();
        if (holders.length) throw conflict(M.cardTaken(holders.map(studentName).join(', ')));
      }
      for (const r of rows) stillArchived.add(r.id);
    }

    for (const y of years) {
      if (y.outcome === 'ARCHIVED') continue;
      const unarchive = stillArchived.has(y.studentId);
      await trx
        .updateTable('students')
        .set((eb) => ({
          gradeId: y.gradeId,
          sectionId: y.sectionId,
          enrolmentDate: y.enrolmentDate,
          transferInFrom: y.transferInFrom,
          leftOn: y.leftOn,
          leftReason: y.leftReason,
          leftDetail: y.leftDetail,
          updatedAt: y.updatedAt,
          ...(unarchive && {
            isArchived: 0,
            archivedAt: null,
            archivedById: null,
            archivedByRole: null,
            archivedByName: null,
            archiveReason: null,
            rfidCardId: eb.ref('archivedRfidCardId'),
            archivedRfidCardId: null,
          }),
        }))
        .where('id', '=', y.studentId)
        .execute();
    }

    const created = JSON.parse(row.createdSections) as number[];
    if (created.length) {
      const used = await trx
        .selectFrom('students')
        .innerJoin('sections', 'sections.id', 'students.sectionId')
        .innerJoin('grades', 'grades.id', 'sections.gradeId')
        .select(['grades.name as grade', 'sections.name as section'])
        .distinct()
        .where('students.sectionId', 'in', created)
        .execute();
      if (used.length) throw conflict(M.sectionsUsed(used.map((u) => sectionLabel(u.grade, u.section)).join(', ')));
      await trx.deleteFrom('sections').where('id', 'in', created).execute();
    }
    const holidays = JSON.parse(row.addedHolidays) as string[];
    if (holidays.length)
      await trx.deleteFrom('schoolHolidays').where('schoolId', '=', schoolId).where('date', 'in', holidays).execute();
    await trx
      .updateTable('schools')
      .set({ schoolYearStart: row.fromStart, schoolYearEnd: row.fromEnd, updatedAt: row.schoolUpdatedAt })
      .where('id', '=', schoolId)
      .execute();
    await trx.deleteFrom('learnerYears').where('rolloverId', '=', rolloverId).execute();
    await trx.updateTable('schoolYearRollovers').set({ undoneAt: nowIso() }).where('id', '=', rolloverId).execute();
    await writeLog(trx, actor, {
      action: 'UNDO_SCHOOL_YEAR_ROLLOVER',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: {
        rolloverId,
        backTo: { start: row.fromStart, end: row.fromEnd },
        learners: years.length - years.filter((y) => y.outcome === 'ARCHIVED').length,
      },
    });
  });
  forgetSchoolRules();
  return rolloverRecord(db, schoolId, rolloverId, now);
}
