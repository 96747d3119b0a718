import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiDone, apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { STUDENT_MESSAGES } from '@domain/students/constants';
import {
  RESET_MESSAGES,
  resetConfirmSchema,
  resetRequestResultSchema,
  resetRequestSchema,
  resetSlipSchema,
} from '@domain/auth/password-reset';
import type { SchoolScope } from '@core/http/school-scope';
import { RecoveryService } from './recovery';
import { smtpResetMailer } from './recovery-mail';

// Per address: reset requests count as a public form (PUBLIC_FORM_RATE_PER_MINUTE), code tries as sign-ins
// (LOGIN_RATE_PER_MINUTE).

function recoveryService(app: FastifyInstance): RecoveryService {
  const { smtpUrl, mailFrom, siteUrl } = app.config;
  const mailer = smtpUrl && siteUrl ? smtpResetMailer(smtpUrl, mailFrom, app.log) : null;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  return new RecoveryService(app.db, app.config, mailer, app.clock);
}

/** Asking for a reset and using a link or slip (open routes: the caller has no session). */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const recovery = recoveryService(app);

  app.post(
    '/password-reset/request',
    {
      schema: {
        summary: 'Ask for a password reset (the answer is the same for every address)',
        security: [],
        body: resetRequestSchema,
        response: { 200: apiSuccess(resetRequestResultSchema) },
      },
      config: { rateLimit: { max: app.config.rateLimits.publicFormsPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      await recovery.requestByEmail(request.body.email, request.actor());
      const byEmail = recovery.byEmail;
      return {
        success: true as const,
        data: { byEmail },
        message: byEmail ? RESET_MESSAGES.requestSent : RESET_MESSAGES.whoResets,
      };
    },
  );

  app.post(
    '/password-reset',
    {
      schema: {
        summary: 'Set a new password with a reset link or slip (once; ends every session of the account)',
        security: [],
        body: resetConfirmSchema,
        response: { 200: apiDone },
      },
      config: { rateLimit: { max: app.config.rateLimits.loginPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      await recovery.reset(request.body.token, request.body.newPassword, request.actor());
      return { success: true as const, data: null, message: RESET_MESSAGES.done };
    },
  );
};

/** A learner's reset slip: the super admin, or a school admin of the learner's school with MANAGE_STUDENTS. */
export const studentSlipRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const recovery = new RecoveryService(app.db, app.config, null, app.clock);
    app.post(
      '/students/:id/reset-slip',
      {
        schema: {
          summary: "Issue a one-time reset slip for a learner's password",
          params: idParams(STUDENT_MESSAGES.notFound),
          response: { 201: apiSuccess(resetSlipSchema) },
        },
        config: scope.permission('MANAGE_STUDENTS'),
      },
      async (request, reply) => {
        const data = await recovery.studentSlip(
          request.params.id,
          (schoolId: number | null) => scope.owns(request, schoolId, STUDENT_MESSAGES.notFound),
          request.actor(),
        );
        return reply.status(201).send({ success: true as const, data, message: RESET_MESSAGES.slipIssued });
      },
    );
  };

/** A school admin's reset slip (the super admin only). */
export const adminSlipRoutes: FastifyPluginAsyncZod = async (app) => {
  const recovery = new RecoveryService(app.db, app.config, null, app.clock);
  app.post(
    '/admins/:id/reset-slip',
    {
      schema: {
        summary: "Issue a one-time reset slip for a school admin's password",
        params: idParams('Admin not found'),
        response: { 201: apiSuccess(resetSlipSchema) },
      },
    },
    async (request, reply) => {
      const data = await recovery.adminSlip(request.params.id, request.actor());
      return reply.status(201).send({ success: true as const, data, message: RESET_MESSAGES.slipIssued });
    },
  );
};
