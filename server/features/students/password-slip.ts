import type { DB } from '@core/db/index';
import { hashPassword } from '@core/auth/passwords';
import { assertStrongPassword } from '@core/auth/password-strength';
import { generatePassphrase } from '@core/auth/passphrase';
import { revokeUserSessions } from '@core/auth/sessions';
import { writeLog, type Actor } from '@core/audit-log';
import { notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { STUDENT_MESSAGES as M, studentName, type PasswordSlip } from '@domain/students';

/*
 * A learner's first password and its slip. The school hands a learner a generated passphrase on a slip for the
 * guardian (after registering, importing, or a new slip) and the learner chooses their own at the next sign-in
 * (students.must_change_password). An API caller may set a password instead (scripted set-up): it must pass the
 * staff strength rule, and being the caller's choice it is not marked for a change. Passwords are never logged.
 */

type Learner = { email?: string | null; firstName: string; lastName: string; lrn: string };

/** The password a new learner starts with: the caller's (checked) or a generated one, marked for a change. */
export function firstPassword(
  learner: Learner,
  given: string | undefined,
): { password: string; generated: boolean; mustChangePassword: 0 | 1 } {
  if (given !== undefined) {
    assertStrongPassword('password', given, learner.email, [learner.firstName, learner.lastName, learner.lrn]);
    return { password: given, generated: false, mustChangePassword: 0 };
  }
  const password = generatePassphrase(learner.email, [learner.firstName, learner.lastName, learner.lrn]);
  return { password, generated: true, mustChangePassword: 1 };
}

/** The slip of a learner's generated password (answered once; the school's name is printed on it). */
export function slipOf(student: Learner & { id: number }, schoolName: string | null | undefined, password: string): PasswordSlip {
  return { studentId: student.id, learnerName: studentName(student), lrn: student.lrn, schoolName: schoolName ?? '', password };
}

/**
 * POST students/{id}/password-slip: a new generated password for an active (not archived) learner, marked for a change
 * at sign-in; every session of the learner ends. `owns` refuses (404) a learner of another school in a school
 * admin's scope.
 */
export async function issuePasswordSlip(
  ctx: { db: DB; actor: Actor; scryptCost: number },
  id: number,
  owns: (schoolId: number | null) => void,
): Promise<PasswordSlip> {
  const { db } = ctx;
  const student = await db
    .selectFrom('students')
    .leftJoin('schools', 'schools.id', 'students.schoolId')
    .select([
      'students.id',
      'students.email',
      'students.firstName',
      'students.lastName',
      'students.lrn',
      'students.schoolId',
      'students.isArchived',
      'schools.name as schoolName',
    ])
    .where('students.id', '=', id)
    .executeTakeFirst();
  if (!student || student.isArchived) throw notFound(M.notFound);
  owns(student.schoolId);
  const { password } = firstPassword(student, undefined);
  const passwordHash = await hashPassword(password, ctx.scryptCost);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('students')
      .set({ passwordHash, mustChangePassword: 1, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    const sessionsRevoked = await revokeUserSessions(trx, 'STUDENT', id);
    await writeLog(
      trx,
      { ...ctx.actor, schoolId: ctx.actor.schoolId ?? student.schoolId },
      { action: 'ISSUE_PASSWORD_SLIP', entity: 'Student', entityId: id, details: { sessionsRevoked } },
    );
  });
  return slipOf(student, student.schoolName, password);
}
