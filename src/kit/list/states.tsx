import type { ReactNode } from 'react';
import { ErrorState } from '../ui/ErrorState';

export { ErrorState };

/** What a list shows: skeletons before the first data, the error when there is nothing to show, the empty text, or rows. */
export type ListPhase = 'loading' | 'error' | 'empty' | 'ready';

export function listPhase(state: { loading?: boolean; error?: string | null; count: number }): ListPhase {
  if (state.count > 0) return 'ready';
  if (state.error) return 'error';
  if (state.loading) return 'loading';
  return 'empty';
}

/** The empty text of a list (e.g. 'No admins found.'), with an optional action such as 'Add Device'. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-sm text-gray-600">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A grey placeholder bar. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-gray-200 ${className}`} />;
}

/**
 * Loading placeholder: `rows` skeleton lines and an accessible status text (visible when `label` is
 * given, e.g. 'Loading archived students...'; otherwise for screen readers only).
 */
export function LoadingState({ rows = 5, label }: { rows?: number; label?: string }) {
  return (
    <div role="status" className="space-y-3 py-4">
      {label ? <p className="text-center text-sm text-gray-600">{label}</p> : <span className="sr-only">Loading…</span>}
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  );
}

/** A list that can fail to load offers 'Try Again': whoever passes `error` must pass `onRetry` too. */
export type ListStateProps = {
  loading?: boolean;
  /** Shown when the list is empty and nothing failed (the spec's empty text). */
  emptyText: ReactNode;
  emptyAction?: ReactNode;
  loadingText?: string;
} & ({ error?: undefined; onRetry?: undefined } | { error: string | null | undefined; onRetry: () => void });

/** The non-ready phases of a list, rendered the same way everywhere (DataTable, CardGrid). */
export function ListPhaseView({
  phase,
  error,
  emptyText,
  emptyAction,
  loadingText,
  onRetry,
  skeletonRows = 5,
}: {
  phase: ListPhase;
  error?: string | null;
  onRetry?: () => void;
  emptyText: ReactNode;
  emptyAction?: ReactNode;
  loadingText?: string;
  skeletonRows?: number;
}) {
  if (phase === 'loading') return <LoadingState rows={skeletonRows} label={loadingText} />;
  if (phase === 'error') return <ErrorState message={error ?? ''} onRetry={onRetry} />;
  if (phase === 'empty') return <EmptyState action={emptyAction}>{emptyText}</EmptyState>;
  return null;
}
