import { useMemo, useState } from 'react';
import { fetchSystems } from './api';
import { filterSystemsByText, removeSystem } from './actions';
import type { System } from '@domain/systems';
import { systemCountLabel } from '@domain/systems/catalogue';
import {
  Button,
  CardsOrTable,
  ErrorBanner,
  FilterBar,
  TextField,
  useConfirm,
  useListResource,
  type ListQueryApi,
  listViewOf,
  ListViewSwitch,
} from '@kit';
import { SystemButtons, SystemCard } from './SystemCard';
import { SYSTEM_COLUMNS } from './systemColumns';
import { SystemFormModal } from './SystemFormModal';
import type { SYSTEMS_ORDERS_DEFAULTS } from './list-query';

/** Which form is open: a new system (null) or an edit; `n` makes every opening a fresh form. */
type Editing = { system: System | null; n: number } | null;

/**
 * Systems tab: every system (GET /api/super-admin/systems), searched by name or description in the
 * browser, as cards (default) or a table; create, edit and delete (with confirmation) reload the list.
 */
export function SystemsTab({ list }: { list: ListQueryApi<typeof SYSTEMS_ORDERS_DEFAULTS> }) {
  const systems = useListResource(fetchSystems, 'systems');
  const view = listViewOf(list.query);
  const search = list.query.search;
  const shown = useMemo(() => filterSystemsByText(systems.data ?? [], search), [systems.data, search]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const open = (system: System | null) => {
    setActionError(null);
    setEditing({ system, n: Date.now() });
  };

  async function remove(system: System) {
    setActionError(null);
    const ok = await confirm({
      title: 'Delete System',
      message: 'Are you sure you want to delete this system?',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    setDeletingId(system.id);
    const result = await removeSystem(system.id);
    setDeletingId(null);
    if (result.ok) systems.reload();
    else setActionError(result.message);
  }

  const actions = { onEdit: (s: System) => open(s), onDelete: (s: System) => void remove(s), deletingId };
  const listState = {
    loading: systems.loading,
    // 'Failed to fetch systems' inline; with systems still shown (a failed reload) it goes in the banner.
    error: shown.length ? null : systems.error,
    onRetry: systems.reload,
  };

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => open(null)}>+ Add New System</Button>
      </div>
      <div className="mb-4 space-y-2 empty:hidden">
        <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />
        <ErrorBanner message={shown.length ? systems.error : null} />
      </div>

      <FilterBar label="Search systems" actions={<ListViewSwitch list={list} />}>
        <TextField
          label="Search"
          type="search"
          placeholder="Search by name or description"
          className="sm:col-span-2"
          value={search}
          onChange={(e) => list.setQuery({ search: e.target.value }, { replace: true })}
        />
      </FilterBar>

      {systems.data ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {systemCountLabel(shown.length)}
        </p>
      ) : null}

      <CardsOrTable
        view={view}
        label="Systems"
        items={systems.data ? shown : null}
        itemKey={(s) => s.id}
        renderCard={(s) => <SystemCard system={s} {...actions} />}
        columns={SYSTEM_COLUMNS}
        rowActions={(s) => <SystemButtons system={s} {...actions} />}
        emptyText={view === 'cards' ? 'No systems found matching your search.' : 'No systems found.'}
        {...listState}
      />

      <SystemFormModal
        key={editing?.n ?? 0}
        open={editing !== null}
        system={editing?.system ?? null}
        onClose={() => setEditing(null)}
        onChanged={systems.reload}
      />
      {dialog}
    </div>
  );
}
