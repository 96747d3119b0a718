import type { FastifyInstance } from 'fastify';
import { loginSchema, changePasswordSchema } from '../../src/domain/auth';
import { AuthService } from '../services/auth';

/** Sign-in, sign-out and password change of the super admin (spec §7). */
export default async function authRoutes(app: FastifyInstance) {
  const auth = new AuthService(app.db, app.config);

  app.post(
    '/login',
    { config: { rateLimit: { max: app.config.rateLimits.loginPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const { email, password } = loginSchema.parse(request.body ?? {});
      const data = await auth.signInSuperAdmin(email, password, request.actor());
      return { success: true, data, message: 'Signed in' };
    },
  );

  app.post('/logout', async (request) => {
    // Signing out always succeeds for the browser; a live super-admin session is revoked and logged.
    // Another role's token is left alone: this console's logout must not end (or log) other sessions.
    if (request.auth?.role === 'SUPER_ADMIN') await auth.signOut(request.auth, request.actor());
    return { success: true, data: null, message: 'Signed out' };
  });

  app.post('/change-password', { onRequest: app.requireSuperAdmin }, async (request) => {
    const { currentPassword, newPassword } = changePasswordSchema.parse(request.body ?? {});
    await auth.changeSuperAdminPassword(request.auth!, currentPassword, newPassword, request.actor());
    return { success: true, data: null, message: 'Password changed successfully' };
  });
}
