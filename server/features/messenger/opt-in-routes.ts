import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiSuccess } from '@domain/api';
import { messengerOptInSchema, newOptInLinkSchema, OPT_IN_MESSAGES as M } from '@domain/messenger-opt-in';
import { idParams } from '@domain/validation';
import type { SchoolScope } from '@core/http/school-scope';
import { messengerOptIn, newOptInLink, unbindParentMessenger } from './opt-in';

/**
 * A student's parent Messenger opt-in (student detail): the binding and the live link's
 * dates, a new single-use link (shown once, the old one dies) and unbinding. Both changes are logged.
 * A school admin reaches their own school's learners, with MANAGE_STUDENTS (another school's is not found).
 */
const messengerOptInRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    // A link lives MESSENGER_OPTIN_TTL_DAYS from its making, on the server's clock.
    const terms = () => ({ ttlDays: app.config.messengerOptInTtlDays, now: app.clock.now() });
    const params = idParams(M.studentNotFound);
    const config = scope.permission('MANAGE_STUDENTS');
    /** In the admin scope: 404 unless the learner is of the admin's school. */
    const mine = async (request: FastifyRequest, id: number) => {
      if (scope.kind !== 'admin') return;
      const row = await app.db.selectFrom('students').select('schoolId').where('id', '=', id).executeTakeFirst();
      scope.owns(request, row?.schoolId, M.studentNotFound);
    };

    app.get(
      '/students/:id/messenger-opt-in',
      {
        schema: {
          summary: "A student's parent Messenger binding and opt-in link status",
          params,
          response: { 200: apiSuccess(messengerOptInSchema) },
        },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        return { success: true as const, data: await messengerOptIn(app.db, request.params.id, terms()) };
      },
    );

    app.post(
      '/students/:id/messenger-opt-in/links',
      {
        schema: {
          summary: 'A new single-use m.me opt-in link and QR code for the parent (shown once; earlier links stop working)',
          params,
          response: { 201: apiSuccess(newOptInLinkSchema) },
        },
        config,
      },
      async (request, reply) => {
        await mine(request, request.params.id);
        return reply.status(201).send({
          success: true as const,
          data: await newOptInLink(app.db, request.params.id, terms(), request.actor()),
          message: M.linkCreated,
        });
      },
    );

    app.delete(
      '/students/:id/messenger-opt-in/binding',
      {
        schema: {
          summary: "Disconnect the parent's Messenger (no more Messenger notifications until a new link is used)",
          params,
          response: { 200: apiSuccess(messengerOptInSchema) },
        },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        return {
          success: true as const,
          data: await unbindParentMessenger(app.db, request.params.id, terms(), request.actor()),
          message: M.unbound,
        };
      },
    );
  };
export default messengerOptInRoutes;
