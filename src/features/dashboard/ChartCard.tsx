import { Suspense, useId, type ReactNode } from 'react';
import { EmptyState, Skeleton } from '@kit';

interface Props {
  title: string;
  /** e.g. 'Last 7 days' */
  period?: string;
  loading: boolean;
  /** true when there is nothing to draw: the spec's empty text shows instead */
  empty: boolean;
  emptyText: string;
  /** The chart's numbers as text: the canvas's accessible name. */
  summary: string;
  /** Renders the chart; given the props its canvas needs to be an accessible image. */
  children: (canvas: { role: 'img'; 'aria-label': string }) => ReactNode;
  className?: string;
}

function ChartLoading() {
  return (
    <div role="status" className="flex h-64 flex-col gap-3">
      <p className="text-sm text-gray-600">Loading chart data...</p>
      <Skeleton className="w-full flex-1" />
    </div>
  );
}

/** A dashboard chart: title, 'Loading chart data...' with a skeleton, the empty text, or the chart with a text summary. */
export function ChartCard({ title, period, loading, empty, emptyText, summary, children, className = '' }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${className}`}>
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-gray-900">
          {title}
        </h2>
        {period ? <span className="text-xs text-gray-500">{period}</span> : null}
      </div>
      {loading ? (
        <ChartLoading />
      ) : empty ? (
        <div className="flex h-64 items-center justify-center">
          <EmptyState>{emptyText}</EmptyState>
        </div>
      ) : (
        <div className="relative h-64">
          {/* The chart library loads lazily: until it is here, the card says it is loading. */}
          <Suspense fallback={<ChartLoading />}>
            {children({ role: 'img', 'aria-label': `${title}${period ? ` (${period.toLowerCase()})` : ''}: ${summary}` })}
          </Suspense>
        </div>
      )}
    </section>
  );
}
