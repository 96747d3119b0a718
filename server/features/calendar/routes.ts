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
import { SCHOOL_NOT_FOUND } from '../schools';
import { declareNoClassDay, getCalendar, putSchoolYear, removeNoClassDay } from './service';

const schoolParams = idParams(SCHOOL_NOT_FOUND);
const dayParams = z.object({
  id: idPath(SCHOOL_NOT_FOUND),
  date: z.string().refine(isCalendarDate, CALENDAR_MESSAGES.notFound),
});

/** The school calendar (issue #23): school year, national holidays, suspensions and events. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/schools/:id/calendar',
    {
      schema: {
        summary: "A school's calendar: school year, class days, no-class days",
        params: schoolParams,
        response: { 200: apiSuccess(schoolCalendarSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCalendar(app.db, request.params.id, app.config.schoolTimezone, app.clock.now()),
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
    },
    async (request) => {
      const data = await putSchoolYear(
        app.db,
        request.params.id,
        request.body,
        request.actor(),
        app.config.schoolTimezone,
        app.clock.now(),
      );
      return { success: true as const, data, message: `School year saved; ${data.holidaysAdded} national holiday(s) added` };
    },
  );

  app.post(
    '/schools/:id/calendar/no-class-days',
    {
      schema: {
        summary: 'Declare a no-class day (undoes that day’s absence marks and unsent absence notices)',
        params: schoolParams,
        body: noClassDayInputSchema,
        response: { 201: apiSuccess(noClassDayResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await declareNoClassDay(app.db, request.params.id, request.body, request.actor());
      return reply.status(201).send({ success: true as const, data, message: 'No-class day saved' });
    },
  );

  app.delete(
    '/schools/:id/calendar/no-class-days/:date',
    { schema: { summary: 'Make a no-class day a class day again', params: dayParams, response: { 200: apiDone } } },
    async (request) => {
      await removeNoClassDay(app.db, request.params.id, request.params.date, request.actor());
      return { success: true as const, data: null, message: 'No-class day removed' };
    },
  );
};
export default calendarRoutes;
