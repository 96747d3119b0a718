import { setDeviceCookie } from '@core/auth/known-devices';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import { changePasswordSchema, signInHeadersSchema } from '@domain/auth';
import { clearSessionCookies, signedIn } from '@core/auth/browser-session';
import { idParams } from '@domain/validation';
import {
  STUDENT_MESSAGES_PAGE_SIZE,
  STUDENT_PORTAL_MESSAGES as M,
  studentAttendanceQuerySchema,
  studentAttendanceSchema,
  studentLoginSchema,
  studentMessageSchema,
  studentMessagesSchema,
  studentMessengerSchema,
  studentOptInLinkSchema,
  studentProfileSchema,
  studentSignInResultSchema,
} from '@domain/student-portal';
import { forbidden, unauthorized } from '@core/http/errors';
import { pageParams } from '@core/http/paginate';
import { StudentAuth } from './auth';
import { studentAttendance, studentMessage, studentMessages, studentProfile } from './service';
import { learnerMessenger, learnerOptInLink } from './messenger';

/** onRequest: 401 without a live session, 403 for a session of another role (refused before the body is read). */
async function requireStudent(request: FastifyRequest) {
  if (!request.auth) throw unauthorized('Your session has expired. Please sign in again.');
  if (request.auth.role !== 'STUDENT') throw forbidden(M.studentRequired);
}

const pageQuery = z.object({ page: z.string().optional(), limit: z.string().optional() });

/**
 * /api/student/…: sign-in and sign-out, then everything of the signed-in learner. No route takes a
 * learner's id: the session says whose rows are read.
 */
const studentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new StudentAuth(app.db, app.config, app.clock);
  const tz = app.config.schoolTimezone;
  const terms = () => ({ ttlDays: app.config.messengerOptInTtlDays, now: app.clock.now() });

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in (student, with email or LRN)',
        security: [],
        headers: signInHeadersSchema,
        body: studentLoginSchema,
        response: { 200: apiSuccess(studentSignInResultSchema) },
      },
    },
    async (request, reply) => {
      const actor = request.actor();
      const data = await auth.signIn(request.body.email, request.body.password, actor);
      setDeviceCookie(request, reply, actor);
      return {
        success: true as const,
        data: signedIn(request, reply, 'STUDENT', data, app.config.sessions),
        message: 'Signed in',
      };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Sign out (student; revokes the session)', security: [], response: { 200: apiDone } } },
    async (request, reply) => {
      // Always succeeds for the browser (its session cookies are removed, all three roles'); only a STUDENT session is revoked here
      // (another role's is left alone).
      if (request.auth?.role === 'STUDENT') await auth.signOut(request.auth, request.actor());
      clearSessionCookies(request, reply);
      return { success: true as const, data: null, message: 'Signed out' };
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', requireStudent);
    const me = (request: FastifyRequest) => request.auth!.userId;
    // A learner still holding the slip's generated password reads only their profile until they choose their own.
    scope.addHook('preHandler', async (request) => {
      if (request.routeOptions.url?.endsWith('/profile') || request.routeOptions.url?.endsWith('/change-password')) return;
      const row = await app.db
        .selectFrom('students')
        .select('mustChangePassword')
        .where('id', '=', me(request))
        .executeTakeFirst();
      if (row?.mustChangePassword) throw forbidden(M.mustChangePassword);
    });

    scope.get(
      '/profile',
      { schema: { summary: 'My profile (student)', response: { 200: apiSuccess(studentProfileSchema) } } },
      async (request) => ({ success: true as const, data: await studentProfile(app.db, me(request), tz) }),
    );

    scope.post(
      '/change-password',
      { schema: { summary: 'Change my password (student)', body: changePasswordSchema, response: { 200: apiDone } } },
      async (request) => {
        await auth.changePassword(request.auth!, request.body.currentPassword, request.body.newPassword, request.actor());
        return { success: true as const, data: null, message: 'Password changed successfully' };
      },
    );

    scope.get(
      '/attendance',
      {
        schema: {
          summary: "My attendance: today's status, a month's days and its SF2 totals",
          querystring: studentAttendanceQuerySchema,
          response: { 200: apiSuccess(studentAttendanceSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await studentAttendance(app.db, me(request), app.clock.now(), tz, request.query.month),
      }),
    );

    scope.get(
      '/messages',
      {
        schema: {
          summary: 'Messages sent to my guardians (SMS and Messenger), newest first',
          querystring: pageQuery,
          response: { 200: apiSuccess(studentMessagesSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await studentMessages(app.db, me(request), pageParams(request.query, STUDENT_MESSAGES_PAGE_SIZE), tz),
      }),
    );

    scope.get(
      '/messages/:id',
      {
        schema: {
          summary: 'One message sent to my guardians',
          params: idParams(M.messageNotFound),
          response: { 200: apiSuccess(studentMessageSchema) },
        },
      },
      async (request) => ({ success: true as const, data: await studentMessage(app.db, me(request), request.params.id, tz) }),
    );

    scope.get(
      '/messenger',
      {
        schema: {
          summary: "My guardian's Messenger connection (read-only) and my own",
          response: { 200: apiSuccess(studentMessengerSchema) },
        },
      },
      async (request) => ({ success: true as const, data: await learnerMessenger(app.db, me(request), terms()) }),
    );

    scope.post(
      '/messenger/links',
      {
        schema: {
          summary: "A single-use Messenger link and QR code for my OWN Messenger (shown once; never the guardian's slot)",
          response: { 201: apiSuccess(studentOptInLinkSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await learnerOptInLink(app.db, me(request), terms(), request.actor()),
          message: 'Open this link on your phone to connect your own Messenger. It works once.',
        }),
    );
  });
};
export default studentPortalRoutes;
