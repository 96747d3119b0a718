import { useState } from 'react';
import { LOG_USER_TYPES, logFiltersSchema, type LogFilterOptions } from '@domain/system-logs';
import { validate } from '@domain/validation';
import { logActionLabel } from '@domain/log-actions';
import { activeFilterCount, DateRangeFields, FilterBar, SelectField, TextField, useDraft, type ListQueryApi } from '@kit';

/** The list's filters and their "nothing chosen" values (URL query of /super-admin/system-logs). */
export const LOG_DEFAULTS = { action: '', entity: '', startDate: '', endDate: '', userType: '', userId: '' };

const USER_TYPE_LABELS: Record<(typeof LOG_USER_TYPES)[number], string> = {
  superAdmin: 'Super Admin',
  admin: 'Admin',
  student: 'Student',
};

/** Choices from the log, plus the current value when it is not among them (an old link); `label` names one. */
const choices = (values: string[] | undefined, current: string, label: (v: string) => string = (v) => v) =>
  [...new Set([...(values ?? []), ...(current ? [current] : [])])].map((v) => ({ value: v, label: label(v) }));

/** System Logs: the collapsible filter card (action, entity, date range, user type + user id). */
export function LogFilterCard({ list, options }: { list: ListQueryApi<typeof LOG_DEFAULTS>; options: LogFilterOptions | null }) {
  const draft = useDraft(list.query);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;
  const set = (patch: Partial<typeof LOG_DEFAULTS>) => {
    setErrors({});
    draft.set(patch);
  };

  const apply = () => {
    const checked = validate(logFiltersSchema, v);
    if (!checked.ok) return setErrors(checked.errors);
    list.setQuery(v.userType ? v : { ...v, userId: '' });
  };
  const clear = () => {
    setErrors({});
    list.resetQuery();
  };
  const active = activeFilterCount(list.query, LOG_DEFAULTS);

  return (
    <FilterBar collapsible defaultOpen={active > 0} activeCount={active} label="Filters" onApply={apply} onClear={clear}>
      <SelectField
        label="Action"
        value={v.action}
        placeholder="All actions"
        options={choices(options?.actions, v.action, logActionLabel)}
        onChange={(e) => set({ action: e.target.value })}
      />
      <SelectField
        label="Entity"
        value={v.entity}
        placeholder="All entities"
        options={choices(options?.entities, v.entity)}
        onChange={(e) => set({ entity: e.target.value })}
      />
      <DateRangeFields startDate={v.startDate} endDate={v.endDate} errors={errors} onChange={set} />
      <SelectField
        label="User Type"
        value={v.userType}
        placeholder="Any user"
        options={LOG_USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))}
        error={errors.userType}
        onChange={(e) => set({ userType: e.target.value, ...(e.target.value ? {} : { userId: '' }) })}
      />
      <TextField
        label="User ID"
        inputMode="numeric"
        value={v.userId}
        disabled={!v.userType}
        hint={v.userType ? undefined : 'Choose a user type first'}
        error={errors.userId}
        onChange={(e) => set({ userId: e.target.value })}
      />
    </FilterBar>
  );
}
