import { useState } from 'react';
import { TextField } from '@kit/ui/FormField';
import { SUCCESS_MS } from '@kit/form/SuccessOverlay';
import { FormDialog } from '@kit/form/FormDialog';
import { useFormState } from '@kit/form/useFormState';
import type { ActionResult } from '@kit/form/action';
import { changeOwnPassword, type PasswordForm } from './store';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Profile "Change Password" modal; success shows for 2 s, then the modal closes. `submit` changes
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

  async function onSubmit() {
    const result = await form.submit(() => submit(form.values));
    if (result?.ok) setSuccess(result.message);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Change Password"
      size="sm"
      formId="change-password-form"
      onSubmit={onSubmit}
      submitLabel="Change Password"
      savingLabel="Changing..."
      saving={saving}
      message={form.message}
      success={success ? { message: success, onDone: close, durationMs: SUCCESS_MS } : null}
    >
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
    </FormDialog>
  );
}
