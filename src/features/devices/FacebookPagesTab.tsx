import { useEffect, useMemo, useState } from 'react';
import { fetchFacebookPages } from './facebook-pages-api';
import { fetchSchools } from '@features/schools';
import { removeFacebookPage } from './store';
import { FACEBOOK_PAGE_MESSAGES, filterFacebookPages, pageCountLabel, type FacebookPage } from '@domain/facebook-pages';
import {
  CardGrid,
  DataTable,
  ErrorBanner,
  FilterBar,
  SelectField,
  TextField,
  useConfirm,
  useListResource,
  ViewToggle,
  type ListView,
} from '@kit';
import type { DeviceTabProps } from './DeviceManagementScreen';
import { FacebookPageCard, PAGE_COLUMNS, PageButtons } from './FacebookPageCard';
import { FacebookPageModal } from './FacebookPageModal';
import { SendTestMessageModal } from './SendTestMessageModal';

type Editing = { page: FacebookPage | null; n: number } | null;

/** Spec §2 Facebook Pages tab: search (page name, page id, school name), school filter, cards/table, count, actions. */
export function FacebookPagesTab({ list, addRequest }: DeviceTabProps) {
  const pages = useListResource(fetchFacebookPages, 'facebook-pages');
  const schools = useListResource((signal) => fetchSchools(undefined, signal), 'schools');
  const view: ListView = list.query.view === 'table' ? 'table' : 'cards';
  const shown = useMemo(
    () => filterFacebookPages(pages.data ?? [], list.query.search, list.query.schoolId),
    [pages.data, list.query.search, list.query.schoolId],
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [messaging, setMessaging] = useState<FacebookPage | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    if (addRequest > 0) setEditing({ page: null, n: Date.now() });
  }, [addRequest]);
  useEffect(() => setBanner(pages.error), [pages.error]);

  async function remove(page: FacebookPage) {
    if (
      !(await confirm({ title: 'Delete Facebook Page', message: FACEBOOK_PAGE_MESSAGES.deleteConfirm, confirmLabel: 'Delete' }))
    )
      return;
    setDeletingId(page.id);
    const result = await removeFacebookPage(page.id);
    setDeletingId(null);
    if (result.ok) pages.reload();
    else setBanner(result.message);
  }

  const actions = {
    onEdit: (p: FacebookPage) => setEditing({ page: p, n: Date.now() }),
    onDelete: (p: FacebookPage) => void remove(p),
    onMessage: setMessaging,
    deletingId,
  };
  const state = {
    loading: pages.loading,
    error: shown.length ? null : pages.error,
    onRetry: pages.reload,
    emptyText: 'No Facebook pages found.',
  };
  return (
    <div>
      <ErrorBanner message={banner} onDismiss={() => setBanner(null)} className="mb-4" />
      <FilterBar
        label="Search Facebook pages"
        actions={<ViewToggle value={view} onChange={(v) => list.setQuery({ view: v }, { keepPage: true, replace: true })} />}
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Page name, page ID or school"
          value={list.query.search}
          onChange={(e) => list.setQuery({ search: e.target.value }, { replace: true })}
        />
        <SelectField
          label="School"
          value={list.query.schoolId}
          onChange={(e) => list.setQuery({ schoolId: e.target.value })}
          options={[
            { value: '', label: 'All Schools' },
            ...(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
      </FilterBar>
      {pages.data ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {pageCountLabel(shown.length)}
        </p>
      ) : null}
      {view === 'cards' ? (
        <CardGrid
          label="Facebook pages"
          items={pages.data ? shown : null}
          itemKey={(p) => p.id}
          renderCard={(p) => <FacebookPageCard page={p} {...actions} />}
          {...state}
        />
      ) : (
        <DataTable
          caption="Facebook pages"
          columns={PAGE_COLUMNS}
          rows={pages.data ? shown : null}
          rowKey={(p) => p.id}
          rowActions={(p) => <PageButtons page={p} {...actions} />}
          {...state}
        />
      )}
      {editing ? (
        <FacebookPageModal
          key={editing.n}
          page={editing.page}
          schools={schools.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={pages.reload}
        />
      ) : null}
      {messaging ? <SendTestMessageModal page={messaging} onClose={() => setMessaging(null)} /> : null}
      {dialog}
    </div>
  );
}
