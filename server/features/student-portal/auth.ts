import type { AppConfig } from '@core/config';
import type { DB } from '@core/db/index';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '@core/auth/passwords';
import { AppError, badRequest, tooMany, unauthorized } from '@core/http/errors';
import { knownDevice, rememberDevice } from '@core/auth/known-devices';
import { appLoginThrottle, LoginThrottle, throttledMessage } from '@core/auth/login-throttle';
import { appPasswordBudget, budgetMessage, type PasswordBudget } from '@core/auth/password-budget';
import { assertStrongPassword } from '@core/auth/password-strength';
import { nowIso } from '@core/time/time';
import type { Clock } from '@core/time/clock';
import { createSession, revokeSession, revokeUserSessions } from '@core/auth/sessions';
import { writeLog, type Actor } from '@core/audit-log';
import { isLrn, STUDENT_PORTAL_MESSAGES as M, type StudentSignInResult } from '@domain/student-portal';
import type { AuthContext } from '@core/auth/context';

/*
 * A learner's sign-in: email OR LRN and password, the same throttle as the other sign-ins (per address
 * and account, then a slowdown for addresses the account never signed in from), sessions revocable like the others.
 * An archived or deactivated learner cannot sign in (and gets the same answer as a wrong password: the reply
 * never tells a stranger which accounts exist or what state they are in).
 */

export class StudentAuth {
  private throttle: LoginThrottle;
  private budget: PasswordBudget;

  constructor(
    private readonly db: DB,
    private readonly config: AppConfig,
    /** The server's clock: sessions' expiries are on it */
    private readonly clock: Clock,
  ) {
    this.throttle = appLoginThrottle(db, config.rateLimits.loginPerEmailPer15Min, config.loginSlowdownMs);
    this.budget = appPasswordBudget(db, config.rateLimits.loginPerMinute);
  }

  async signIn(identifier: string, password: string, actor: Actor): Promise<StudentSignInResult> {
    const address = actor.ip ?? 'unknown';
    await this.spend(address);
    const user = await this.db
      .selectFrom('students')
      .select(['id', 'email', 'firstName', 'lastName', 'lrn', 'passwordHash', 'isActive', 'isArchived', 'mustChangePassword'])
      .where(isLrn(identifier) ? 'lrn' : 'email', '=', identifier)
      .executeTakeFirst();
    // One count per account whichever identifier is typed (email and LRN must not double the guesses).
    const key = user ? `student:${user.id}` : `student:?${identifier}`;
    const device = user ? await knownDevice(this.db, key, actor) : null;
    const verdict = await this.throttle.check(key, address, user ? await this.signedInFrom(user.id, address) : false, device);
    if (!verdict.ok) throw tooMany(throttledMessage(verdict.scope, verdict.retryAfterMs));
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(this.config.scryptCost)));
    if (!user || !ok || !user.isActive || user.isArchived) {
      await this.throttle.failed(key, address, device);
      await writeLog(
        this.db,
        { ...actor, role: 'PUBLIC', userId: null },
        {
          action: 'LOGIN_FAILED',
          entity: 'Student',
          entityId: user?.id ?? null,
          details: { identifier, ...(user && ok ? { reason: user.isArchived ? 'archived' : 'inactive' } : {}) },
        },
      );
      throw unauthorized(M.invalidCredentials);
    }
    await this.throttle.succeeded(key, address, device);
    await this.budget.refund(address);
    await rememberDevice(this.db, key, actor);
    // A hash at another cost than the configured one is made again now (every check must cost the same).
    const upgraded = needsRehash(user.passwordHash, this.config.scryptCost)
      ? await hashPassword(password, this.config.scryptCost)
      : undefined;
    return this.db.transaction().execute(async (trx) => {
      if (upgraded) await trx.updateTable('students').set({ passwordHash: upgraded }).where('id', '=', user.id).execute();
      const session = await createSession(
        trx,
        'STUDENT',
        user.id,
        { ip: actor.ip, userAgent: actor.userAgent },
        this.config.sessions,
        this.clock,
      );
      await writeLog(
        trx,
        {
          ...actor,
          role: 'STUDENT',
          userId: user.id,
          name: `${user.firstName} ${user.lastName}`,
          email: user.email ?? undefined,
          lrn: user.lrn,
        },
        { action: 'LOGIN', entity: 'Student', entityId: user.id },
      );
      return {
        token: session.token,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          mustChangePassword: Boolean(user.mustChangePassword),
          role: 'STUDENT' as const,
        },
      };
    });
  }

  /** Whether this learner ever signed in from this address (its sessions keep the address). */
  private async signedInFrom(userId: number, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('role', '=', 'STUDENT')
      .where('userId', '=', userId)
      .where('ip', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One guess of the address's password budget (every sign-in and current-password check); 429 when spent. */
  private async spend(address: string): Promise<void> {
    const verdict = await this.budget.take(address);
    if (!verdict.ok) throw tooMany(budgetMessage(verdict.retryAfterMs));
  }

  async signOut(auth: AuthContext, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await revokeSession(trx, auth.sessionId);
      await writeLog(trx, actor, { action: 'LOGOUT', entity: 'Student', entityId: auth.userId });
    });
  }

  /** Changes the learner's password and revokes every other session of theirs. */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string, actor: Actor): Promise<void> {
    const user = await this.db
      .selectFrom('students')
      .select(['passwordHash', 'email', 'firstName', 'lastName', 'lrn'])
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'Account not found');
    await this.spend(actor.ip ?? 'unknown');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      // A wrong current password counts against the account like a wrong sign-in.
      await this.throttle.failed(`student:${auth.userId}`, actor.ip ?? 'unknown');
      throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
    if (currentPassword === newPassword) {
      throw badRequest('New password must be different from the current one', {
        newPassword: 'New password must be different from the current one',
      });
    }
    assertStrongPassword('newPassword', newPassword, user.email, [user.firstName, user.lastName, user.lrn]);
    const passwordHash = await hashPassword(newPassword, this.config.scryptCost);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('students')
        .set({ passwordHash, mustChangePassword: 0, updatedAt: nowIso() })
        .where('id', '=', auth.userId)
        .execute();
      const revoked = await revokeUserSessions(trx, 'STUDENT', auth.userId, auth.sessionId);
      await writeLog(trx, actor, {
        action: 'CHANGE_PASSWORD',
        entity: 'Student',
        entityId: auth.userId,
        details: { otherSessionsRevoked: revoked },
      });
    });
  }
}
