import { useEffect, useRef } from 'react';
import { pageCursor } from '@domain/page-cursor';
import { keysetStep, type ShownPage } from './paging';

/**
 * The `after`/`before` cursor (and `skip` for a jump) to send with a list request (see keysetStep): remembers the
 * page last shown (its filters, pagination and first/last rows) and compares it with the page asked for now.
 *   const cursor = useKeysetCursor(list.filters, list.query.page, data?.records, data?.pagination);
 *   fetchX({ ...list.filters, page: list.query.page, ...cursor })
 */
export function useKeysetCursor(
  filters: object,
  page: number,
  rows: ReadonlyArray<{ date: string; id: number }> | undefined,
  shownPagination: { page: number; limit: number; totalPages: number } | undefined,
): { after?: string; before?: string; skip?: number } {
  const key = JSON.stringify(filters);
  const shown = useRef<ShownPage | null>(null);
  const { page: shownPage, limit, totalPages } = shownPagination ?? {};
  useEffect(() => {
    if (!rows || shownPage === undefined) return;
    const first = rows[0];
    const last = rows.at(-1);
    shown.current = {
      filters: key,
      page: shownPage,
      limit,
      totalPages,
      first: first && pageCursor(first),
      last: last && pageCursor(last),
    };
  }, [rows, shownPage, limit, totalPages, key]);
  return keysetStep(shown.current, key, page);
}
