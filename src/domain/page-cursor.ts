/**
 * Keyset paging (issue #20 item 7): the position of a record in a list ordered by day then id, as 'YYYY-MM-DD_id'.
 * Zod-free, so the console's list kit can build cursors without pulling the schemas into every screen
 * (`cursorQuery` in list-filters.ts reads them on the server).
 */
export const PAGE_CURSOR_MESSAGE = 'is not a page cursor (YYYY-MM-DD_id of a listed record)';

/** The cursor of a listed record (what `cursorQuery` reads). */
export const pageCursor = (r: { date: string; id: number }) => `${r.date}_${r.id}`;
