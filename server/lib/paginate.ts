import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export const MAX_PAGE_SIZE = 100;

/** page/limit from a query string: clamped, never an error (limit 0 → 1, 10000 → 100, junk → defaults). */
export function pageParams(query: { page?: unknown; limit?: unknown }, defaultLimit: number) {
  const int = (v: unknown, d: number) => {
    const n = Number.parseInt(String(v ?? ''), 10);
    return Number.isFinite(n) ? n : d;
  };
  const page = Math.max(1, int(query.page, 1));
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
