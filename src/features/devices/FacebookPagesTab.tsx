import { useMemo, useState } from 'react';
import { fetchFacebookPages } from './facebook-pages-api';
import { removeFacebookPage } from './actions';
import { FACEBOOK_PAGE_MESSAGES, filterFacebookPages, pageCountLabel, type FacebookPage } from '@domain/devices/facebook-pages';
import { CardsOrTable, ErrorBanner, FilterBar, SelectField, TextField, listViewOf, ListViewSwitch } from '@kit';
import type { DeviceTabProps } from './device-tab';
import { FacebookPageCard, PAGE_COLUMNS, PageButtons } from './FacebookPageCard';
import { FacebookPageModal } from './FacebookPageModal';
import { SendTestMessageModal } from './SendTestMessageModal';
import { schoolFilterOptions, useChannelList } from './useChannelList';
import { DeviceClaims } from './DeviceClaims';
import { isAdminConsole } from '@kit/console/scope';

/** Facebook Pages tab: search (page name, page id, school name), school filter, cards/table, count, actions. */
export function FacebookPagesTab({ list, addRequest }: DeviceTabProps) {
  const channel = useChannelList<FacebookPage>({
    load: fetchFacebookPages,
    key: 'facebook-pages',
    addRequest,
    remove: removeFacebookPage,
    deleteTitle: 'Delete Facebook Page',
    deleteMessage: FACEBOOK_PAGE_MESSAGES.deleteConfirm,
  });
  const { items: pages, editing } = channel;
  const view = listViewOf(list.query);
  const shown = useMemo(
    () => filterFacebookPages(pages.data ?? [], list.query.search, list.query.schoolId),
    [pages.data, list.query.search, list.query.schoolId],
  );
  const [messaging, setMessaging] = useState<FacebookPage | null>(null);
  const actions = { onEdit: channel.open, onDelete: channel.remove, onMessage: setMessaging, deletingId: channel.deletingId };
  const state = {
    loading: pages.loading,
    error: shown.length ? null : pages.error,
    onRetry: pages.reload,
    emptyText: 'No Facebook pages found.',
  };
  return (
    <div>
      <ErrorBanner message={channel.banner} onDismiss={channel.dismissBanner} className="mb-4" />
      <FilterBar label="Search Facebook pages" actions={<ListViewSwitch list={list} />}>
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
          options={schoolFilterOptions(channel.schools.data)}
        />
      </FilterBar>
      {pages.data ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {pageCountLabel(shown.length)}
        </p>
      ) : null}
      <CardsOrTable
        view={view}
        label="Facebook pages"
        items={pages.data ? shown : null}
        itemKey={(p) => p.id}
        renderCard={(p) => <FacebookPageCard page={p} {...actions} />}
        columns={PAGE_COLUMNS}
        rowActions={(p) => <PageButtons page={p} {...actions} />}
        {...state}
      />
      {editing ? (
        <FacebookPageModal
          key={editing.n}
          page={editing.item}
          schools={channel.schools.data ?? []}
          onClose={channel.close}
          onSaved={pages.reload}
        />
      ) : null}
      {isAdminConsole() ? null : <DeviceClaims kind="FACEBOOK_PAGE" onResolved={pages.reload} />}
      {messaging ? <SendTestMessageModal page={messaging} onClose={() => setMessaging(null)} /> : null}
      {channel.dialog}
    </div>
  );
}
