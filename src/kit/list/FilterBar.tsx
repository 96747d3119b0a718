import type { FormEvent, ReactNode } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Button } from '../ui/Button';

export interface FilterBarProps {
  /** The filter controls (TextField, SelectField, plain inputs…), laid out in a responsive grid. */
  children: ReactNode;
  /** Given → an apply button (and Enter in a field applies). Leave out for filters that apply as they change. */
  onApply?: () => void;
  applyLabel?: string;
  /** Given → a clear button that returns every filter to its default. */
  onClear?: () => void;
  clearLabel?: string;
  /** Accessible name of the search region. */
  label?: string;
  /** Controls on the right of the buttons row (ViewToggle, CsvExportButton, a count…). */
  actions?: ReactNode;
  /** A card that folds: a 'Filters' header button (with `activeCount`) shows and hides the controls. */
  collapsible?: boolean;
  activeCount?: number;
  /** Collapsible only: open at first (e.g. when filters are active). */
  defaultOpen?: boolean;
}

/** The filter row of a list screen; pair it with useListQuery (+ useDraft when it has an apply button). */
export function FilterBar(props: FilterBarProps) {
  if (!props.collapsible) {
    return (
      <div className="mb-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <FilterForm {...props} />
      </div>
    );
  }
  const active = props.activeCount ?? 0;
  return (
    <Disclosure
      as="section"
      defaultOpen={props.defaultOpen}
      className="mb-4 rounded-lg border border-gray-200 bg-white shadow-sm"
    >
      {({ open }) => (
        <>
          <DisclosureButton className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-sm font-semibold text-gray-900 hover:bg-gray-50">
            <span>
              {props.label ?? 'Filters'}
              {active > 0 ? ' ' : null}
              {active > 0 ? (
                <span className="ml-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                  {active} active
                </span>
              ) : null}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`h-5 w-5 text-gray-500 transition-transform ${open ? 'rotate-180' : ''}`}
              fill="currentColor"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </DisclosureButton>
          <DisclosurePanel className="border-t border-gray-200 p-4">
            <FilterForm {...props} />
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}

function FilterForm({
  children,
  onApply,
  applyLabel = 'Apply Filters',
  onClear,
  clearLabel = 'Clear Filters',
  label = 'Filters',
  actions,
}: FilterBarProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply?.();
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      {onApply || onClear || actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap gap-2">
            {onApply ? <Button type="submit">{applyLabel}</Button> : null}
            {onClear ? (
              <Button variant="secondary" onClick={onClear}>
                {clearLabel}
              </Button>
            ) : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
    </form>
  );
}
