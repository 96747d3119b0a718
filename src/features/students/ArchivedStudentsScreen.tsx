import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ARCHIVED_STUDENTS_PATH, fetchArchivedStudents } from './api';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { $consoleAccess, isAdminConsole } from '@kit/console/scope';
import { restoreChosenStudents } from './actions';
import type { ArchivedStudent } from '@domain/students';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import {
  activeFilterCount,
  BulkActionsBar,
  Button,
  buttonClass,
  CsvExportButton,
  DataTable,
  FilterBar,
  Pager,
  SelectField,
  useActionNotice,
  TextField,
  useConfirm,
  useDebouncedValue,
  useListQuery,
  useListResource,
  useRowSelection,
} from '@kit';
import { archivedColumns, archivedName } from './archivedColumns';
import { ReasonModal } from './ReasonModal';

/** Archived Students filters; the school is applied in the browser ("Archived list"). */
const DEFAULTS = { schoolId: '', startDate: '', endDate: '', searchTerm: '' };
/** "Archived search debounce 500 ms". */
export const ARCHIVED_SEARCH_DEBOUNCE_MS = 500;

/**
 * Archived Students: school, archive-date range and a search that applies 500 ms after typing
 * (or on Search); Reason popup; Restore one or the chosen rows; 'Showing X of N archived students', 'Page X of Y'.
 */
export default function ArchivedStudentsScreen() {
  const list = useListQuery(DEFAULTS);
  const { schoolId, startDate, endDate } = list.query;
  // Empty search and dates are left out of the request; the school is not sent at all.
  const { schoolId: _school, ...serverFilters } = list.filters;
  const serverKey = JSON.stringify({ ...serverFilters, page: list.query.page });
  const archived = useListResource(
    (signal) => fetchArchivedStudents({ ...serverFilters, page: list.query.page, limit: 20 }, signal),
    serverKey,
  );
  const { schools } = useStore($schoolChoices);
  const [search, setSearch] = useState(list.query.searchTerm);
  const settled = useDebouncedValue(search, ARCHIVED_SEARCH_DEBOUNCE_MS);
  const selection = useRowSelection(list.key);
  const [reasonOf, setReasonOf] = useState<ArchivedStudent | null>(null);
  const notice = useActionNotice();
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();

  // A school admin's console shows their own school's archive: no school choice, back to their students.
  const access = useStore($consoleAccess);
  const ownSchool = access.kind === 'admin' ? access.schoolId : null;
  useEffect(() => {
    if (!isAdminConsole()) void loadSchoolChoices();
  }, []);
  // Back/Clear change the committed search: the box follows.
  useEffect(() => setSearch(list.query.searchTerm), [list.query.searchTerm]);
  const { setQuery } = list;
  useEffect(() => {
    if (settled.trim() !== list.query.searchTerm) setQuery({ searchTerm: settled.trim() }, { replace: true });
    // Only a settled new text applies; the committed value is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, setQuery]);

  const rows = useMemo(
    () => (archived.data?.archivedStudents ?? []).filter((a) => !schoolId || String(a.studentData.school?.id ?? '') === schoolId),
    [archived.data, schoolId],
  );
  const chosen = rows.filter((a) => selection.selected.has(a.id));

  async function restore(items: ArchivedStudent[]) {
    const names = items.length === 1 ? archivedName(items[0]) : `these ${items.length} students`;
    const ok = await confirm({
      title: items.length === 1 ? 'Restore Student' : 'Restore Students',
      message: `Restore ${names}? They return to the active student list exactly as they were.`,
      confirmLabel: 'Restore',
      tone: 'primary',
    });
    if (!ok) return;
    setBusy(true);
    const result = await restoreChosenStudents(items.map((a) => a.id));
    setBusy(false);
    notice.report(result);
    if (result.ok) {
      selection.clear();
      archived.reload();
    }
  }

  const columns = useMemo(() => archivedColumns(), []);
  return (
    <div>
      <a
        href={ownSchool != null ? `/admin/schools/${ownSchool}/students` : '/super-admin/student-management'}
        className={buttonClass('ghost', 'sm', 'mb-2 -ml-3')}
      >
        {ownSchool != null ? '← Back to Students' : '← Back to Student Management'}
      </a>
      <ScreenHeading title="Archived Students">
        <CsvExportButton path={ARCHIVED_STUDENTS_PATH} filters={list.filters} filename="archived-students.csv" />
      </ScreenHeading>
      <div className="mb-4 space-y-2">{notice.view}</div>

      <FilterBar
        label="Filter archived students"
        onApply={() => setQuery({ searchTerm: search.trim() })}
        applyLabel="Search"
        onClear={activeFilterCount(list.query, DEFAULTS) ? list.resetQuery : undefined}
      >
        {isAdminConsole() ? null : (
          <SelectField
            label="School"
            placeholder="All Schools"
            value={schoolId}
            options={(schools ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(e) => setQuery({ schoolId: e.target.value })}
          />
        )}
        <TextField
          label="Archive Date From"
          type="date"
          value={startDate}
          max={endDate || undefined}
          onChange={(e) => setQuery({ startDate: e.target.value })}
        />
        <TextField
          label="Archive Date To"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(e) => setQuery({ endDate: e.target.value })}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Search by name, email or LRN"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </FilterBar>

      <BulkActionsBar count={chosen.length} onClear={selection.clear}>
        <Button size="sm" onClick={() => void restore(chosen)} loading={busy}>
          Restore Selected
        </Button>
      </BulkActionsBar>

      <DataTable
        caption="Archived students"
        columns={columns}
        rows={archived.data ? rows : null}
        rowKey={(a) => a.id}
        selection={{ ...selection, rowLabel: archivedName }}
        rowActions={(a) => (
          <span className="inline-flex flex-col items-stretch gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReasonOf(a)}
              aria-label={`Reason for archiving ${archivedName(a)}`}
            >
              Reason
            </Button>
            <Button size="sm" onClick={() => void restore([a])} disabled={busy} aria-label={`Restore ${archivedName(a)}`}>
              Restore
            </Button>
          </span>
        )}
        loading={archived.loading}
        error={archived.error}
        onRetry={archived.reload}
        loadingText="Loading archived students..."
        emptyText="No archived students found."
      />
      <Pager
        pagination={archived.data?.pagination}
        onPage={list.setPage}
        variant="simple"
        summary="count"
        shown={rows.length}
        noun="archived students"
      />
      <ReasonModal archived={reasonOf} onClose={() => setReasonOf(null)} />
      {dialog}
    </div>
  );
}
