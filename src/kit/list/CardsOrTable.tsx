import type { ReactNode } from 'react';
import { CardGrid } from './CardGrid';
import { DataTable, type DataTableProps } from './DataTable';
import { ViewToggle, type ListView } from './ViewToggle';
import type { ListStateProps } from './states';

/** The list's view as kept in its query (`?view=table`); cards unless it says table. */
export const listViewOf = (query: { view?: string }): ListView => (query.view === 'table' ? 'table' : 'cards');

/** The cards/table switch of a list whose view lives in its query, so that it survives a reload. */
export function ListViewSwitch({
  list,
}: {
  list: {
    query: { view?: string };
    setQuery: (patch: { view: ListView }, opts: { keepPage: boolean; replace: boolean }) => void;
  };
}) {
  return (
    <ViewToggle value={listViewOf(list.query)} onChange={(view) => list.setQuery({ view }, { keepPage: true, replace: true })} />
  );
}

export type CardsOrTableProps<T> = ListStateProps &
  Pick<DataTableProps<T>, 'columns' | 'rowActions' | 'actionsHeader'> & {
    view: ListView;
    /** The list's accessible name: the grid's label and the table's caption. */
    label: string;
    items: readonly T[] | null | undefined;
    itemKey: (item: T) => string | number;
    renderCard: (item: T) => ReactNode;
    /** Shown under the table (e.g. a row's test panel). */
    belowTable?: ReactNode;
  };

/** One list shown as cards or as a table, with the same states (loading, error, empty) either way. */
export function CardsOrTable<T>({
  view,
  label,
  items,
  itemKey,
  renderCard,
  columns,
  rowActions,
  actionsHeader,
  belowTable,
  ...state
}: CardsOrTableProps<T>) {
  if (view === 'cards') return <CardGrid label={label} items={items} itemKey={itemKey} renderCard={renderCard} {...state} />;
  return (
    <>
      <DataTable
        caption={label}
        columns={columns}
        rows={items}
        rowKey={itemKey}
        rowActions={rowActions}
        actionsHeader={actionsHeader}
        {...state}
      />
      {belowTable}
    </>
  );
}
