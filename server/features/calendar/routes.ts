import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import { idParams, idPath } from '@domain/validation';
import { isCalendarDate } from '@domain/list-filters';
import {
  CALENDAR_MESSAGES,
  noClassDayInputSchema,
  noClassDayResultSchema,
  schoolCalendarSchema,
  schoolYearInputSchema,
  schoolYearResultSchema,
} from '@domain/calendar';
import type { SchoolScope } from '@core/http/school-scope';
import { SCHOOL_NOT_FOUND } from '../schools';
import { declareNoClassDay, getCalendar, putSchoolYear, removeNoClassDay } from './service';

const schoolParams = idParams(SCHOOL_NOT_FOUND);
const dayParams = z.object({
  id: idPath(SCHOOL_NOT_FOUND),
  date: z.string().refine(isCalendarDate, CALENDAR_MESSAGES.notFound),
});

/**
 * The school calendar: school year, national holidays, suspensions and events. The same routes serve a
 * school admin with MANAGE_ATTENDANCE: `scope` keeps them to the admin's own school (another is 404).
 */
const calendarRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_ATTENDANCE');
    // The school a request acts on: the super admin's choice, or the admin's own (another is 404).
    const schoolOf = (request: FastifyRequest, id: number) => scope.school(request, id)!;

    app.get(
      '/schools/:id/calendar',
      {
        schema: {
          summary: "A school's calendar: school year, class days, no-class days",
          params: schoolParams,
          response: { 200: apiSuccess(schoolCalendarSchema) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await getCalendar(app.db, schoolOf(request, request.params.id), app.config.schoolTimezone, app.clock.now()),
      }),
    );

    app.put(
      '/schools/:id/calendar/school-year',
      {
        schema: {
          summary: 'Set the school year (loads the Philippine national holidays within it)',
          params: schoolParams,
          body: schoolYearInputSchema,
          response: { 200: apiSuccess(schoolYearResultSchema) },
        },
        config,
      },
      async (request) => {
        const data = await putSchoolYear(
          app.db,
          schoolOf(request, request.params.id),
          request.body,
          request.actor(),
          app.config.schoolTimezone,
          app.clock.now(),
        );
        return { success: true as const, data, message: `School year saved; ${data.holidaysAdded} holiday(s) added` };
      },
    );

    app.post(
      '/schools/:id/calendar/no-class-days',
      {
        schema: {
          summary: 'Declare a no-class day or period (undoes those days’ absence marks and unsent absence notices)',
          params: schoolParams,
          body: noClassDayInputSchema,
          response: { 201: apiSuccess(noClassDayResultSchema) },
        },
        config,
      },
      async (request, reply) => {
        const data = await declareNoClassDay(app.db, schoolOf(request, request.params.id), request.body, request.actor());
        const message = data.day.endDate ? `No-class period saved: ${data.days} day(s)` : 'No-class day saved';
        return reply.status(201).send({ success: true as const, data, message });
      },
    );

    app.delete(
      '/schools/:id/calendar/no-class-days/:date',
      {
        schema: {
          summary: 'Make a no-class day (or its whole period) class days again; a loaded holiday is lifted',
          params: dayParams,
          response: { 200: apiDone },
        },
        config,
      },
      async (request) => {
        const done = await removeNoClassDay(app.db, schoolOf(request, request.params.id), request.params.date, request.actor());
        const message = done.lifted
          ? 'Holiday lifted: classes are held that day'
          : done.days > 1
            ? `No-class period removed: ${done.days} day(s)`
            : 'No-class day removed';
        return { success: true as const, data: null, message };
      },
    );
  };
export default calendarRoutes;
