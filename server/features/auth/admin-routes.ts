import { setDeviceCookie } from '@core/auth/known-devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginSchema, signInHeadersSchema, signInResultSchema } from '@domain/auth';
import { clearSessionCookies, signedIn } from '@core/auth/browser-session';
import { apiDone, apiSuccess } from '@domain/api';
import { AuthService } from './service';

/** POST /api/admin/login and /logout: open routes, same body and reply as the super admin's. */
export const adminSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.db, app.config, app.clock);

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in (school admin)',
        security: [],
        headers: signInHeadersSchema,
        body: loginSchema.meta({ examples: [{ email: 'registrar@school.example', password: 'your-password' }] }),
        response: { 200: apiSuccess(signInResultSchema) },
      },
    },
    async (request, reply) => {
      const actor = request.actor();
      const data = await auth.signInAdmin(request.body.email, request.body.password, actor);
      setDeviceCookie(request, reply, actor);
      return { success: true as const, data: signedIn(request, reply, 'ADMIN', data, app.config.sessions), message: 'Signed in' };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Sign out (school admin; revokes the session)', security: [], response: { 200: apiDone } } },
    async (request, reply) => {
      // As the super admin's: always succeeds for the browser (its session cookies are removed, all three roles'); only a live ADMIN
      // session is revoked and logged.
      if (request.auth?.role === 'ADMIN') await auth.signOut(request.auth, request.actor());
      clearSessionCookies(request, reply);
      return { success: true as const, data: null, message: 'Signed out' };
    },
  );
};

/** The admin's own password (always allowed: OWN_ACCOUNT). */
export const adminPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.db, app.config, app.clock);
  app.post(
    '/change-password',
    {
      schema: { summary: 'Change my password (school admin)', body: changePasswordSchema, response: { 200: apiDone } },
      config: { permission: 'OWN_ACCOUNT' },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(request.auth!, currentPassword, newPassword, request.actor());
      return { success: true as const, data: null, message: 'Password changed successfully' };
    },
  );
};
