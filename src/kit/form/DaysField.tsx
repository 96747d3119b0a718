import type { ReactNode } from 'react';
import { CheckboxField } from '../ui/FormField';

/**
 * A set of days as checkboxes (ISO weekdays 1–7 by default, in `labels`' order): a school's class days. `value` is
 * kept sorted; `hint` under the legend, `error` under the boxes.
 */
export function DaysField({
  legend,
  labels,
  value,
  onChange,
  hint,
  error,
}: {
  legend: string;
  labels: readonly string[];
  value: readonly number[];
  onChange: (days: number[]) => void;
  hint?: ReactNode;
  error?: string;
}) {
  const toggle = (day: number) =>
    onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day].sort((a, b) => a - b));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-gray-900">{legend}</legend>
      {hint ? <p className="mb-2 text-sm text-gray-600">{hint}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {labels.map((label, i) => (
          <CheckboxField key={label} label={label} checked={value.includes(i + 1)} onChange={() => toggle(i + 1)} />
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}
