import { useCallback, useState, type ChangeEvent } from 'react';
import type { ActionResult } from './action';

/**
 * A console form's state: values, field messages (a field's message goes as soon as it is edited),
 * the banner message, and the saving flag around one action.
 */
export function useFormState<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = useCallback((patch: Partial<T>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const keys = Object.keys(patch).filter((k) => e[k]);
      if (keys.length === 0) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  }, []);

  /** Props for a TextField/SelectField/TextAreaField bound to a text field. */
  const bind = (key: keyof T & string) => ({
    name: key,
    value: String(values[key] ?? ''),
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set({ [key]: e.target.value } as Partial<T>),
  });

  /** Runs a save action once at a time; field messages and the banner come from its result. */
  async function submit<R>(action: () => Promise<ActionResult<R>>): Promise<ActionResult<R> | null> {
    if (saving) return null;
    setSaving(true);
    setMessage(null);
    const result = await action();
    setSaving(false);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage(result.message);
    }
    return result;
  }

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
    setMessage(null);
  }, []);

  return { values, errors, message, saving, set, bind, submit, reset, setErrors, setMessage };
}

export type FormState<T extends object> = ReturnType<typeof useFormState<T>>;
