import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldBase {
  label: ReactNode;
  /** The field's message (from `validate()` or the API's `errors`); marks the control invalid. */
  error?: string | null;
  /** Help text under the control (e.g. 'JPG, PNG or GIF. Max 2MB.'). */
  hint?: ReactNode;
  /** Shows a '*' after the label and sets aria-required (the form validates; no native bubbles). */
  required?: boolean;
  className?: string;
}

/** Wires label, hint and error to a control by id: htmlFor, aria-invalid, aria-describedby. */
function useFieldIds(id: string | undefined, error?: string | null, hint?: ReactNode) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return {
    fieldId,
    hintId,
    errorId,
    aria: { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

function FieldFrame({
  fieldId,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  className = '',
  children,
}: FieldBase & { fieldId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Classes of a text-like control; red border when invalid, grey when disabled. */
export const controlClass = (invalid?: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 disabled:bg-gray-100 disabled:text-gray-500 ${
    invalid ? 'border-red-500 focus:ring-red-500' : 'border-gray-300 focus:border-brand-600 focus:ring-brand-600'
  }`;

type InputProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'required'>;
export function TextField({ label, error, hint, required, className, id, ...input }: InputProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint);
  return (
    <FieldFrame {...{ fieldId, hintId, errorId, label, error, hint, required, className }}>
      <input {...input} {...aria} aria-required={required || undefined} className={controlClass(!!error)} />
    </FieldFrame>
  );
}

type TextAreaProps = FieldBase &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'required'> & {
    /** The textarea itself (e.g. to insert at the caret). */
    ref?: Ref<HTMLTextAreaElement>;
  };
export function TextAreaField({ label, error, hint, required, className, id, rows = 4, ...input }: TextAreaProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint);
  return (
    <FieldFrame {...{ fieldId, hintId, errorId, label, error, hint, required, className }}>
      <textarea rows={rows} {...input} {...aria} aria-required={required || undefined} className={controlClass(!!error)} />
    </FieldFrame>
  );
}

type SelectProps = FieldBase &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'required'> & {
    options: Array<{ value: string | number; label: string; disabled?: boolean }>;
    /** A first, empty choice such as 'Select a school'. */
    placeholder?: string;
  };
export function SelectField({ label, error, hint, required, className, id, options, placeholder, ...select }: SelectProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint);
  return (
    <FieldFrame {...{ fieldId, hintId, errorId, label, error, hint, required, className }}>
      <select {...select} {...aria} aria-required={required || undefined} className={controlClass(!!error)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A labelled checkbox (Active, school days…). */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
      />
      {label}
    </label>
  );
}

/** A From/To pair of date filters ('YYYY-MM-DD'), each bounded by the other. */
export function DateRangeFields({
  labels = ['Start Date', 'End Date'],
  startDate,
  endDate,
  errors = {},
  onChange,
}: {
  labels?: [string, string];
  startDate: string;
  endDate: string;
  errors?: Record<string, string>;
  onChange: (patch: { startDate?: string; endDate?: string }) => void;
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="date"
        value={startDate}
        max={endDate || undefined}
        error={errors.startDate}
        onChange={(e) => onChange({ startDate: e.target.value })}
      />
      <TextField
        label={labels[1]}
        type="date"
        value={endDate}
        min={startDate || undefined}
        error={errors.endDate}
        onChange={(e) => onChange({ endDate: e.target.value })}
      />
    </>
  );
}
