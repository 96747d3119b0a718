import type { AppConfig } from '@core/config';
import type { DB } from '@core/db/index';
import { hashPassword, verifyPassword } from '@core/auth/passwords';
import { AppError, badRequest, tooMany, unauthorized } from '@core/http/errors';
import { LoginThrottle } from '@core/auth/login-throttle';
import { assertStrongPassword } from '@core/auth/password-strength';
import { nowIso } from '@core/time/time';
import { createSession, revokeSession, revokeUserSessions } from '@core/auth/sessions';
import { writeLog, type Actor } from '@core/audit-log';
import type { AuthContext } from '@core/auth/context';

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'SUPER_ADMIN';
}

const INVALID = 'Invalid email or password';
const WINDOW_MS = 15 * 60 * 1000;

function throttledMessage(scope: 'address' | 'account', retryAfterMs: number): string {
  if (scope === 'address') {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return `Too many sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}
// Verifying against a dummy hash keeps the timing the same whether or not the email exists.
let dummyHash: Promise<string> | undefined;

export class AuthService {
  private throttle: LoginThrottle;

  constructor(
    private readonly db: DB,
    private readonly config: AppConfig,
  ) {
    this.throttle = new LoginThrottle(config.rateLimits.loginPerEmailPer15Min, WINDOW_MS, config.loginSlowdownMs);
  }

  async signInSuperAdmin(email: string, password: string, actor: Actor): Promise<{ token: string; user: SignedInUser }> {
    const address = actor.ip ?? 'unknown';
    const user = await this.db.selectFrom('superAdmins').selectAll().where('email', '=', email).executeTakeFirst();
    const verdict = this.throttle.check(email, address, user ? await this.signedInFrom(user.id, address) : false);
    if (!verdict.ok) throw tooMany(throttledMessage(verdict.scope, verdict.retryAfterMs));
    dummyHash ??= hashPassword('dummy-password', this.config.scryptCost);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !ok || !user.isActive) {
      this.throttle.failed(email, address);
      await writeLog(
        this.db,
        { ...actor, role: 'PUBLIC', userId: null, email },
        {
          action: 'LOGIN_FAILED',
          entity: 'SuperAdmin',
          entityId: user?.id ?? null,
          details: { email },
        },
      );
      throw unauthorized(INVALID);
    }
    this.throttle.succeeded(email, address);
    return this.db.transaction().execute(async (trx) => {
      const session = await createSession(trx, 'SUPER_ADMIN', user.id, { ip: actor.ip, userAgent: actor.userAgent });
      await writeLog(
        trx,
        { ...actor, role: 'SUPER_ADMIN', userId: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email },
        {
          action: 'LOGIN',
          entity: 'SuperAdmin',
          entityId: user.id,
        },
      );
      return {
        token: session.token,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: 'SUPER_ADMIN' as const,
        },
      };
    });
  }

  /** Whether this super admin ever signed in from this address (its sessions keep the address). */
  private async signedInFrom(userId: number, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('role', '=', 'SUPER_ADMIN')
      .where('userId', '=', userId)
      .where('ip', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  }

  async signOut(auth: AuthContext, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await revokeSession(trx, auth.sessionId);
      await writeLog(trx, actor, { action: 'LOGOUT', entity: 'SuperAdmin', entityId: auth.userId });
    });
  }

  /** Changes the super admin's password and revokes every other session of theirs. */
  async changeSuperAdminPassword(auth: AuthContext, currentPassword: string, newPassword: string, actor: Actor): Promise<void> {
    const user = await this.db
      .selectFrom('superAdmins')
      .select(['passwordHash', 'email', 'firstName', 'lastName'])
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'Account not found');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
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
      await trx.updateTable('superAdmins').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', auth.userId).execute();
      const revoked = await revokeUserSessions(trx, 'SUPER_ADMIN', auth.userId, auth.sessionId);
      await writeLog(trx, actor, {
        action: 'CHANGE_PASSWORD',
        entity: 'SuperAdmin',
        entityId: auth.userId,
        details: { otherSessionsRevoked: revoked },
      });
    });
  }
}
