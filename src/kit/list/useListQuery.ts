import { useCallback, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $page, navigate } from '../console/navigation';
import { filtersOf, nextQuery, parseQuery, serializeQuery, type ListQuery, type QueryDefaults } from './list-query';

export interface ListQueryApi<D extends QueryDefaults> {
  /** Filters typed like `defaults`, plus `page`. */
  query: ListQuery<D>;
  /** The filters without page and without '' values: what a data call or CSV export sends. */
  filters: Record<string, string | number | boolean>;
  /** A stable text of the whole state ('?action=LOGIN&page=2'): the key to reload data on. */
  key: string;
  /** Changes filters: back to page 1 unless `keepPage`; a new history entry unless `replace`. */
  setQuery: (patch: Partial<ListQuery<D>>, opts?: { replace?: boolean; keepPage?: boolean }) => void;
  /** Changes the page only (filters kept). */
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  /** Every filter back to its default, page 1. */
  resetQuery: () => void;
}

/**
 * A list's filters and page, living in the URL query of the current console route. Reload and Back
 * restore them: the state is read from `$page` (the console's router, which follows popstate), and changes go
 * through `navigate(url, { replace })` (history.pushState/replaceState + the router store).
 *
 * Pass a module-level constant as `defaults` (every filter with its "nothing chosen" value):
 *   const DEFAULTS = { action: '', startDate: '' };
 *   const list = useListQuery(DEFAULTS);
 * Parameters of the address that are not in `defaults` are kept as they are.
 */
export function useListQuery<D extends QueryDefaults>(defaults: D): ListQueryApi<D> {
  const route = useStore($page);
  const searchText = new URLSearchParams(route?.search ?? {}).toString();

  const query = useMemo(() => parseQuery(Object.fromEntries(new URLSearchParams(searchText)), defaults), [searchText, defaults]);

  const go = useCallback(
    (next: ListQuery<D>, replace = false) => {
      const current = Object.fromEntries(new URLSearchParams(location.search));
      navigate(location.pathname + serializeQuery(next, defaults, current), { replace });
    },
    [defaults],
  );

  const setQuery = useCallback<ListQueryApi<D>['setQuery']>(
    (patch, opts = {}) => go(nextQuery(query, patch, { keepPage: opts.keepPage }), opts.replace),
    [go, query],
  );
  const setPage = useCallback<ListQueryApi<D>['setPage']>(
    (page, opts = {}) => go(nextQuery(query, { page } as Partial<ListQuery<D>>), opts.replace),
    [go, query],
  );
  const resetQuery = useCallback(() => go(parseQuery({}, defaults)), [go, defaults]);

  return { query, filters: filtersOf(query), key: serializeQuery(query, defaults), setQuery, setPage, resetQuery };
}

/**
 * Local edits of filters that apply on a button ('Apply Filters', 'Search'): starts from the
 * committed values and starts over whenever they change (Back, Clear, another screen's link).
 *   const draft = useDraft(list.query);
 *   <input value={draft.values.action} onChange={(e) => draft.set({ action: e.target.value })} />
 *   <FilterBar onApply={() => list.setQuery(draft.values)} … />
 */
export function useDraft<T extends object>(committed: T): { values: T; set: (patch: Partial<T>) => void; dirty: boolean } {
  const key = JSON.stringify(committed);
  const [state, setState] = useState({ key, values: committed });
  // Re-sync while rendering (React's "adjust state when a prop changes" pattern), not in an effect.
  if (state.key !== key) setState({ key, values: committed });
  const values = state.key === key ? state.values : committed;
  const set = useCallback((patch: Partial<T>) => setState((s) => ({ ...s, values: { ...s.values, ...patch } })), []);
  return { values, set, dirty: JSON.stringify(values) !== key };
}
