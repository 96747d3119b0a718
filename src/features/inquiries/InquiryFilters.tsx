import type { ChangeEvent } from 'react';
import { INQUIRY_DEFAULT_PAGE_SIZE, INQUIRY_PAGE_SIZES } from './inquiry-list';
import { FilterBar, SelectField, TextField, type ListQueryApi } from '@kit';

/** The list's URL query (filter state: email, subject, startDate, endDate, page, limit). */
export const INQUIRY_DEFAULTS = { email: '', subject: '', startDate: '', endDate: '', limit: INQUIRY_DEFAULT_PAGE_SIZE };

type Key = keyof typeof INQUIRY_DEFAULTS;
const PAGE_SIZE_OPTIONS = INQUIRY_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }));

/** Email, subject, From Date, To Date, items per page, 'Clear Filters'; each applies as it changes. */
export function InquiryFilters({ list, limit }: { list: ListQueryApi<typeof INQUIRY_DEFAULTS>; limit: number }) {
  const q = list.query;
  // Typing replaces the history entry (Back does not step through every letter); other changes push one.
  const set =
    (key: Key, replace = false) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      list.setQuery({ [key]: key === 'limit' ? Number(e.target.value) : e.target.value }, { replace });

  return (
    <FilterBar label="Filter inquiries" onClear={list.resetQuery}>
      <TextField label="Email" type="search" placeholder="Filter by email" value={q.email} onChange={set('email', true)} />
      <TextField
        label="Subject"
        type="search"
        placeholder="Filter by subject"
        value={q.subject}
        onChange={set('subject', true)}
      />
      <TextField label="From Date" type="date" value={q.startDate} max={q.endDate || undefined} onChange={set('startDate')} />
      <TextField label="To Date" type="date" value={q.endDate} min={q.startDate || undefined} onChange={set('endDate')} />
      <SelectField label="Items per page" options={PAGE_SIZE_OPTIONS} value={limit} onChange={set('limit')} />
    </FilterBar>
  );
}
