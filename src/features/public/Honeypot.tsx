import { HONEYPOT_FIELD } from '@domain/public-forms';

/**
 * The public forms' bot trap: a text field off screen, out of the tab order and hidden from assistive
 * technology, so people leave it empty and form-filling bots do not (the server then stores nothing).
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Website (leave empty)
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}
