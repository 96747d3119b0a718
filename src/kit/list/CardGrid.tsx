import type { ReactNode } from 'react';
import { listPhase, ListPhaseView, type ListStateProps } from './states';

export type CardGridProps<T> = ListStateProps & {
  /** The list's accessible name, e.g. 'Admins'. */
  label: string;
  items: readonly T[] | null | undefined;
  itemKey: (item: T) => string | number;
  /** The card of one item (its content; the grid draws the card frame). */
  renderCard: (item: T) => ReactNode;
};

/** A list as a responsive grid of cards (1/2/3 columns), with the same states as DataTable. */
export function CardGrid<T>({ label, items, itemKey, renderCard, ...state }: CardGridProps<T>) {
  const list = items ?? [];
  const phase = listPhase({ loading: state.loading, error: state.error, count: list.length });
  if (phase !== 'ready') {
    return (
      <div className="rounded-lg border border-gray-200 bg-white px-4 shadow-sm">
        <ListPhaseView phase={phase} {...state} />
      </div>
    );
  }
  return (
    <ul
      aria-label={label}
      aria-busy={state.loading || undefined}
      className={`grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 ${state.loading ? 'opacity-60' : ''}`}
    >
      {list.map((item) => (
        // min-w-0: a long unbroken name must not widen the column past the screen.
        <li
          key={itemKey(item)}
          className="flex min-w-0 flex-col rounded-lg [overflow-wrap:anywhere] border border-gray-200 bg-white p-4 shadow-sm"
        >
          {renderCard(item)}
        </li>
      ))}
    </ul>
  );
}
