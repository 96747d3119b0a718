/*
 * Live rows merged into a loaded page of a newest-first list (Attendance History, SMS History), one rule for
 * both. A row already on the page is replaced (a check-out, DELIVERED): the total stays. A row not on the page
 * is new only when its id is above every id the page holds (ids only grow): a status change of an older row
 * that sits on another page was counted by the server already and must not be counted again.
 */

/** What of a list's pagination a new row changes (the contract's `Pagination` has these). */
interface PageCounts {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
}

/** The new rows and pagination, or null when the row changes nothing on this page. */
export function mergeLiveRow<T extends { id: number }, P extends PageCounts>(
  rows: T[],
  pagination: P,
  row: T,
  mayInsert: boolean,
): { rows: T[]; pagination: P } | null {
  const at = rows.findIndex((r) => r.id === row.id);
  if (at >= 0) return { rows: rows.map((r, i) => (i === at ? row : r)), pagination };
  if (!mayInsert || rows.some((r) => r.id >= row.id)) return null;
  const total = pagination.total + 1;
  const totalPages = Math.max(1, Math.ceil(total / pagination.limit));
  return {
    rows: [row, ...rows].slice(0, pagination.limit),
    pagination: { ...pagination, total, totalPages, hasNextPage: pagination.page < totalPages },
  };
}
