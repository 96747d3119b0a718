import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { badRequest } from './errors';
import { csvLine, safeFilename } from '@shared/csv';
import { MAX_ID } from '@domain/validation';

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export const MAX_PAGE_SIZE = 100;
/**
 * Highest page number: its offset ((page - 1) * limit) stays a whole number both databases take. A bigger
 * page (1e22 parses to a float) would fail the query itself — SQLite "datatype mismatch", PostgreSQL bigint.
 */
export const MAX_PAGE = Math.floor(MAX_ID / MAX_PAGE_SIZE);

/** page/limit from a query string: clamped, never an error (limit 0 → 1, 10000 → 100, junk → defaults). */
export function pageParams(query: { page?: unknown; limit?: unknown }, defaultLimit: number) {
  const int = (v: unknown, d: number) => {
    const n = Number.parseInt(String(v ?? ''), 10);
    return Number.isFinite(n) ? n : d;
  };
  const page = Math.min(MAX_PAGE, Math.max(1, int(query.page, 1)));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, int(query.limit, defaultLimit)));
  return { page, limit };
}

export function makePagination(total: number, page: number, limit: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/**
 * Runs a filtered select as one page plus its total. `query` carries the filters and the order;
 * the count is taken from the same query without select/order, so both always agree.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: { page: number; limit: number },
): Promise<{ rows: O[]; pagination: Pagination }> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  const rows = await query
    .limit(params.limit)
    .offset((params.page - 1) * params.limit)
    .execute();
  return { rows, pagination: makePagination(total, params.page, params.limit) };
}

/** Which end of the list a page's ids are read from. */
export type PageDirection = 'forward' | 'backward';

/**
 * A page's ids at the cost of a shallow page however deep it is: `ids` reads the filtered key
 * alone (one covering index walk, no joined rows), from whichever end of the list is nearer — page 99,999 of
 * 100,000 is the first page read backwards. `total` must be the list's count (it picks the end). The caller loads
 * the ≤ limit full rows by id and puts them in this order (`inOrder`). Answers the ids in list order.
 *   const ids = await pageIds(params, total, (dir, limit, offset) => keys.orderBy('date', dir === 'forward' ? 'desc' : 'asc')…);
 */
export async function pageIds(
  params: { page: number; limit: number },
  total: number,
  ids: (direction: PageDirection, limit: number, offset: number) => Promise<number[]>,
): Promise<number[]> {
  const offset = (params.page - 1) * params.limit;
  if (offset >= total) return offset === 0 ? ids('forward', params.limit, 0) : [];
  const limit = Math.min(params.limit, total - offset);
  if (offset <= total - offset - limit) return ids('forward', params.limit, offset);
  return (await ids('backward', limit, total - offset - limit)).reverse();
}

/** Rows fetched by id, in the order of `ids` (a row gone meanwhile is left out). */
export function inOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type SortOrder = 'asc' | 'desc';

/**
 * sortBy/sortOrder from a query string, by whitelist only: `allowed` maps the names a client may send to
 * the columns they sort on; anything else (unknown column, junk order) falls back to `fallback`.
 *   const sort = sortParams(request.query, { createdAt: 'systemLogs.createdAt', action: 'systemLogs.action' },
 *                           { sortBy: 'createdAt', sortOrder: 'desc' });
 *   query.orderBy(sort.column, sort.sortOrder).orderBy('systemLogs.id', sort.sortOrder)
 */
export function sortParams<K extends string, C extends string>(
  query: { sortBy?: unknown; sortOrder?: unknown },
  allowed: Record<K, C>,
  fallback: { sortBy: NoInfer<K>; sortOrder: SortOrder },
): { sortBy: K; sortOrder: SortOrder; column: C } {
  const requested = typeof query.sortBy === 'string' ? query.sortBy : '';
  const sortBy = Object.hasOwn(allowed, requested) ? (requested as K) : fallback.sortBy;
  const order = typeof query.sortOrder === 'string' ? query.sortOrder.toLowerCase() : '';
  const sortOrder: SortOrder = order === 'asc' || order === 'desc' ? order : fallback.sortOrder;
  return { sortBy, sortOrder, column: allowed[sortBy] };
}

/** True for `?format=csv`; no format or `json` → false; any other format → 400. */
export function wantsCsv(query: { format?: unknown }): boolean {
  const format = query.format;
  if (format === undefined || format === '' || format === 'json') return false;
  if (format === 'csv') return true;
  throw badRequest("Unsupported format: use 'csv' or leave it out");
}

export interface CsvColumn<O> {
  header: string;
  value: (row: O) => unknown;
}

export const CSV_BATCH_SIZE = 1000;

/**
 * Streams the WHOLE filtered list (the same query a page is cut from, without limit) as a CSV attachment:
 * a UTF-8 BOM (spreadsheets then read names with accents right), the header line, then the rows fetched in
 * batches of `batchSize`, so memory stays flat however long the list is. The query must have a total
 * order (end it with the id) so batches neither repeat nor skip rows. `map` turns a row into what the
 * columns read (e.g. the API's shape, with JSON parsed once per row).
 * The first batch is read BEFORE the 200 and its headers go out: a query the database refuses (e.g. a
 * NUL in a filter on PostgreSQL) is then an ordinary error answer, not a download cut off half-way.
 *   if (wantsCsv(request.query)) return streamCsv(reply, query, { filename: 'system-logs.csv', columns, map: toLog });
 */
export async function streamCsv<DB, TB extends keyof DB, O, R = O>(
  reply: FastifyReply,
  query: SelectQueryBuilder<DB, TB, O>,
  opts: { filename: string; columns: ReadonlyArray<CsvColumn<R>>; map?: (row: O) => R; batchSize?: number },
): Promise<FastifyReply> {
  const { columns, batchSize = CSV_BATCH_SIZE } = opts;
  const map = opts.map ?? ((row: O) => row as unknown as R);
  const batch = (offset: number) => query.limit(batchSize).offset(offset).execute();
  const first = await batch(0);
  async function* lines() {
    yield `\ufeff${csvLine(columns.map((c) => c.header))}`;
    let rows = first;
    for (let offset = batchSize; ; offset += batchSize) {
      if (rows.length) {
        yield rows
          .map((row) => {
            const item = map(row);
            return csvLine(columns.map((c) => c.value(item)));
          })
          .join('');
      }
      if (rows.length < batchSize) return;
      rows = await batch(offset);
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFilename(opts.filename)}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
