import { useEffect, useRef, type ReactNode } from 'react';
import { listPhase, ListPhaseView, type ListStateProps } from './states';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import { toggleKeys, type RowKey } from './useRowSelection';

export interface Column<T> {
  /** Header text; also what screen readers announce for the column's cells. Never wraps: a column is at least as wide as it. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's th and td (width, alignment, `hidden md:table-cell`…). */
  className?: string;
}

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
const thClass = 'px-4 py-3 text-xs font-semibold uppercase tracking-wide text-gray-600';

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
                  <th scope="col" className="w-10 px-4 py-3 text-left">
                    <PageCheckbox
                      checked={phase === 'ready' && chosenOnPage === pageKeys.length}
                      mixed={chosenOnPage > 0 && chosenOnPage < pageKeys.length}
                      disabled={phase !== 'ready'}
                      onChange={(on) => selection.setSelected(toggleKeys(selection.selected, pageKeys, on))}
                    />
                  </th>
                ) : null}
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`${thClass} text-left ${c.className ?? ''}`}>
                    {headerText(c.header)}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className={`${thClass} text-right`}>
                    {headerText(actionsHeader)}
                  </th>
                ) : null}
              </tr>
            </thead>
            {phase === 'ready' ? (
              <tbody className="divide-y divide-gray-100">
                {items.map((row) => (
                  <tr key={rowKey(row)} className="align-top hover:bg-gray-50">
                    {selection ? (
                      <td className="px-4 py-3">
                        <input
                          type="checkbox"
                          className="h-4 w-4 rounded border-gray-300 text-brand-700 focus:ring-brand-600"
                          aria-label={`Select ${selection.rowLabel(row)}`}
                          checked={selection.selected.has(rowKey(row))}
                          onChange={(e) => selection.setSelected(toggleKeys(selection.selected, [rowKey(row)], e.target.checked))}
                        />
                      </td>
                    ) : null}
                    {columns.map((c) => (
                      <td key={c.header} className={`px-4 py-3 text-gray-800 ${c.className ?? ''}`}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {rowActions ? <td className="whitespace-nowrap px-4 py-3 text-right">{rowActions(row)}</td> : null}
                  </tr>
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
