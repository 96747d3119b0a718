import type { AppConfig } from '../config';
import type { DB } from '../db/index';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { AppError, badRequest, tooMany, unauthorized } from '../lib/errors';
import { RateWindow } from '../lib/rate-window';
import { nowIso } from '../lib/time';
import { createSession, revokeSession, revokeUserSessions } from './sessions';
import { writeLog, type Actor } from './audit-log';
import type { AuthContext } from '../types';

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'SUPER_ADMIN';
}

const INVALID = 'Invalid email or password';
// Verifying against a dummy hash keeps the timing the same whether or not the email exists.
let dummyHash: Promise<string> | undefined;

export class AuthService {
  private perEmail: RateWindow;

  constructor(
    private readonly db: DB,
    private readonly config: AppConfig,
  ) {
    this.perEmail = new RateWindow(config.rateLimits.loginPerEmailPer15Min, 15 * 60 * 1000);
  }

  async signInSuperAdmin(email: string, password: string, actor: Actor): Promise<{ token: string; user: SignedInUser }> {
    if (!this.perEmail.hit(email)) {
      throw tooMany('Too many sign-in attempts for this account. Please try again in 15 minutes.');
    }
    const user = await this.db.selectFrom('superAdmins').selectAll().where('email', '=', email).executeTakeFirst();
    dummyHash ??= hashPassword('dummy-password', this.config.scryptCost);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !ok || !user.isActive) {
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
    this.perEmail.reset(email);
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
      .select(['passwordHash'])
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
