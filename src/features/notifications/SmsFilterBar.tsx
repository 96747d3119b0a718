import { useState } from 'react';
import { SMS_STATUSES, SMS_TYPE_LABELS, SMS_TYPES, smsHistoryFiltersSchema } from '@domain/sms-history';
import { badgeLabel } from '@kit/display/badges';
import { validate } from '@domain/validation';
import { activeFilterCount, FilterBar, filtersOf, SelectField, TextField, useDraft, type ListQueryApi } from '@kit';

/** The filters of /super-admin/sms-history and their "nothing chosen" values. */
export const SMS_DEFAULTS = { startDate: '', endDate: '', status: '', type: '' };

/** From Date, To Date, Status, Type (in the words of the table's badge and Type column), applied by 'Apply Filters'. */
export function SmsFilterBar({ list }: { list: ListQueryApi<typeof SMS_DEFAULTS> }) {
  const draft = useDraft(list.query);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;
  const set = (patch: Partial<typeof SMS_DEFAULTS>) => {
    setErrors({});
    draft.set(patch);
  };
  const apply = () => {
    // The filters only: the draft also carries the page (a number), which the query schema reads as text.
    const checked = validate(smsHistoryFiltersSchema, filtersOf(v));
    if (!checked.ok) return setErrors(checked.errors);
    list.setQuery(v);
  };
  return (
    <FilterBar
      label="Filters"
      onApply={apply}
      applyLabel="Apply Filters"
      onClear={() => {
        setErrors({});
        list.resetQuery();
      }}
      activeCount={activeFilterCount(list.query, SMS_DEFAULTS)}
    >
      <TextField
        label="From Date"
        type="date"
        value={v.startDate}
        max={v.endDate || undefined}
        error={errors.startDate}
        onChange={(e) => set({ startDate: e.target.value })}
      />
      <TextField
        label="To Date"
        type="date"
        value={v.endDate}
        min={v.startDate || undefined}
        error={errors.endDate}
        onChange={(e) => set({ endDate: e.target.value })}
      />
      <SelectField
        label="Status"
        value={v.status}
        placeholder="All"
        options={SMS_STATUSES.map((s) => ({ value: s, label: badgeLabel('sms', s) }))}
        onChange={(e) => set({ status: e.target.value })}
      />
      <SelectField
        label="Type"
        value={v.type}
        placeholder="All"
        options={SMS_TYPES.map((t) => ({ value: t, label: SMS_TYPE_LABELS[t] }))}
        onChange={(e) => set({ type: e.target.value })}
      />
    </FilterBar>
  );
}
