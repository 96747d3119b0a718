import { setDeviceCookie } from '@core/auth/known-devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginSchema, signInHeadersSchema, signInResultSchema } from '@domain/auth';
import { clearSessionCookies, signedIn } from '@core/auth/browser-session';
import { apiDone, apiSuccess } from '@domain/api';
import { AuthService } from './service';

const SIGN_IN_EXAMPLE = {
  success: true,
  message: 'Signed in',
  data: {
    token: '3q2-opaque-random-token',
    user: { id: 1, email: 'superadmin@example.com', firstName: 'Super', lastName: 'Admin', role: 'SUPER_ADMIN' },
  },
};

/** Sign-in, sign-out and password change of the super admin. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.db, app.config, app.clock);

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in (super admin)',
        security: [],
        headers: signInHeadersSchema,
        body: loginSchema.meta({ examples: [{ email: 'superadmin@example.com', password: 'your-password' }] }),
        response: { 200: apiSuccess(signInResultSchema).meta({ examples: [SIGN_IN_EXAMPLE] }) },
      },
    },
    async (request, reply) => {
      const actor = request.actor();
      const data = await auth.signInSuperAdmin(request.body.email, request.body.password, actor);
      setDeviceCookie(request, reply, actor);
      return {
        success: true as const,
        data: signedIn(request, reply, 'SUPER_ADMIN', data, app.config.sessions),
        message: 'Signed in',
      };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Sign out (revokes the session)', security: [], response: { 200: apiDone } } },
    async (request, reply) => {
      // Signing out always succeeds for the browser (its session cookies are removed, all three roles'); a live super-admin
      // session is revoked and logged. Another role's session is left alone: this console's logout must not end
      // (or log) other sessions.
      if (request.auth?.role === 'SUPER_ADMIN') await auth.signOut(request.auth, request.actor());
      clearSessionCookies(request, reply);
      return { success: true as const, data: null, message: 'Signed out' };
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.requireSuperAdmin,
      schema: { summary: 'Change my password', body: changePasswordSchema, response: { 200: apiDone } },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(request.auth!, currentPassword, newPassword, request.actor());
      return { success: true as const, data: null, message: 'Password changed successfully' };
    },
  );
};
export default authRoutes;
