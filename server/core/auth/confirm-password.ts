import type { AppConfig } from '@core/config';
import type { DB } from '@core/db/index';
import { AppError, badRequest, tooMany } from '@core/http/errors';
import { verifyPassword } from './passwords';
import { appLoginThrottle } from './login-throttle';
import { appPasswordBudget, budgetMessage } from './password-budget';
import type { AuthContext } from './context';
import { PASSWORD_INCORRECT } from '@domain/auth';

/**
 * The signed-in super admin's or school admin's password, asked again before a secret is revealed: it spends the
 * address's password budget like a sign-in (429 once spent); a wrong one is a 400 naming the field.
 */
export async function confirmStaffPassword(
  db: DB,
  config: AppConfig,
  auth: AuthContext,
  password: string,
  address: string | null | undefined,
): Promise<void> {
  if (auth.role !== 'SUPER_ADMIN' && auth.role !== 'ADMIN') throw new AppError(404, 'Account not found');
  const user = await db
    .selectFrom(auth.role === 'ADMIN' ? 'admins' : 'superAdmins')
    .select(['passwordHash', 'email'])
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  if (!user) throw new AppError(404, 'Account not found');
  const budget = appPasswordBudget(db, config.rateLimits.loginPerMinute);
  const verdict = await budget.take(address ?? 'unknown');
  if (!verdict.ok) throw tooMany(budgetMessage(verdict.retryAfterMs));
  if (await verifyPassword(password, user.passwordHash)) return budget.refund(address ?? 'unknown');
  // A wrong password counts against the account like a wrong sign-in.
  const throttle = appLoginThrottle(db, config.rateLimits.loginPerEmailPer15Min, config.loginSlowdownMs);
  await throttle.failed(user.email, address ?? 'unknown');
  throw badRequest(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
}
