import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $admins, deactivateAdmin, loadAdmins, loadPermissionCatalogue, loadSchoolChoices, reactivateAdmin } from './store';
import {
  ADMIN_STATUS_CHOICES,
  adminFilterChoices,
  adminFullName,
  filterAdmins,
  hasActiveFilters,
  type Admin,
} from '@domain/admins';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import {
  activeFilterCount,
  Button,
  CardsOrTable,
  ErrorBanner,
  FilterBar,
  SelectField,
  useActionNotice,
  TextField,
  useConfirm,
  useListQuery,
  listViewOf,
  ListViewSwitch,
} from '@kit';
import { AddAdminModal } from './AddAdminModal';
import { AdminCard } from './AdminCard';
import { AdminProfileModal } from './AdminProfileModal';
import { ADMIN_COLUMNS } from './adminColumns';

/** Filters and view live in the URL (reload and Back keep them); cards by default. */
const DEFAULTS = { search: '', school: '', department: '', position: '', status: '', view: 'cards' };
const CLEARED = { search: '', school: '', department: '', position: '', status: '' };

const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));

/** Admin Management: the loaded admins, filtered in the browser, as cards or a table. */
export default function AdminsScreen() {
  const { admins, loading, error } = useStore($admins);
  const list = useListQuery(DEFAULTS);
  const { search, school, department, position, status } = list.query;
  const view = listViewOf(list.query);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<{ id: number; editing: boolean } | null>(null);
  const notice = useActionNotice();
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    void loadAdmins();
    void loadPermissionCatalogue();
    void loadSchoolChoices();
  }, []);

  const filters = { search, school, department, position, status };
  const shown = useMemo(
    () => filterAdmins(admins ?? [], { search, school, department, position, status }),
    [admins, search, school, department, position, status],
  );
  const choices = useMemo(() => adminFilterChoices(admins ?? []), [admins]);
  const selectedAdmin = selected ? ((admins ?? []).find((a) => a.id === selected.id) ?? null) : null;

  const report = notice.report;

  async function remove(admin: Admin) {
    const ok = await confirm({
      title: 'Delete Admin',
      message: `Are you sure you want to delete ${adminFullName(admin)}? The account is deactivated and signed out everywhere; its records are kept, and Status "Deactivated" lists it for reactivation.`,
      confirmLabel: 'Deactivate',
    });
    if (ok) report(await deactivateAdmin(admin));
  }

  async function reactivate(admin: Admin) {
    const ok = await confirm({
      title: 'Reactivate Admin',
      message: `Reactivate ${adminFullName(admin)}? The admin can sign in again.`,
      confirmLabel: 'Reactivate',
      tone: 'primary',
    });
    if (ok) report(await reactivateAdmin(admin));
  }

  const actions = {
    onView: (a: Admin) => setSelected({ id: a.id, editing: false }),
    onEdit: (a: Admin) => setSelected({ id: a.id, editing: true }),
    onDelete: (a: Admin) => void remove(a),
    onReactivate: (a: Admin) => void reactivate(a),
  };
  const listState = {
    loading: loading || (admins === null && !error),
    error: shown.length ? null : error,
    onRetry: () => void loadAdmins(),
    emptyText: hasActiveFilters(filters) ? 'No admins found matching your filters.' : 'No admins found.',
  };
  const setFilter = (key: keyof typeof CLEARED) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    list.setQuery({ [key]: e.target.value }, { replace: key === 'search' });

  return (
    <div>
      <ScreenHeading title="Admin Management">
        <Button onClick={() => setAdding(true)}>+ Add New Admin</Button>
      </ScreenHeading>

      <div className="mb-4 space-y-2">
        {notice.view}
        {/* A failed reload while admins are shown (with nothing shown, the list itself says 'Error: …'). */}
        <ErrorBanner message={shown.length ? error : null} />
      </div>

      <FilterBar
        label="Filter admins"
        onClear={activeFilterCount(list.query, DEFAULTS, ['view']) ? () => list.setQuery(CLEARED) : undefined}
        actions={<ListViewSwitch list={list} />}
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Name, email or employee ID"
          value={search}
          onChange={setFilter('search')}
        />
        <SelectField
          label="School"
          placeholder="All Schools"
          options={options(choices.schools)}
          value={school}
          onChange={setFilter('school')}
        />
        <SelectField
          label="Department"
          placeholder="All Departments"
          options={options(choices.departments)}
          value={department}
          onChange={setFilter('department')}
        />
        <SelectField
          label="Position"
          placeholder="All Positions"
          options={options(choices.positions)}
          value={position}
          onChange={setFilter('position')}
        />
        <SelectField
          label="Status"
          placeholder="Active"
          options={ADMIN_STATUS_CHOICES}
          value={status}
          onChange={setFilter('status')}
        />
      </FilterBar>

      {admins ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {shown.length} admin(s) found
        </p>
      ) : null}

      <CardsOrTable
        view={view}
        label="Admins"
        items={shown}
        itemKey={(a) => a.id}
        renderCard={(a) => <AdminCard admin={a} {...actions} />}
        columns={ADMIN_COLUMNS}
        actionsHeader="View"
        rowActions={(a) => (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => actions.onView(a)} aria-label={`View ${adminFullName(a)}`}>
              View
            </Button>
            {a.isActive ? null : (
              <Button size="sm" onClick={() => actions.onReactivate(a)} aria-label={`Reactivate ${adminFullName(a)}`}>
                Reactivate
              </Button>
            )}
          </div>
        )}
        {...listState}
      />

      <AddAdminModal open={adding} onClose={() => setAdding(false)} />
      <AdminProfileModal admin={selectedAdmin} startEditing={selected?.editing ?? false} onClose={() => setSelected(null)} />
      {dialog}
    </div>
  );
}
