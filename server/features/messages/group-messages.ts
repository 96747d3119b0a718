import type { DB, Executor } from '@core/db/index';
import { badRequest, notFound } from '@core/http/errors';
import { writeLog, type Actor } from '@core/audit-log';
import { GROUP_MESSAGE_MESSAGES, type GroupChoices, type GroupMessageInput } from '@domain/sms-history';
import { GRADE_NOT_FOUND, SECTION_NOT_FOUND } from '../grades-sections';
import { writeNotificationIntent } from '../outbox';

/**
 * A message to the parents of a grade or a section of one school (SEND_SMS): one CUSTOM intent per active
 * student, so each parent gets it by their own preference through the outbox, like any other message.
 */

/** The active students a message to this grade (or section) reaches; 404 for another school's grade or section. */
async function audienceIds(db: Executor, schoolId: number, gradeId: number, sectionId?: number) {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('id', '=', gradeId)
    .where('schoolId', '=', schoolId)
    .executeTakeFirst();
  if (!grade) throw notFound(GRADE_NOT_FOUND);
  if (sectionId != null) {
    const section = await db
      .selectFrom('sections')
      .select('id')
      .where('id', '=', sectionId)
      .where('gradeId', '=', gradeId)
      .executeTakeFirst();
    if (!section) throw notFound(SECTION_NOT_FOUND);
  }
  let q = db
    .selectFrom('students')
    .select(['id'])
    .where('schoolId', '=', schoolId)
    .where('gradeId', '=', gradeId)
    .where('isArchived', '=', 0)
    .where('isActive', '=', 1);
  if (sectionId != null) q = q.where('sectionId', '=', sectionId);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

/** The school of a grade (the super admin's class message is to the grade's school); 404 for an unknown grade. */
export async function gradeSchool(db: Executor, gradeId: number): Promise<number> {
  const grade = await db.selectFrom('grades').select('schoolId').where('id', '=', gradeId).executeTakeFirst();
  if (!grade) throw notFound(GRADE_NOT_FOUND);
  return grade.schoolId;
}

/** The school's active grades and their active sections, by level and name (the dialog's choices). */
export async function groupChoices(db: Executor, schoolId: number): Promise<GroupChoices> {
  const [grades, sections] = await Promise.all([
    db
      .selectFrom('grades')
      .select(['id', 'name'])
      .where('schoolId', '=', schoolId)
      .where('isActive', '=', 1)
      .orderBy('level')
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sections')
      .select(['id', 'name', 'gradeId'])
      .where('schoolId', '=', schoolId)
      .where('isActive', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return grades.map((g) => ({
    id: g.id,
    name: g.name,
    sections: sections.filter((s) => s.gradeId === g.id).map((s) => ({ id: s.id, name: s.name })),
  }));
}

export async function groupAudience(db: Executor, schoolId: number, gradeId: number, sectionId?: number) {
  return { recipients: (await audienceIds(db, schoolId, gradeId, sectionId)).length };
}

/**
 * Queues the message for every parent of the grade or section, in one transaction with its log entry. The intents'
 * keys carry the request's id: a retry of the same request (a double click, a lost answer) queues nothing again
 * and writes no second log entry.
 */
export async function queueGroupMessage(db: DB, schoolId: number, input: GroupMessageInput, actor: Actor, now: Date) {
  return db.transaction().execute(async (trx) => {
    const ids = await audienceIds(trx, schoolId, input.gradeId, input.sectionId);
    if (ids.length === 0) throw badRequest(GROUP_MESSAGE_MESSAGES.nobody, { gradeId: GROUP_MESSAGE_MESSAGES.nobody });
    const occurredAt = now.toISOString();
    let written = 0;
    for (const studentId of ids) {
      const intent = {
        type: 'CUSTOM' as const,
        studentId,
        schoolId,
        occurredAt,
        text: input.message,
        sender: actor.userId != null ? { role: actor.role, id: actor.userId } : undefined,
      };
      if (await writeNotificationIntent(trx, intent, now, `CUSTOM:${input.requestId}:${studentId}`)) written += 1;
    }
    if (written > 0) {
      await writeLog(trx, actor, {
        action: 'SEND_GROUP_MESSAGE',
        entity: 'SmsNotification',
        entityId: input.requestId,
        schoolId,
        details: {
          gradeId: input.gradeId,
          sectionId: input.sectionId ?? null,
          recipients: written,
          length: input.message.length,
        },
      });
    }
    return { recipients: ids.length };
  });
}
