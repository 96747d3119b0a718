import { useCallback, useState, type ReactNode } from 'react';
import { ErrorBanner } from '../ui/ErrorBanner';
import { SuccessOverlay } from './SuccessOverlay';
import { Button } from '../ui/Button';

/** How long the notice after a list action (sync, delete, archive, restore) stays. */
export const NOTICE_MS = 6000;

/**
 * The outcome of a list action above the list: a green notice that goes after NOTICE_MS, or a red block
 * the user dismisses. `const notice = useActionNotice();  notice.report(result);  {notice.view}`.
 */
export function useActionNotice(durationMs = NOTICE_MS): {
  report: (result: { ok: boolean; message: string | null }) => void;
  view: ReactNode;
} {
  const [notice, setNotice] = useState<{ ok: boolean; message: string; at: number } | null>(null);
  const report = useCallback(
    (r: { ok: boolean; message: string | null }) =>
      setNotice({ ok: r.ok, message: r.message ?? (r.ok ? 'Done' : 'Something went wrong. Please try again.'), at: Date.now() }),
    [],
  );
  const view = notice?.ok ? (
    <SuccessOverlay
      key={notice.at}
      variant="inline"
      message={notice.message}
      durationMs={durationMs}
      onDone={() => setNotice(null)}
    />
  ) : notice ? (
    <ErrorBanner message={notice.message} onDismiss={() => setNotice(null)} />
  ) : null;
  return { report, view };
}

/**
 * "All N matching this filter": the bar offers it when the filter matches more rows than are chosen on the page.
 * `all` once the user took it (the bulk action then covers every matching row, not only the page's).
 */
export interface MatchingOffer {
  total: number;
  /** plural noun of the rows: 'students' */
  noun: string;
  all: boolean;
  onAll: () => void;
}

/** The bar over a list while rows are chosen: '{n} selected' (or all matching), the bulk buttons, and 'Clear selection'. */
export function BulkActionsBar({
  count,
  onClear,
  matching,
  children,
}: {
  count: number;
  onClear: () => void;
  matching?: MatchingOffer;
  children: ReactNode;
}) {
  if (count === 0) return null;
  const all = matching?.all ?? false;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-4 py-2 text-sm"
    >
      <span className="text-gray-800" aria-live="polite">
        {all
          ? `All ${matching!.total.toLocaleString('en-US')} ${matching!.noun} matching this filter are selected`
          : `${count} selected`}
      </span>
      {matching && !all && matching.total > count ? (
        <Button size="sm" variant="ghost" onClick={matching.onAll}>
          Select all {matching.total.toLocaleString('en-US')} {matching.noun} matching this filter
        </Button>
      ) : null}
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
