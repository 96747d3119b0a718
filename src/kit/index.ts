/**
 * The console kit: every list screen is built from these pieces, so lists behave alike and screens stay small.
 *
 * LIST STATE IN THE URL (reload and Back keep it; spec §4 Paging)
 *   const DEFAULTS = { action: '', startDate: '', view: 'table' };        // module-level constant
 *   const list = useListQuery(DEFAULTS);   // { query (+page), filters, key, setQuery, setPage, resetQuery }
 *   list.setQuery({ action: 'LOGIN' });    // filter change → page 1, new history entry
 *   list.setPage(3);                       // filters kept
 *   list.setQuery({ view }, { keepPage: true, replace: true });   // not a filter
 *   const draft = useDraft(list.query);    // edits applied by a button: draft.values / draft.set / list.setQuery(draft.values)
 *   Pure rules: parseQuery / serializeQuery / nextQuery / filtersOf / activeFilterCount (list-query.ts).
 *
 * DATA
 *   const res = useListResource((signal) => fetchThings(list.query, signal), list.key);  // { data, loading, error, reload }
 *   (stale requests are aborted; pass `signal` to ky). Lists paged in the browser: pageOfItems(items, page, limit).
 *
 * LAYOUT
 *   <FilterBar onApply onClear actions collapsible activeCount defaultOpen>…controls…</FilterBar>
 *   <DataTable caption columns={[{ header, cell, className }]} rows rowKey rowActions loading error emptyText />
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
 * Import from here: `import { DataTable, Pager, useListQuery } from '@kit';`
 */
export * from './list-query';
export * from './useListQuery';
export * from './useListResource';
export * from './useKeysetCursor';
export * from './paging';
export * from './Pager';
export * from './badges';
export * from './StatusBadge';
export * from './states';
export * from './DataTable';
export * from './CardGrid';
export * from './ViewToggle';
export * from './CardsOrTable';
export * from './FormDialog';
export * from './FilterBar';
export * from './ImageOverlay';
export * from './Avatar';
export * from './CsvExportButton';
export * from './ui/Button';
export * from './ui/Modal';
export * from './ConfirmDialog';
export * from './SuccessOverlay';
export * from './ui/ErrorBanner';
export * from './ui/FormField';
export * from './useRowSelection';
export * from './useDebouncedValue';
export * from './Breadcrumb';
export * from './ProgressBar';
export * from './ActionNotice';
export { tabClass } from './tabs';
export { useFormState, type FormState } from './useFormState';
