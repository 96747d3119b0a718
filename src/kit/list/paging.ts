import type { Pagination } from '@domain/api';
import { MAX_KEYSET_SKIP } from '@domain/page-cursor';

/*
 * Page-window math and footer texts of the pager, pure.
 */

export const MAX_PAGE_LINKS = 5;

export interface PageWindow {
  /** The page numbers to show as links, ascending (at most `max`). */
  pages: number[];
  /** Pages exist before/after the window (the ellipsis variant shows '…' there). */
  gapBefore: boolean;
  gapAfter: boolean;
}

/** Keeps a page inside 1..totalPages (a list always has at least one page). */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, totalPages));
}

/** At most `max` consecutive pages around the current one (the current one centred where possible). */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_LINKS): PageWindow {
  const total = Math.max(1, totalPages);
  const current = clampPage(page, total);
  const size = Math.min(max, total);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), total - size + 1);
  const pages = Array.from({ length: size }, (_, i) => start + i);
  return { pages, gapBefore: start > 1, gapAfter: start + size - 1 < total };
}

/** 'Page X of Y'. */
export const pageOfText = (p: Pick<Pagination, 'page' | 'totalPages'>): string =>
  `Page ${clampPage(p.page, p.totalPages)} of ${Math.max(1, p.totalPages)}`;

/** 'Showing X to Y of Z {noun}' (X..Y are the 1-based positions on this page; 0 to 0 when empty). */
export function rangeText(p: Pick<Pagination, 'page' | 'limit' | 'total'>, noun: string): string {
  const from = p.total === 0 ? 0 : Math.min((p.page - 1) * p.limit + 1, p.total);
  const to = Math.min(p.page * p.limit, p.total);
  return `Showing ${from} to ${to} of ${p.total} ${noun}`;
}

/** 'Showing X of N {noun}' (X = rows on this page). */
export const countText = (shown: number, total: number, noun: string): string => `Showing ${shown} of ${total} ${noun}`;

/** The spec's pagination object for a total (same rule as the server's makePagination). */
export function makePagination(total: number, page: number, limit: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/** One page of a list held in the browser (lists the API returns whole, e.g. inquiries). */
export function pageOfItems<T>(items: readonly T[], page: number, limit: number): { rows: T[]; pagination: Pagination } {
  const pagination = makePagination(items.length, clampPage(page, Math.ceil(items.length / limit)), limit);
  const start = (pagination.page - 1) * limit;
  return { rows: items.slice(start, start + limit), pagination };
}

/** What a keyset-paged list remembers of the page on screen: its filters, number, size, page count and first/last row cursors. */
export interface ShownPage {
  filters: string;
  page: number;
  limit?: number;
  totalPages?: number;
  first?: string;
  last?: string;
}

/**
 * Keyset paging: going from the page on screen to the next one asks for the rows after its last
 * row, to the previous one for the rows before its first — an index seek on the server however deep the page. A jump
 * of k pages sends the same cursor and skips the (k - 1) pages between (`skip`, at most MAX_KEYSET_SKIP records),
 * when that is a shorter walk than the page by number (which the server reads from the nearer end of the list: page
 * t costs min(t - 1, totalPages - t) pages). First, Last, a far jump or other filters page by number alone.
 */
export function keysetStep(
  shown: ShownPage | null,
  filters: string,
  page: number,
): { after?: string; before?: string; skip?: number } {
  if (!shown || shown.filters !== filters || page === shown.page) return {};
  const k = Math.abs(page - shown.page);
  const cursor = page > shown.page ? shown.last && { after: shown.last } : shown.first && { before: shown.first };
  if (!cursor) return {};
  if (k === 1) return cursor;
  if (!shown.limit) return {};
  const skip = (k - 1) * shown.limit;
  const byNumber = Math.min(page - 1, (shown.totalPages ?? Infinity) - page);
  return k - 1 < byNumber && skip <= MAX_KEYSET_SKIP ? { ...cursor, skip } : {};
}
