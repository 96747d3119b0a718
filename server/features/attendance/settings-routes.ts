import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { SCHOOL_SETTINGS_SAVED, schoolSettingsReplySchema, schoolSettingsSchema } from '@domain/school-settings';
import type { SchoolScope } from '@core/http/school-scope';
import { SCHOOL_NOT_FOUND } from '../schools';
import { getSchoolSettings, putSchoolSettings } from './school-settings';

const params = idParams(SCHOOL_NOT_FOUND);
const reply = { 200: apiSuccess(schoolSettingsReplySchema) };

/**
 * A school's settings: the super admin's for any school, a school admin's (MANAGE_SCHOOL_SETTINGS) for their own
 * only (another school is 404, as its records are).
 */
export const schoolSettingsRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_SCHOOL_SETTINGS');

    app.get(
      '/schools/:id/settings',
      { schema: { summary: "A school's class days, cutoffs, School ID and head", params, response: reply }, config },
      async (request) => {
        scope.owns(request, request.params.id, SCHOOL_NOT_FOUND);
        return { success: true as const, data: await getSchoolSettings(app.db, request.params.id, app.config.schoolTimezone) };
      },
    );

    app.put(
      '/schools/:id/settings',
      {
        schema: {
          summary: "Save a school's class days, cutoffs, School ID and head (logged)",
          params,
          body: schoolSettingsSchema,
          response: reply,
        },
        config,
      },
      async (request) => {
        scope.owns(request, request.params.id, SCHOOL_NOT_FOUND);
        const data = await putSchoolSettings(app.db, request.params.id, request.body, app.config.schoolTimezone, request.actor());
        return { success: true as const, data, message: SCHOOL_SETTINGS_SAVED };
      },
    );
  };
