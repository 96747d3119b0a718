import { Fragment, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { listPhase, ListPhaseView, type ListStateProps } from './states';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import { toggleKeys, type RowKey } from './useRowSelection';

export interface Column<T> {
  /** Header text; also what screen readers announce for the column's cells. Never wraps: a column is at least as wide as it. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's th and td (width, alignment…). */
  className?: string;
  /**
   * Below this breakpoint the column leaves the table and shows in the row's details (a 'Details' toggle in
   * the first cell), so the columns that matter (name, status, actions) stay on screen on a phone.
   */
  detail?: Breakpoint;
}

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | '2xl';
// Literal class names (Tailwind keeps only classes it finds in the source).
const BREAKPOINTS: Record<Breakpoint, { cell: string; below: string }> = {
  sm: { cell: 'hidden sm:table-cell', below: 'sm:hidden' },
  md: { cell: 'hidden md:table-cell', below: 'md:hidden' },
  lg: { cell: 'hidden lg:table-cell', below: 'lg:hidden' },
  xl: { cell: 'hidden xl:table-cell', below: 'xl:hidden' },
  '2xl': { cell: 'hidden 2xl:table-cell', below: '2xl:hidden' },
};
const ORDER: Breakpoint[] = ['sm', 'md', 'lg', 'xl', '2xl'];
/** Tailwind's default screens, in px. */
const MIN_WIDTH: Record<Breakpoint, number> = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 };

/** Whether the window is narrower than a breakpoint (follows resizes); false without one. */
function useBelow(breakpoint: Breakpoint | undefined): boolean {
  const query = breakpoint ? `(max-width: ${MIN_WIDTH[breakpoint] - 0.02}px)` : null;
  return useSyncExternalStore(
    (onChange) => {
      if (!query) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (query ? window.matchMedia(query).matches : false),
    () => false,
  );
}
const columnClass = <T,>(c: Column<T>) => `${c.detail ? BREAKPOINTS[c.detail].cell : ''} ${c.className ?? ''}`;

export type DataTableProps<T> = ListStateProps & {
  /** The table's accessible name (a visually hidden caption), e.g. 'System logs'. */
  caption: string;
  columns: Array<Column<T>>;
  /** null/undefined before the first load. */
  rows: readonly T[] | null | undefined;
  rowKey: (row: T) => string | number;
  /** Buttons or links of a row, in a last 'Actions' column. */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /**
   * Rows can be chosen for a bulk action: a first column of checkboxes (one per row, plus one for every
   * row of the page). Pair with useRowSelection: `selection={{ ...useRowSelection(list.key), rowLabel }}`.
   */
  selection?: {
    selected: ReadonlySet<RowKey>;
    setSelected: (next: ReadonlySet<RowKey>) => void;
    /** Names the row's checkbox ('Select Ada Lovelace'). */
    rowLabel: (row: T) => string;
  };
};

// The header text sits in its own span: cell classes such as `break-all` must not break 'EMAIL' into letters.
const headerText = (text: string) => <span className="whitespace-nowrap [word-break:normal]">{text}</span>;
// Narrower padding on a phone leaves room for the columns that stay (name, status, actions).
const thClass = 'px-2 sm:px-4 py-3 text-xs font-semibold uppercase tracking-wide text-gray-600';

/**
 * A list as a table. Loading skeletons, 'Error: …' and the empty text show below the header row, at the
 * width of the screen (not of the table, which may be wider than a phone). When the table is wider than
 * its box, a hint says it scrolls sideways; while new data loads, the old rows stay (aria-busy).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowActions,
  actionsHeader = 'Actions',
  selection,
  ...state
}: DataTableProps<T>) {
  const items = rows ?? [];
  const phase = listPhase({ loading: state.loading, error: state.error, count: items.length });
  const { ref, overflowing, atEnd } = useHorizontalOverflow<HTMLDivElement>(phase);
  const pageKeys = items.map(rowKey);
  const chosenOnPage = selection ? pageKeys.filter((k) => selection.selected.has(k)).length : 0;
  const details = columns.filter((c) => c.detail);
  // The details toggle and row show while any column is folded away: below the widest detail breakpoint.
  const widest = ORDER.filter((b) => details.some((c) => c.detail === b)).pop();
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const toggle = (key: string | number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  // Rendered only while the window is narrower than that breakpoint: wider, the table is as it always was.
  const folding = useBelow(widest);
  const span = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0) + (folding ? 1 : 0);
  return (
    <div className="rounded-lg border border-gray-200 bg-white shadow-sm">
      {overflowing ? (
        <p className="border-b border-gray-100 px-4 py-2 text-xs text-gray-600" aria-hidden="true">
          Scroll sideways to see all columns →
        </p>
      ) : null}
      <div className="relative">
        {/* Focusable, so keyboard users can scroll it too. */}
        <div
          ref={ref}
          className="overflow-x-auto"
          tabIndex={overflowing ? 0 : undefined}
          aria-label={overflowing ? caption : undefined}
          role={overflowing ? 'region' : undefined}
        >
          <table
            aria-busy={state.loading || undefined}
            className={`min-w-full divide-y divide-gray-200 text-sm ${state.loading && items.length ? 'opacity-60' : ''}`}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-gray-50">
              <tr>
                {selection ? (
                  <th scope="col" className="w-10 px-2 py-3 text-left sm:px-4">
                    <PageCheckbox
                      checked={phase === 'ready' && chosenOnPage === pageKeys.length}
                      mixed={chosenOnPage > 0 && chosenOnPage < pageKeys.length}
                      disabled={phase !== 'ready'}
                      onChange={(on) => selection.setSelected(toggleKeys(selection.selected, pageKeys, on))}
                    />
                  </th>
                ) : null}
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`${thClass} text-left ${columnClass(c)}`}>
                    {headerText(c.header)}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className={`${thClass} text-right`}>
                    {headerText(actionsHeader)}
                  </th>
                ) : null}
                {folding ? <th scope="col" aria-label="Row details" className="w-8 py-3 pl-0 pr-2" /> : null}
              </tr>
            </thead>
            {phase === 'ready' ? (
              <tbody className="divide-y divide-gray-100">
                {items.map((row) => (
                  <Fragment key={rowKey(row)}>
                    <tr className="align-top hover:bg-gray-50">
                      {selection ? (
                        <td className="px-2 py-3 sm:px-4">
                          <input
                            type="checkbox"
                            className="h-4 w-4 rounded border-gray-300 text-brand-700 focus:ring-brand-600"
                            aria-label={`Select ${selection.rowLabel(row)}`}
                            checked={selection.selected.has(rowKey(row))}
                            onChange={(e) =>
                              selection.setSelected(toggleKeys(selection.selected, [rowKey(row)], e.target.checked))
                            }
                          />
                        </td>
                      ) : null}
                      {columns.map((c) => (
                        <td key={c.header} className={`px-2 py-3 text-gray-800 sm:px-4 ${columnClass(c)}`}>
                          {c.cell(row)}
                        </td>
                      ))}
                      {rowActions ? (
                        // On a phone the buttons wrap under each other rather than push the column off screen.
                        <td className="px-2 py-3 text-right sm:whitespace-nowrap sm:px-4 [&>*]:flex-wrap">{rowActions(row)}</td>
                      ) : null}
                      {folding ? (
                        <td className="w-8 py-3 pl-0 pr-2">
                          <DetailsToggle expanded={open.has(rowKey(row))} onClick={() => toggle(rowKey(row))} />
                        </td>
                      ) : null}
                    </tr>
                    {folding && open.has(rowKey(row)) ? (
                      <tr>
                        <td colSpan={span} className="bg-gray-50 px-4 py-3">
                          <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
                            {details.map((c) => (
                              <div key={c.header} className={`contents ${BREAKPOINTS[c.detail!].below}`}>
                                <dt className="text-gray-500">{c.header}</dt>
                                <dd className="min-w-0 text-gray-800 [overflow-wrap:anywhere]">{c.cell(row)}</dd>
                              </div>
                            ))}
                          </dl>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            ) : null}
          </table>
        </div>
        {overflowing && !atEnd ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white" />
        ) : null}
      </div>
      {phase === 'ready' ? null : (
        <div className="border-t border-gray-200 px-4">
          <ListPhaseView phase={phase} {...state} />
        </div>
      )}
    </div>
  );
}

/** Shows or hides a row's folded columns (on narrow screens). */
function DetailsToggle({ expanded, onClick }: { expanded: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-label="Show details"
      onClick={onClick}
      className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 ${expanded ? 'rotate-90' : ''}`} fill="currentColor">
        <path d="M7.3 5.3a1 1 0 0 1 1.4 0l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 0 1-1.4-1.4L10.6 10 7.3 6.7a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
}

/** The header checkbox: every row of the page, 'mixed' when only some are chosen. */
function PageCheckbox({
  checked,
  mixed,
  disabled,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="h-4 w-4 rounded border-gray-300 text-brand-700 focus:ring-brand-600"
      aria-label="Select all rows on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
