import type { AppConfig } from '@core/config';
import type { DB, Executor } from '@core/db/index';
import { hashPassword, needsRehash, verifyPassword } from '@core/auth/passwords';
import { AppError, badRequest, tooMany, unauthorized } from '@core/http/errors';
import { knownDevice, rememberDevice } from '@core/auth/known-devices';
import { appLoginThrottle, LoginThrottle, throttledMessage } from '@core/auth/login-throttle';
import { appPasswordBudget, budgetMessage, type PasswordBudget } from '@core/auth/password-budget';
import { assertStrongPassword } from '@core/auth/password-strength';
import { nowIso } from '@core/time/time';
import { createSession, revokeSession, revokeUserSessions } from '@core/auth/sessions';
import type { Clock } from '@core/time/clock';
import { writeLog, type Actor } from '@core/audit-log';
import type { AuthContext } from '@core/auth/context';

import type { SignedInUser } from '@domain/auth';

/** The roles that sign in with an email and a password here, their table and their log entity. */
const ACCOUNTS = {
  SUPER_ADMIN: { table: 'superAdmins', entity: 'SuperAdmin' },
  ADMIN: { table: 'admins', entity: 'Admin' },
} as const;
type AccountRole = keyof typeof ACCOUNTS;

const INVALID = 'Invalid email or password';
// Verifying against a dummy hash keeps the timing the same whether or not the email exists.
let dummyHash: Promise<string> | undefined;

export class AuthService {
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

  signInSuperAdmin(email: string, password: string, actor: Actor) {
    return this.signIn('SUPER_ADMIN', email, password, actor);
  }

  /** A school admin: same rules, throttle and log as the super admin; a deactivated admin cannot. */
  signInAdmin(email: string, password: string, actor: Actor) {
    return this.signIn('ADMIN', email, password, actor);
  }

  /** The super admin's or a school admin's sign-in (POST /api/login picks the role from the account). */
  async signIn(role: AccountRole, email: string, password: string, actor: Actor): Promise<{ token: string; user: SignedInUser }> {
    const { table, entity } = ACCOUNTS[role];
    const address = actor.ip ?? 'unknown';
    await this.spend(address);
    const user = await this.db
      .selectFrom(table)
      .select(['id', 'email', 'firstName', 'lastName', 'passwordHash', 'isActive'])
      .where('email', '=', email)
      .executeTakeFirst();
    const device = user ? await knownDevice(this.db, email, actor) : null;
    const verdict = await this.throttle.check(
      email,
      address,
      user ? await this.signedInFrom(role, user.id, address) : false,
      device,
    );
    if (!verdict.ok) throw tooMany(throttledMessage(verdict.scope, verdict.retryAfterMs));
    dummyHash ??= hashPassword('dummy-password', this.config.scryptCost);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !ok || !user.isActive) {
      await this.throttle.failed(email, address, device);
      await writeLog(
        this.db,
        { ...actor, role: 'PUBLIC', userId: null, email },
        {
          action: 'LOGIN_FAILED',
          entity,
          entityId: user?.id ?? null,
          details: { email },
        },
      );
      throw unauthorized(INVALID);
    }
    await this.throttle.succeeded(email, address, device);
    await this.budget.refund(address);
    await rememberDevice(this.db, email, actor);
    // A hash at another cost than the configured one is made again now (every check must cost the same).
    const upgraded = needsRehash(user.passwordHash, this.config.scryptCost)
      ? await hashPassword(password, this.config.scryptCost)
      : undefined;
    return this.db.transaction().execute(async (trx) => {
      if (upgraded) await trx.updateTable(table).set({ passwordHash: upgraded }).where('id', '=', user.id).execute();
      const session = await createSession(
        trx,
        role,
        user.id,
        { ip: actor.ip, userAgent: actor.userAgent },
        this.config.sessions,
        this.clock,
      );
      // A school admin's sign-in belongs to their school's activity log, with their employee id.
      const admin = role === 'ADMIN' ? await this.adminDetails(trx, user.id) : undefined;
      await writeLog(
        trx,
        { ...actor, role, userId: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email, ...admin },
        { action: 'LOGIN', entity, entityId: user.id },
      );
      return {
        token: session.token,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role,
        },
      };
    });
  }

  private async adminDetails(db: Executor, adminId: number) {
    const row = await db.selectFrom('admins').select(['schoolId', 'employeeId']).where('id', '=', adminId).executeTakeFirst();
    return { schoolId: row?.schoolId ?? null, employeeId: row?.employeeId };
  }

  /** Whether this account ever signed in from this address (its sessions keep the address). */
  private async signedInFrom(role: AccountRole, userId: number, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('role', '=', role)
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
    const entity = auth.role === 'ADMIN' ? ACCOUNTS.ADMIN.entity : ACCOUNTS.SUPER_ADMIN.entity;
    await this.db.transaction().execute(async (trx) => {
      await revokeSession(trx, auth.sessionId);
      await writeLog(trx, actor, { action: 'LOGOUT', entity, entityId: auth.userId });
    });
  }

  /** Changes the signed-in super admin's or school admin's password and revokes every other session of theirs. */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string, actor: Actor): Promise<void> {
    if (auth.role !== 'SUPER_ADMIN' && auth.role !== 'ADMIN') throw new AppError(404, 'Account not found');
    const role: AccountRole = auth.role;
    const { table, entity } = ACCOUNTS[role];
    const user = await this.db
      .selectFrom(table)
      .select(['passwordHash', 'email', 'firstName', 'lastName'])
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'Account not found');
    await this.spend(actor.ip ?? 'unknown');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      // A wrong current password counts against the account like a wrong sign-in.
      await this.throttle.failed(user.email, actor.ip ?? 'unknown');
      throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
    if (currentPassword === newPassword) {
      throw badRequest('New password must be different from the current one', {
        newPassword: 'New password must be different from the current one',
      });
    }
    assertStrongPassword('newPassword', newPassword, user.email, [user.firstName, user.lastName]);
    const passwordHash = await hashPassword(newPassword, this.config.scryptCost);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable(table).set({ passwordHash, updatedAt: nowIso() }).where('id', '=', auth.userId).execute();
      const revoked = await revokeUserSessions(trx, role, auth.userId, auth.sessionId);
      await writeLog(trx, actor, {
        action: 'CHANGE_PASSWORD',
        entity,
        entityId: auth.userId,
        details: { otherSessionsRevoked: revoked },
      });
    });
  }
}
