import { useId, useState } from 'react';
import { controlClass } from '@kit';

/**
 * A secret input (API key, page token): masked, with Show/Hide. On an edit the stored secret is not in the
 * form; 'Show' first asks the admin's own password (in this dialog) and fetches the secret with it (an audited
 * call), so an admin can check or copy it and a session left open cannot read it.
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
  /** Edit only: loads the stored secret into the field, given the admin's password. */
  fetchStored?: (password: string) => Promise<string>;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');

  function toggle() {
    setFailure(null);
    if (!shown && !value && fetchStored) {
      setAsking(true);
      return;
    }
    setShown((s) => !s);
  }

  async function reveal() {
    if (!fetchStored) return;
    if (!password) {
      setFailure('Your password is required');
      return;
    }
    setFailure(null);
    setLoading(true);
    try {
      onChange(await fetchStored(password));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Could not load the stored value');
      setLoading(false);
      return;
    }
    setLoading(false);
    setAsking(false);
    setPassword('');
    setShown(true);
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
          onClick={toggle}
          disabled={disabled || loading}
          className="flex-none rounded-md border border-gray-300 px-3 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50"
          aria-label={shown ? `Hide ${label}` : `Show ${label}`}
        >
          {loading ? '…' : shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {asking ? (
        <div className="mt-2 flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor={`${id}-password`} className="mb-1 block text-xs font-medium text-gray-700">
              Your password (to reveal the {label})
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={loading}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void reveal();
                }
              }}
              aria-invalid={failure ? true : undefined}
              aria-describedby={`${id}-note`}
              className={controlClass(!!failure)}
            />
          </div>
          <button
            type="button"
            onClick={() => void reveal()}
            disabled={loading}
            className="flex-none rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50"
          >
            {loading ? '…' : 'Reveal'}
          </button>
        </div>
      ) : null}
      <p id={`${id}-note`} className={`mt-1 text-xs ${message ? 'text-red-600' : 'text-gray-500'}`}>
        {message ?? hint}
      </p>
    </div>
  );
}
