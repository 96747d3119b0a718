import { useId, useState } from 'react';
import { controlClass } from '@kit';

/**
 * A secret input (API key, page token): masked, with Show/Hide. On an edit the stored secret is not in the
 * form; 'Show' first fetches it (an audited call), so an admin can check or copy it.
 */
export function SecretField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
  fetchStored,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** Edit only: loads the stored secret into the field. */
  fetchStored?: () => Promise<string>;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function toggle() {
    setFailure(null);
    if (!shown && !value && fetchStored) {
      setLoading(true);
      try {
        onChange(await fetchStored());
      } catch (err) {
        setFailure(err instanceof Error ? err.message : 'Could not load the stored value');
        setLoading(false);
        return;
      }
      setLoading(false);
    }
    setShown((s) => !s);
  }

  const message = error ?? failure ?? undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {' *'}
          </span>
        ) : null}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-note`}
          aria-required={required || undefined}
          className={`${controlClass(!!message)} font-mono`}
        />
        <button
          type="button"
          onClick={() => void toggle()}
          disabled={disabled || loading}
          className="flex-none rounded-md border border-gray-300 px-3 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50"
          aria-label={shown ? `Hide ${label}` : `Show ${label}`}
        >
          {loading ? '…' : shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <p id={`${id}-note`} className={`mt-1 text-xs ${message ? 'text-red-600' : 'text-gray-500'}`}>
        {message ?? hint}
      </p>
    </div>
  );
}
