import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { validate } from '@domain/validation';
import { changePasswordFormSchema } from '@domain/auth';
import { ChangePasswordModal, type PasswordForm } from '@features/profile';
import { changeStudentPassword } from './api';

/*
 * The console's Change Password modal, changing the learner's password. Loaded on first use (React.lazy):
 * its zod schema stays out of the portal's first load.
 */

/** The Change Password modal's submit on the portal (same rules and messages as the console's). */
export async function changeLearnerPassword(form: PasswordForm): Promise<ActionResult> {
  const checked = validate(changePasswordFormSchema, form);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = await changeStudentPassword(checked.value.currentPassword, checked.value.newPassword);
    return { ok: true, message: res.message ?? 'Password changed successfully', data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to change password');
  }
}

export default function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ChangePasswordModal open={open} onClose={onClose} submit={changeLearnerPassword} />;
}
