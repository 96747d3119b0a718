import type { ReactNode } from 'react';
import { listPhase, ListPhaseView, type ListStateProps } from './states';

export interface Column<T> {
  /** Header text; also what screen readers announce for the column's cells. */
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
};

/**
 * A list as a table, with the list states in its body: skeleton rows before the first data, 'Error: …'
 * or the empty text when there are no rows; while new data loads, the old rows stay (aria-busy).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowActions,
  actionsHeader = 'Actions',
  ...state
}: DataTableProps<T>) {
  const items = rows ?? [];
  const phase = listPhase({ loading: state.loading, error: state.error, count: items.length });
  const span = columns.length + (rowActions ? 1 : 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      <table
        aria-busy={state.loading || undefined}
        className={`min-w-full divide-y divide-gray-200 text-sm ${state.loading && items.length ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 ${c.className ?? ''}`}
              >
                {c.header}
              </th>
            ))}
            {rowActions ? (
              <th scope="col" className="px-4 py-3 text-right text-xs font-semibold uppercase tracking-wide text-gray-600">
                {actionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {phase === 'ready' ? (
            items.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-gray-50">
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 text-gray-800 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {rowActions ? <td className="whitespace-nowrap px-4 py-3 text-right">{rowActions(row)}</td> : null}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={span} className="px-4">
                <ListPhaseView phase={phase} {...state} />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
