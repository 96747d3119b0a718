import type { DB, Executor } from '@core/db/index';
import { writeLog, type Actor } from '@core/audit-log';
import { revokeUserSessions } from '@core/auth/sessions';
import { nowIso } from '@core/time/time';
import { ROLLOVER_UNDO_DAYS, type RolloverPlan, type RolloverTotals } from '@domain/school-year';
import { loadYearHolidays } from '../calendar';
import { forgetSchoolRules } from '../attendance';
import { loadRoll, type RollSection } from './roll';
import { archiveReason, resolvePlan, type LearnerChange } from './plan';
import { rolloverRecord } from './records';

/*
 * The rollover's one commit: in one transaction it records the closed year's learners as the year left them
 * (learner_years), makes the sections the next grades lack, moves each class up (or keeps the retained), archives
 * completers as graduated and the learners who left during the year, and sets the new year with its holidays.
 * What it made and what each learner was are kept, so undo restores exactly that.
 */

const CHUNK = 200;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export async function previewRollover(db: DB, schoolId: number, plan: RolloverPlan) {
  const resolved = resolvePlan(await loadRoll(db, schoolId), plan);
  const holidays = (await loadYearHolidays(db, schoolId, plan.year.start, plan.year.end, true)).length;
  return { ...resolved.preview, totals: { ...resolved.preview.totals, holidays } };
}

export async function commitRollover(db: DB, schoolId: number, plan: RolloverPlan, actor: Actor) {
  const result = await db.transaction().execute(async (trx) => {
    const roll = await loadRoll(trx, schoolId);
    const resolved = resolvePlan(roll, plan);
    const at = nowIso();
    const { id } = await trx
      .insertInto('schoolYearRollovers')
      .values({
        schoolId,
        fromStart: roll.year.start,
        fromEnd: roll.year.end,
        toStart: plan.year.start,
        toEnd: plan.year.end,
        schoolUpdatedAt: roll.schoolUpdatedAt,
        closedSections: JSON.stringify(
          roll.sections.map((s) => ({ id: s.id, name: s.name, adviserName: s.adviserName, grade: s.grade })),
        ),
        createdSections: '[]',
        addedHolidays: '[]',
        summary: '{}',
        actorRole: actor.role,
        actorId: actor.userId,
        actorName: actor.name ?? actor.email ?? null,
        createdAt: at,
        undoUntil: new Date(Date.parse(at) + ROLLOVER_UNDO_DAYS * 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const made = new Map<number, { id: number; gradeId: number }>();
    for (const s of resolved.newSections) {
      const row = await trx
        .insertInto('sections')
        .values({
          schoolId,
          gradeId: s.grade.id,
          name: s.name,
          description: s.description,
          capacity: s.capacity,
          adviserName: null,
          isActive: 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      made.set(s.sourceId, { id: row.id, gradeId: s.grade.id });
    }

    await recordYear(trx, id, roll.sections, resolved.changes);
    await moveLearners(trx, resolved.changes, made, roll.sections, plan.year.start, at);
    await archiveLeavers(trx, actor, resolved.changes, roll, at);

    await trx
      .updateTable('schools')
      .set({ schoolYearStart: plan.year.start, schoolYearEnd: plan.year.end, updatedAt: at })
      .where('id', '=', schoolId)
      .execute();
    const holidays = await loadYearHolidays(trx, schoolId, plan.year.start, plan.year.end);
    const totals: RolloverTotals = { ...resolved.preview.totals, holidays: holidays.length };
    await trx
      .updateTable('schoolYearRollovers')
      .set({
        createdSections: JSON.stringify([...made.values()].map((s) => s.id)),
        addedHolidays: JSON.stringify(holidays),
        summary: JSON.stringify(totals),
      })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'ROLL_OVER_SCHOOL_YEAR',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: { rolloverId: id, from: roll.year, to: plan.year, ...totals },
    });
    return { id, preview: { ...resolved.preview, totals } };
  });
  forgetSchoolRules();
  return { rollover: await rolloverRecord(db, schoolId, result.id), preview: result.preview };
}

/** learner_years: each learner of the closed year as it left them (also undo's picture of the row). */
async function recordYear(trx: Executor, rolloverId: number, sections: RollSection[], changes: LearnerChange[]) {
  const sectionById = new Map(sections.map((s) => [s.id, s]));
  for (const part of chunks(changes)) {
    await trx
      .insertInto('learnerYears')
      .values(
        part.map(({ learner: l, outcome }) => {
          const s = sectionById.get(l.sectionId)!;
          return {
            rolloverId,
            studentId: l.id,
            outcome,
            gradeId: s.grade.id,
            gradeName: s.grade.name,
            gradeLevel: s.grade.level,
            sectionId: s.id,
            sectionName: s.name,
            adviserName: s.adviserName,
            enrolmentDate: l.enrolmentDate,
            transferInFrom: l.transferInFrom,
            leftOn: l.leftOn,
            leftReason: l.leftReason,
            leftDetail: l.leftDetail,
            archivedAt: l.archivedAt,
            updatedAt: l.updatedAt,
          };
        }),
      )
      .execute();
  }
}

/** Promoted learners to their class's new section, retained ones stay: both start the new year enrolled on its first day. */
async function moveLearners(
  trx: Executor,
  changes: LearnerChange[],
  made: Map<number, { id: number; gradeId: number }>,
  sections: { id: number; grade: { id: number } }[],
  start: string,
  at: string,
) {
  const gradeOf = new Map(sections.map((s) => [s.id, s.grade.id]));
  const groups = new Map<number, { sectionId: number; gradeId: number; ids: number[] }>();
  for (const c of changes) {
    if (c.outcome !== 'PROMOTED' && c.outcome !== 'RETAINED') continue;
    const to =
      c.target && 'newFrom' in c.target
        ? made.get(c.target.newFrom)!
        : c.target
          ? { id: c.target.sectionId, gradeId: gradeOf.get(c.target.sectionId)! }
          : { id: c.learner.sectionId, gradeId: c.learner.gradeId };
    if (!groups.has(to.id)) groups.set(to.id, { sectionId: to.id, gradeId: to.gradeId, ids: [] });
    groups.get(to.id)!.ids.push(c.learner.id);
  }
  for (const g of groups.values())
    for (const ids of chunks(g.ids))
      await trx
        .updateTable('students')
        .set({ sectionId: g.sectionId, gradeId: g.gradeId, enrolmentDate: start, transferInFrom: null, updatedAt: at })
        .where('id', 'in', ids)
        .execute();
}

/**
 * Completers (graduated) and learners who left during the year are archived as Archive does it (cards freed, sign-ins
 * ended, updated_at left alone).
 */
async function archiveLeavers(
  trx: Executor,
  actor: Actor,
  changes: LearnerChange[],
  roll: { sections: Parameters<typeof archiveReason>[1][]; year: { start: string; end: string } },
  at: string,
) {
  const sectionById = new Map(roll.sections.map((s) => [s.id, s]));
  const byReason = new Map<string, number[]>();
  for (const c of changes) {
    if (c.outcome !== 'COMPLETED' && c.outcome !== 'LEFT') continue;
    const reason = archiveReason(c, sectionById.get(c.learner.sectionId)!, roll.year);
    byReason.set(reason, [...(byReason.get(reason) ?? []), c.learner.id]);
  }
  for (const [reason, all] of byReason)
    for (const ids of chunks(all)) {
      await trx
        .updateTable('students')
        .set((eb) => ({
          isArchived: 1,
          archivedAt: at,
          archivedById: actor.userId,
          archivedByRole: actor.role,
          archivedByName: actor.name ?? actor.email ?? null,
          archiveReason: reason,
          archivedRfidCardId: eb.ref('rfidCardId'),
          rfidCardId: null,
        }))
        .where('id', 'in', ids)
        .where('isArchived', '=', 0)
        .execute();
      // Only learners signed in somewhere have sessions to end (and every node to tell).
      const signedIn = await trx
        .selectFrom('sessions')
        .select('userId')
        .distinct()
        .where('role', '=', 'STUDENT')
        .where('userId', 'in', ids)
        .where('revokedAt', 'is', null)
        .execute();
      for (const { userId } of signedIn) await revokeUserSessions(trx, 'STUDENT', userId);
    }
}
