import { useState, type FormEvent } from 'react';
import { CancelButton, Modal } from '@kit/ui/Modal';
import { Button } from '@kit/ui/Button';
import { TextField } from '@kit/ui/FormField';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { SuccessOverlay, SUCCESS_MS } from '@kit/SuccessOverlay';
import { useFormState } from '@kit/useFormState';
import type { ActionResult } from '@kit/action';
import { changeOwnPassword, type PasswordForm } from './store';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §2 Profile "Change Password" modal; success shows for 2 s (spec §4), then the modal closes. `submit` changes
 * whose password: the super admin's by default, the learner's on the student portal.
 */
export function ChangePasswordModal({
  open,
  onClose,
  submit = changeOwnPassword,
}: {
  open: boolean;
  onClose: () => void;
  submit?: (form: PasswordForm) => Promise<ActionResult>;
}) {
  const form = useFormState<PasswordForm>(EMPTY);
  const [success, setSuccess] = useState<string | null>(null);
  const saving = form.saving;

  function close() {
    if (saving) return;
    form.reset(EMPTY);
    setSuccess(null);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(() => submit(form.values));
    if (result?.ok) setSuccess(result.message);
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Change Password"
      size="sm"
      footer={
        <>
          <CancelButton disabled={saving} />
          <Button type="submit" form="change-password-form" loading={saving} disabled={success !== null}>
            {saving ? 'Changing...' : 'Change Password'}
          </Button>
        </>
      }
    >
      {success ? <SuccessOverlay message={success} durationMs={SUCCESS_MS} onDone={close} /> : null}
      <form id="change-password-form" noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorBanner message={form.message} />
        <TextField
          label="Current Password"
          data-autofocus
          type="password"
          autoComplete="current-password"
          required
          {...form.bind('currentPassword')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          {...form.bind('newPassword')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          {...form.bind('confirmPassword')}
        />
      </form>
    </Modal>
  );
}
