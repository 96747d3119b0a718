/**
 * The console kit: every list screen is built from these pieces, so lists behave alike and screens stay small.
 *
 * LIST STATE IN THE URL (reload and Back keep it)
 *   const DEFAULTS = { action: '', startDate: '', view: 'table' };        // module-level constant
 *   const list = useListQuery(DEFAULTS);   // { query (+page), filters, key, setQuery, setPage, resetQuery }
 *   list.setQuery({ action: 'LOGIN' });    // filter change → page 1, new history entry
 *   list.setPage(3);                       // filters kept
 *   list.setQuery({ view }, { keepPage: true, replace: true });   // not a filter
 *   const draft = useDraft(list.query);    // edits applied by a button: draft.values / draft.set / list.setQuery(draft.values)
 *   Pure rules: parseQuery / serializeQuery / nextQuery / filtersOf / activeFilterCount / clearDependents (a school's
 *   grade and section cleared with it) (list/list-query.ts).
 *
 * DATA
 *   const res = useListResource((signal) => fetchThings(list.query, signal), list.key);  // { data, loading, error, reload }
 *   (stale requests are aborted; pass `signal` to ky). Lists paged in the browser: pageOfItems(items, page, limit).
 *
 * LAYOUT
 *   <FilterBar onApply onClear actions collapsible activeCount defaultOpen>…controls…</FilterBar>
 *   <DateShortcuts today onPick={({ startDate, endDate }) => …} />  (Today / This month / Last month, inside a FilterBar)
 *   <DataTable caption columns={[{ header, cell, className }]} rows rowKey rowActions loading error emptyText />
 *   (a row's further actions, destructive ones included, behind <RowMenu label items /> from '@kit/list/RowMenu')
 *   <CardGrid label items itemKey renderCard loading error emptyText />  + <ViewToggle value onChange />
 *   <Pager pagination onPage={list.setPage} variant="firstLast|ellipsis|simple" summary="range|count|page" noun shown />
 *   <StatusBadge kind="sms|active|attendance|order|device|logAction" value={…} />  (rules: badgeTone/badgeLabel)
 *   <EmptyState> <LoadingState rows label> <ErrorState message onRetry> ('Error: {message}')
 *   <ZoomableImage src alt>{thumbnail}</ZoomableImage> / <ImageOverlay src alt onClose>
 *   <Avatar src firstName lastName size> (picture or initials); usePictureInput(check) + <PictureField …> (chooser with preview)
 *   <CsvExportButton path="super-admin/things" filters={list.filters} filename="things.csv" />  (whole filtered list)
 *   Bulk actions: const selection = useRowSelection(list.key);  <DataTable selection={{ ...selection, rowLabel }} …/>
 *   (a checkbox column; the choice starts over with another page or other filters)
 *   <BulkActionsBar count onClear>{buttons}</BulkActionsBar>; const notice = useActionNotice(); notice.report(result); {notice.view}
 *   useDebouncedValue(value, 500) (search as you type); <Breadcrumb items={[{ label, href }]} />; <ProgressBar value max label />
 *
 * DIALOGS AND FORMS: Modal, ConfirmDialog/useConfirm, SuccessOverlay, ErrorBanner, TextField/SelectField…, Button.
 *   Where staff type an SMS: hint={<SmsCounter text={message} maxParts={3} />} (from '@kit/form/SmsCounter': only the
 *   dialogs that need it load the SMS rules).
 * Import from here: `import { DataTable, Pager, useListQuery } from '@kit';`
 *
 * FOLDERS: list/ (list state, data, tables, cards, paging, CSV), form/ (form dialogs, confirmations, action results),
 * display/ (badges, avatar, headings, icons), hooks/, text/ (formatting, mailto links; the public site may use them),
 * ui/ (parts the public site shares), console/ (which console, its permissions, navigation). http.ts is the one ky
 * client, live.ts the socket, cookies.ts the readable cookies.
 */
export * from './list/list-query';
export * from './list/useListQuery';
export * from './list/useListResource';
export * from './list/useKeysetCursor';
export * from './list/paging';
export * from './list/Pager';
export * from './display/badges';
export * from './display/StatusBadge';
export * from './list/states';
export * from './list/DataTable';
export * from './list/CardGrid';
export * from './list/ViewToggle';
export * from './list/CardsOrTable';
export * from './form/FormDialog';
export * from './list/FilterBar';
export * from './list/DateShortcuts';
export * from './display/ImageOverlay';
export * from './display/Avatar';
export * from './list/CsvExportButton';
export * from './ui/Button';
export * from './ui/Modal';
export * from './form/ConfirmDialog';
export * from './form/SuccessOverlay';
export * from './ui/ErrorBanner';
export * from './ui/FormField';
export * from './list/useRowSelection';
export * from './hooks/useDebouncedValue';
export * from './display/Breadcrumb';
export * from './display/ProgressBar';
export * from './form/ActionNotice';
export { tabClass } from './display/tabs';
export { useFormState, type FormState } from './form/useFormState';
