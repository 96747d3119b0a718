import type { FastifyInstance } from 'fastify';
import { LOG_PAGE_SIZE, logFiltersSchema } from '../../src/domain/system-logs';
import { pageParams, sortParams, streamCsv, wantsCsv } from '../lib/paginate';
import { localDate } from '../lib/time';
import {
  DEFAULT_LOG_SORT,
  LOG_CSV_COLUMNS,
  LOG_SORTS,
  listSystemLogs,
  logFilterOptions,
  logsForExport,
  toLog,
} from '../services/system-logs';

/** GET /api/super-admin/system-logs (spec §7; `?format=csv` exports the whole filtered list) and its filter choices. */
export default async function systemLogRoutes(app: FastifyInstance) {
  app.get('/system-logs', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filters = logFiltersSchema.parse(query);
    const sort = sortParams(query, LOG_SORTS, DEFAULT_LOG_SORT);
    const tz = app.config.schoolTimezone;
    if (wantsCsv(query)) {
      const filename = `system-logs-${localDate(new Date(), tz)}.csv`;
      return streamCsv(reply, await logsForExport(app.db, filters, sort, tz), { filename, columns: LOG_CSV_COLUMNS, map: toLog });
    }
    const data = await listSystemLogs(app.db, filters, pageParams(query, LOG_PAGE_SIZE), sort, tz);
    return { success: true, data };
  });

  app.get('/system-logs/filters', async () => ({ success: true, data: await logFilterOptions(app.db) }));
}
