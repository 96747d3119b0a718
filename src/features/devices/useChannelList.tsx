import { useEffect, useState, type ReactNode } from 'react';
import { fetchSchools } from '@features/schools';
import type { ActionResult } from '@kit/form/action';
import { useConfirm, useListResource, type ListResource } from '@kit';
import type { School } from '@domain/schools';

/**
 * What the two delivery-channel tabs (SMS devices, Facebook pages) share: the list and the schools for its filter
 * and dialog, the add/edit dialog's state (a fresh dialog per opening, opened by the header's Add button too), the
 * confirmed delete with its busy row, and the dismissible banner that shows a failed load or delete.
 */
export function useChannelList<T extends { id: number }>(opts: {
  load: (signal: AbortSignal) => Promise<T[]>;
  key: string;
  addRequest: number;
  remove: (id: number) => Promise<ActionResult<unknown>>;
  deleteTitle: string;
  deleteMessage: string;
}): {
  items: ListResource<T[]>;
  schools: ListResource<School[]>;
  editing: { item: T | null; n: number } | null;
  open: (item: T | null) => void;
  close: () => void;
  deletingId: number | null;
  remove: (item: T) => void;
  banner: string | null;
  dismissBanner: () => void;
  dialog: ReactNode;
} {
  const items = useListResource(opts.load, opts.key);
  const schools = useListResource((signal) => fetchSchools(undefined, signal), 'schools');
  const [editing, setEditing] = useState<{ item: T | null; n: number } | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    if (opts.addRequest > 0) setEditing({ item: null, n: Date.now() });
  }, [opts.addRequest]);
  // A failed load goes in the dismissible banner as well, until the next load.
  useEffect(() => setBanner(items.error), [items.error]);

  async function remove(item: T) {
    if (!(await confirm({ title: opts.deleteTitle, message: opts.deleteMessage, confirmLabel: 'Delete' }))) return;
    setDeletingId(item.id);
    const result = await opts.remove(item.id);
    setDeletingId(null);
    if (result.ok) items.reload();
    else setBanner(result.message);
  }

  return {
    items,
    schools,
    editing,
    open: (item) => setEditing({ item, n: Date.now() }),
    close: () => setEditing(null),
    deletingId,
    remove: (item) => void remove(item),
    banner,
    dismissBanner: () => setBanner(null),
    dialog,
  };
}

/** The school filter of a channel list ('All Schools' and every school). */
export const schoolFilterOptions = (schools: School[] | null) => [
  { value: '', label: 'All Schools' },
  ...(schools ?? []).map((s) => ({ value: String(s.id), label: s.name })),
];
