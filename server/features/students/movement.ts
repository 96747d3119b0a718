import type { DB } from '@core/db/index';
import { badRequest, conflict, notFound } from '@core/http/errors';
import { writeLog, type Actor } from '@core/audit-log';
import { localDate, nowIso } from '@core/time/time';
import { MOVEMENT_MESSAGES as M, type movementInputSchema } from '@domain/students/movement';
import { STUDENT_MESSAGES, studentName, type Student } from '@domain/students';
import type { z } from 'zod';
import { getStudent, studentRow } from './service';

type MovementInput = z.output<typeof movementInputSchema>;

/**
 * Records a learner's movement on their row, logged with what it was before. Leaving (transferred out, dropped
 * out, NLPA) needs a learner on the roll (409 otherwise) and a date from their enrolment on; "back on the roll"
 * needs one who left. The absence job and SF2 read these fields.
 */
export async function recordMovement(db: DB, id: number, input: MovementInput, actor: Actor, timeZone: string): Promise<Student> {
  const before = await studentRow(db, id);
  if (before.isArchived) throw notFound(STUDENT_MESSAGES.notFound);
  const enrolled = before.enrolmentDate ?? localDate(before.createdAt, timeZone);
  const change = (() => {
    if (input.kind === 'BACK') {
      if (!before.leftOn) throw conflict(M.notLeft);
      return { leftOn: null, leftReason: null, leftDetail: null };
    }
    if (before.leftOn) throw conflict(M.left(before.leftOn));
    if (input.kind === 'TRANSFERRED_IN') return { enrolmentDate: input.date, transferInFrom: input.school };
    if (input.date < enrolled) throw badRequest(M.beforeEnrolment(enrolled), { date: M.beforeEnrolment(enrolled) });
    if (input.kind === 'TRANSFERRED_OUT') return { leftOn: input.date, leftReason: input.kind, leftDetail: input.school };
    if (input.kind === 'DROPPED_OUT')
      return {
        leftOn: input.date,
        leftReason: input.kind,
        leftDetail: input.reasonCode === 'f' ? `f: ${input.other}` : input.reasonCode,
      };
    return { leftOn: input.date, leftReason: input.kind, leftDetail: null };
  })();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('students')
      .set({ ...change, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'RECORD_LEARNER_MOVEMENT',
      entity: 'Student',
      entityId: id,
      schoolId: before.schoolId,
      details: {
        name: studentName(before),
        lrn: before.lrn,
        ...input,
        before: {
          enrolmentDate: before.enrolmentDate,
          transferInFrom: before.transferInFrom,
          leftOn: before.leftOn,
          leftReason: before.leftReason,
          leftDetail: before.leftDetail,
        },
      },
    });
  });
  return getStudent(db, id, timeZone);
}
