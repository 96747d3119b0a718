import { useEffect, useRef } from 'react';
import { pageCursor } from '@domain/page-cursor';
import { keysetStep, type ShownPage } from './paging';

/**
 * The `after`/`before` cursor to send with a list request (see keysetStep): remembers the page last shown (its
 * filters, number and first/last rows) and compares it with the page asked for now.
 *   const cursor = useKeysetCursor(list.filters, list.query.page, data?.records, data?.pagination.page);
 *   fetchX({ ...list.filters, page: list.query.page, ...cursor })
 */
export function useKeysetCursor(
  filters: object,
  page: number,
  rows: ReadonlyArray<{ date: string; id: number }> | undefined,
  shownPage: number | undefined,
): { after?: string; before?: string } {
  const key = JSON.stringify(filters);
  const shown = useRef<ShownPage | null>(null);
  useEffect(() => {
    if (!rows || shownPage === undefined) return;
    const first = rows[0];
    const last = rows.at(-1);
    shown.current = { filters: key, page: shownPage, first: first && pageCursor(first), last: last && pageCursor(last) };
  }, [rows, shownPage, key]);
  return keysetStep(shown.current, key, page);
}
