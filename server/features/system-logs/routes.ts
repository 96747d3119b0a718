import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { LOG_PAGE_SIZE, logFilterOptionsSchema, logQuerySchema, systemLogPageSchema } from '@domain/system-logs';
import { pageParams, sortParams, streamCsv, wantsCsv } from '@core/http/paginate';
import { localDate } from '@core/time/time';
import type { SchoolScope } from '@core/http/school-scope';
import { DEFAULT_LOG_SORT, LOG_CSV_COLUMNS, LOG_SORTS, listSystemLogs, logFilterOptions, logsForExport, toLog } from './service';

/**
 * GET /api/super-admin/system-logs (`?format=csv` exports the whole filtered list) and its filter choices.
 * A school admin reads their school's activity log: the entries its admins wrote.
 */
export const systemLogRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('VIEW_SYSTEM_LOGS');
    app.get(
      '/system-logs',
      {
        schema: {
          summary: 'System log (a page, or the whole filtered list as CSV with format=csv)',
          querystring: logQuerySchema,
          response: { 200: apiSuccess(systemLogPageSchema) },
        },
        config,
      },
      async (request, reply) => {
        const query = { ...request.query, schoolId: scope.school(request) };
        const sort = sortParams(query, LOG_SORTS, DEFAULT_LOG_SORT);
        const tz = app.config.schoolTimezone;
        if (wantsCsv(query)) {
          const filename = `system-logs-${localDate(new Date(), tz)}.csv`;
          return streamCsv(reply, await logsForExport(app.db, query, sort, tz), {
            filename,
            columns: LOG_CSV_COLUMNS,
            map: (r) => toLog(r, tz),
          });
        }
        const data = await listSystemLogs(app.db, query, pageParams(query, LOG_PAGE_SIZE), sort, tz);
        return { success: true as const, data };
      },
    );

    app.get(
      '/system-logs/filters',
      { schema: { summary: 'System log filter choices', response: { 200: apiSuccess(logFilterOptionsSchema) } }, config },
      async (request) => ({ success: true as const, data: await logFilterOptions(app.db, scope.school(request)) }),
    );
  };
