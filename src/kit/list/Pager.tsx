import { useEffect } from 'react';
import type { Pagination } from '@domain/api';
import { clampPage, countText, pageOfText, pageWindow, rangeText } from './paging';

export interface PagerProps {
  /** The spec's pagination object (from the API, or pageOfItems for a list paged in the browser). */
  pagination: Pagination | null | undefined;
  /** useListQuery's setPage fits. */
  onPage: (page: number, opts?: { replace?: boolean }) => void;
  /**
   * 'firstLast': up to 5 page buttons plus First and Last (System Logs);
   * 'ellipsis': up to 5 page buttons with '…' where pages are hidden (SMS history, inquiries);
   * 'simple': Previous, 'Page X of Y', Next (archived students).
   */
  variant?: 'firstLast' | 'ellipsis' | 'simple';
  /** Footer text: 'range' → 'Showing X to Y of Z {noun}'; 'count' → 'Showing X of N {noun}' (needs `shown`); 'page' → 'Page X of Y'. */
  summary?: 'range' | 'count' | 'page' | 'none';
  noun?: string;
  /** Rows on this page (for summary 'count'). */
  shown?: number;
}

const base = 'min-w-9 rounded-md border px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-50';
const idle = `${base} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`;
const current = `${base} border-brand-700 bg-brand-700 font-semibold text-white`;

/**
 * The pager of a list: Previous disabled on page 1, Next on the last page; a page past the
 * end (an old link, a shrunken list) is replaced by the last page. Nothing is drawn for an empty list.
 */
export function Pager({ pagination, onPage, variant = 'ellipsis', summary = 'range', noun = 'items', shown = 0 }: PagerProps) {
  const total = pagination?.total ?? 0;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  const requested = pagination?.page ?? 1;
  const page = clampPage(requested, totalPages);

  useEffect(() => {
    if (total > 0 && requested > totalPages) onPage(totalPages, { replace: true });
  }, [total, requested, totalPages, onPage]);

  if (!pagination || total === 0) return null;
  const go = (p: number) => onPage(clampPage(p, totalPages));
  const win = pageWindow(page, totalPages);
  const footer =
    summary === 'range'
      ? rangeText({ ...pagination, page }, noun)
      : summary === 'count'
        ? countText(shown, total, noun)
        : summary === 'page'
          ? pageOfText(pagination)
          : null;
  const gap = (
    <span className="px-1 text-gray-500" aria-hidden="true">
      …
    </span>
  );

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {footer ? <p className="text-sm text-gray-600">{footer}</p> : <span />}
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
        {variant === 'firstLast' ? (
          <button type="button" className={idle} disabled={page <= 1} onClick={() => go(1)}>
            First
          </button>
        ) : null}
        <button type="button" className={idle} disabled={page <= 1} onClick={() => go(page - 1)}>
          Previous
        </button>
        {variant === 'simple' ? (
          <span className="px-2 text-sm text-gray-700">{pageOfText({ page, totalPages })}</span>
        ) : (
          <>
            {variant === 'ellipsis' && win.gapBefore ? gap : null}
            {win.pages.map((p) => (
              <button
                key={p}
                type="button"
                className={p === page ? current : idle}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => go(p)}
              >
                {p}
              </button>
            ))}
            {variant === 'ellipsis' && win.gapAfter ? gap : null}
          </>
        )}
        <button type="button" className={idle} disabled={page >= totalPages} onClick={() => go(page + 1)}>
          Next
        </button>
        {variant === 'firstLast' ? (
          <button type="button" className={idle} disabled={page >= totalPages} onClick={() => go(totalPages)}>
            Last
          </button>
        ) : null}
      </nav>
    </div>
  );
}
