import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { smsAlarmListQuerySchema, smsAlarmListSchema } from '@domain/alarms';
import type { SchoolScope } from '@core/http/school-scope';
import { listAlarms } from './repository';

/**
 * GET /sms-alarms: the raised SMS alarms, for the dashboards' banner. The super admin's: every school's (or one
 * school's with ?schoolId); a school admin's (VIEW_SMS_HISTORY): their own school's only (another school asked for is 404).
 */
export const alarmRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sms-alarms',
      {
        schema: {
          summary: 'Raised SMS alarms (sending has stopped or is late)',
          querystring: smsAlarmListQuerySchema,
          response: { 200: apiSuccess(smsAlarmListSchema) },
        },
        config: scope.permission('VIEW_SMS_HISTORY'),
      },
      async (request) => ({
        success: true as const,
        data: await listAlarms(app.db, scope.school(request, request.query.schoolId), app.config.schoolTimezone),
      }),
    );
  };
