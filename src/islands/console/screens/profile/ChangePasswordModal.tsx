import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Modal } from '../../kit/Modal';
import { Button } from '../../kit/Button';
import { TextField } from '../../kit/FormField';
import { ErrorBanner } from '../../kit/ErrorBanner';
import { SuccessOverlay, SUCCESS_MS } from '../../kit/SuccessOverlay';
import { changeOwnPassword, type PasswordForm } from '../../../../client/stores/profile';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §2 Profile "Change Password" modal; success shows for 2 s (spec §4), then the modal closes. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);

  function close() {
    if (saving) return;
    setForm(EMPTY);
    setErrors({});
    setError(null);
    setSuccess(null);
    onClose();
  }

  const set = (field: keyof PasswordForm) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: e.target.value });
    // A field's message goes as soon as the user edits it.
    if (errors[field]) setErrors({ ...errors, [field]: '' });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    const result = await changeOwnPassword(form);
    setSaving(false);
    if (result.ok) {
      setSuccess(result.message);
    } else {
      setErrors(result.errors);
      setError(result.message);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Change Password"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="change-password-form" loading={saving} disabled={success !== null}>
            {saving ? 'Changing...' : 'Change Password'}
          </Button>
        </>
      }
    >
      {success ? <SuccessOverlay message={success} durationMs={SUCCESS_MS} onDone={close} /> : null}
      <form id="change-password-form" noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorBanner message={error} />
        <TextField
          label="Current Password"
          data-autofocus
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
      </form>
    </Modal>
  );
}
