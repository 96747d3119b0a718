/*
 * URL query ↔ list state, as pure functions (no DOM, no router): useListQuery builds on these.
 * A list's state is its `defaults` object (every filter with its "nothing chosen" value) plus `page`.
 * Values equal to their default are left out of the URL, so a clean list has a clean address.
 */

export type QueryValue = string | number | boolean;
export type QueryDefaults = Record<string, QueryValue>;
/** The state of a list: its filters (typed like their defaults) and the page (1-based). */
export type ListQuery<D extends QueryDefaults> = {
  [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : string;
} & {
  page: number;
};

function coerce(raw: string | undefined, fallback: QueryValue): QueryValue {
  if (raw === undefined) return fallback;
  if (typeof fallback === 'number') {
    const n = Number(raw.trim());
    return raw.trim() !== '' && Number.isFinite(n) ? n : fallback;
  }
  if (typeof fallback === 'boolean') return raw === 'true' || raw === '1';
  return raw;
}

/** Reads a list's state from the URL search (as @nanostores/router gives it); junk falls back to the defaults. */
export function parseQuery<D extends QueryDefaults>(search: Record<string, string | undefined>, defaults: D): ListQuery<D> {
  const out: Record<string, QueryValue> = {};
  for (const [key, fallback] of Object.entries(defaults)) out[key] = coerce(search[key], fallback);
  const page = Number.parseInt(search.page ?? '', 10);
  out.page = Number.isFinite(page) && page >= 1 ? page : 1;
  return out as ListQuery<D>;
}

/**
 * '?a=1&b=x' for a state: the keys of `defaults` in their order (values equal to the default and ''
 * omitted), then page when > 1, then `keep` (other parameters of the address, kept as they were).
 * '' when nothing is left.
 */
export function serializeQuery<D extends QueryDefaults>(
  values: Partial<ListQuery<D>>,
  defaults: D,
  keep: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, fallback] of Object.entries(defaults)) {
    const v = (values as Record<string, QueryValue | undefined>)[key];
    if (v === undefined || v === '' || v === fallback) continue;
    params.set(key, String(v));
  }
  if (values.page && values.page > 1) params.set('page', String(Math.floor(values.page)));
  for (const [key, v] of Object.entries(keep)) {
    if (key in defaults || key === 'page' || v === undefined) continue;
    params.set(key, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The state after a change: a change of any filter returns to page 1; a change of
 * the page alone keeps the filters; `keepPage` keeps the page for changes that are not filters
 * (e.g. the cards/table view). A patch may carry the current page along (a whole draft): only a
 * different page counts as a page change. The page is never below 1.
 */
export function nextQuery<D extends QueryDefaults>(
  current: ListQuery<D>,
  patch: Partial<ListQuery<D>>,
  opts: { keepPage?: boolean } = {},
): ListQuery<D> {
  const merged = { ...current, ...patch } as ListQuery<D>;
  const filterChanged = Object.keys(patch).some(
    (k) => k !== 'page' && (patch as Record<string, unknown>)[k] !== (current as Record<string, unknown>)[k],
  );
  const pageChanged = patch.page !== undefined && patch.page !== current.page;
  const page = pageChanged ? patch.page! : filterChanged && !opts.keepPage ? 1 : current.page;
  return { ...merged, page: Math.max(1, Math.floor(page)) };
}

/** How many filters differ from their defaults (for 'Filters (2)' on a collapsed filter card). */
export function activeFilterCount<D extends QueryDefaults>(
  values: ListQuery<D>,
  defaults: D,
  ignore: Array<keyof D> = [],
): number {
  return Object.entries(defaults).filter(
    ([k, fallback]) =>
      !ignore.includes(k) &&
      (values as Record<string, QueryValue>)[k] !== fallback &&
      (values as Record<string, QueryValue>)[k] !== '',
  ).length;
}

/** The filters only (no page): what a data call or a CSV export sends; '' values left out. */
export function filtersOf<D extends QueryDefaults>(values: ListQuery<D>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(values)) if (k !== 'page' && v !== '') out[k] = v;
  return out;
}

/**
 * A filter change with the filters that hang on it cleared: a school's grade and section, a grade's section.
 *   clearDependents({ gradeId: '3' }, { schoolId: ['gradeId', 'sectionId'], gradeId: ['sectionId'] })
 *   // → { gradeId: '3', sectionId: '' }
 * A dependent the patch sets itself keeps that value (a link that sets grade and section together).
 */
export function clearDependents<T extends Record<string, QueryValue>>(
  patch: Partial<T>,
  dependents: Partial<Record<keyof T, ReadonlyArray<keyof T>>>,
): Partial<T> {
  const out: Record<string, QueryValue | undefined> = { ...patch };
  for (const key of Object.keys(patch)) {
    for (const dep of dependents[key as keyof T] ?? []) if (!(dep in patch)) out[dep as string] = '';
  }
  return out as Partial<T>;
}
