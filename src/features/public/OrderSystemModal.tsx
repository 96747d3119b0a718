import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { CancelButton, Modal } from '@kit/ui/Modal';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { TextAreaField, TextField } from '@kit/ui/FormField';
import { submitOrder } from './forms-api';
import { ORDER_MESSAGES, ORDER_NOTES_MAX, orderSchema } from '@domain/systems/orders';
import { HONEYPOT_FIELD } from '@domain/public-forms';
import type { System } from '@domain/systems';
import { validate } from '@domain/validation';
import { Honeypot } from './Honeypot';

/** The form inside the modal; keyed by the system, so every order starts empty. */
function OrderForm({ system, onClose }: { system: System; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState('');
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The Submit button that had focus is gone once the order is sent: focus goes to Close, not to the page.
  useEffect(() => {
    if (success) closeButton.current?.focus();
  }, [success]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    // Nothing is sent while the email is missing or fails the basic pattern.
    const check = validate(orderSchema, { email, systemId: system.id, additionalNotes: notes });
    if (!check.ok) {
      setError(Object.values(check.errors)[0] ?? ORDER_MESSAGES.submitFailed);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await submitOrder({ email: email.trim(), systemId: system.id, additionalNotes: notes.trim() || null, [HONEYPOT_FIELD]: trap });
      setSuccess(ORDER_MESSAGES.submitted);
    } catch {
      setError(ORDER_MESSAGES.submitFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const summary = (
    <div className="rounded-lg bg-gray-50 p-4">
      <h3 className="font-semibold text-gray-900">{system.name}</h3>
      <p className="mt-1 line-clamp-4 whitespace-pre-line text-sm text-gray-600">{system.description}</p>
    </div>
  );

  // Once sent, the form is gone: nothing left to click twice (a second order would be a duplicate).
  if (success) {
    return (
      <div className="space-y-4">
        {summary}
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {success}
        </p>
        <div className="flex justify-end pt-2">
          <Button ref={closeButton} onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {summary}
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@school.edu.ph"
        data-autofocus
      />
      <TextAreaField
        label="Additional Notes"
        name="additionalNotes"
        rows={4}
        maxLength={ORDER_NOTES_MAX}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        placeholder="Number of schools, gates or readers, preferred schedule…"
      />
      <Honeypot value={trap} onChange={setTrap} />
      <ErrorBanner message={error} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <CancelButton />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Order'}
        </Button>
      </div>
    </form>
  );
}

/** The 'Order System' modal of the public catalogue: open while `system` is set. */
export function OrderSystemModal({ system, onClose }: { system: System | null; onClose: () => void }) {
  return (
    <Modal open={system !== null} onClose={onClose} title="Order System">
      {system ? <OrderForm key={system.id} system={system} onClose={onClose} /> : null}
    </Modal>
  );
}
