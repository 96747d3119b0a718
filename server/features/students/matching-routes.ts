import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  archiveMatchingSchema,
  bulkJobSchema,
  MATCHING_MESSAGES,
  messageMatchingSchema,
  type MatchingFilter,
} from '@domain/students/matching';
import type { SchoolScope } from '@core/http/school-scope';
import { readJob } from '@core/jobs';
import { notFound } from '@core/http/errors';
import { archiveMatching, messageMatching, toBulkJob } from './matching';

const job = { 202: apiSuccess(bulkJobSchema) };

/**
 * "All N matching this filter": archive every matching learner, or message their parents, in the background; the
 * job's progress for the screen that started it. A school admin's filter is their own school's.
 */
export const matchingRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: FastifyRequest) => ({
      db: app.db,
      jobs: app.jobs,
      actor: request.actor(),
      now: app.clock.now(),
      timeZone: app.config.schoolTimezone,
    });
    const scoped = (request: FastifyRequest, filter: MatchingFilter): MatchingFilter => ({
      ...filter,
      schoolId: scope.school(request, filter.schoolId),
    });

    app.post(
      '/students/archive-matching',
      {
        schema: {
          summary: 'Archive every active student the filter matches (the confirmed count), in the background',
          body: archiveMatchingSchema,
          response: job,
        },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request, reply) => {
        const data = await archiveMatching(ctx(request), { ...request.body, filter: scoped(request, request.body.filter) });
        return reply.status(202).send({ success: true, data, message: data.message });
      },
    );

    app.post(
      '/students/message-matching',
      {
        schema: {
          summary: "Message the parents of every active student the filter matches (one school's), in the background",
          body: messageMatchingSchema,
          response: job,
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request, reply) => {
        const data = await messageMatching(ctx(request), { ...request.body, filter: scoped(request, request.body.filter) });
        return reply.status(202).send({ success: true, data, message: data.message });
      },
    );

    app.get(
      '/students/jobs/:id',
      {
        schema: {
          summary: "A background job's progress (a school admin reads their school's)",
          params: idParams(MATCHING_MESSAGES.jobNotFound),
          response: { 200: apiSuccess(bulkJobSchema) },
        },
        config: scope.permission('VIEW_STUDENTS'),
      },
      async (request) => {
        const row = await readJob(app.db, request.params.id, scope.school(request));
        if (!row) throw notFound(MATCHING_MESSAGES.jobNotFound);
        return { success: true as const, data: toBulkJob(row) };
      },
    );
  };
