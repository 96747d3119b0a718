/**
 * Keyset paging: the position of a record in a list ordered by day then id, as 'YYYY-MM-DD_id'.
 * Zod-free, so the console's list kit can build cursors without pulling the schemas into every screen
 * (`cursorQuery` in list-filters.ts reads them on the server).
 */
export const PAGE_CURSOR_MESSAGE = 'is not a page cursor (YYYY-MM-DD_id of a listed record)';

/** The cursor of a listed record (what `cursorQuery` reads). */
export const pageCursor = (r: { date: string; id: number }) => `${r.date}_${r.id}`;

/**
 * The most records a keyset request may skip past its cursor (`skip`): a jump of a few pages from the page on screen
 * walks `skip` index entries from the cursor instead of every record before the page (100 pages of 100).
 */
export const MAX_KEYSET_SKIP = 10_000;
export const SKIP_MESSAGE = `skip must be a whole number from 0 to ${MAX_KEYSET_SKIP}`;
export const SKIP_WITHOUT_CURSOR_MESSAGE = 'skip needs an after or before cursor';
