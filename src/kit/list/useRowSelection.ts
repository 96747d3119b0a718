import { useCallback, useState } from 'react';

export type RowKey = string | number;

export interface RowSelection {
  /** The keys of the chosen rows. */
  selected: ReadonlySet<RowKey>;
  /** Replaces the choice (DataTable's `selection.onChange` fits). */
  setSelected: (next: ReadonlySet<RowKey>) => void;
  clear: () => void;
}

/**
 * The rows chosen for a bulk action. The choice starts over when `resetKey` changes (another page or
 * other filters), so a bulk action never touches rows the user can no longer see.
 *   const selection = useRowSelection(list.key);
 *   <DataTable selection={{ ...selection, rowLabel: (s) => fullName(s) }} … />
 */
export function useRowSelection(resetKey: string): RowSelection {
  const [state, setState] = useState<{ key: string; selected: ReadonlySet<RowKey> }>({ key: resetKey, selected: new Set() });
  // Re-sync while rendering (React's "adjust state when a prop changes" pattern), as useDraft does.
  if (state.key !== resetKey) setState({ key: resetKey, selected: new Set() });
  const selected = state.key === resetKey ? state.selected : new Set<RowKey>();
  const setSelected = useCallback((next: ReadonlySet<RowKey>) => setState((s) => ({ ...s, selected: next })), []);
  const clear = useCallback(() => setState((s) => ({ ...s, selected: new Set() })), []);
  return { selected, setSelected, clear };
}

/** The choice after ticking or unticking `keys` (one row, or every row of the page). */
export function toggleKeys(selected: ReadonlySet<RowKey>, keys: readonly RowKey[], on: boolean): Set<RowKey> {
  const next = new Set(selected);
  for (const k of keys) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}
