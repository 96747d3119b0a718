import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { CAPACITY_MESSAGES, capacityQuerySchema, schoolCapacitySchema } from '@domain/devices/capacity';
import { badRequest } from '@core/http/errors';
import type { SchoolScope } from '@core/http/school-scope';
import { getSchoolCapacity } from './service';

/**
 * GET /capacity: a school's SMS capacity. The super admin names the school (?schoolId=); a school admin reads their
 * own (another school is 404, as its records are), with VIEW_SMS_HISTORY.
 */
export const capacityRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/capacity',
      {
        schema: {
          summary: "A school's SMS capacity: phones × rate, the queue now, its last school morning",
          querystring: capacityQuerySchema,
          response: { 200: apiSuccess(schoolCapacitySchema) },
        },
        config: scope.permission('VIEW_SMS_HISTORY'),
      },
      async (request) => {
        const schoolId = scope.school(request, request.query.schoolId, CAPACITY_MESSAGES.schoolNotFound);
        if (schoolId == null) throw badRequest(CAPACITY_MESSAGES.schoolRequired);
        const { outbox, schoolTimezone } = app.config;
        const data = await getSchoolCapacity(app.db, schoolId, {
          now: app.clock.now(),
          defaultTimeZone: schoolTimezone,
          noticeMaxDelayMinutes: outbox.noticeMaxDelayMinutes,
          freshWindowSeconds: outbox.freshWindowSeconds,
        });
        return { success: true as const, data };
      },
    );
  };
