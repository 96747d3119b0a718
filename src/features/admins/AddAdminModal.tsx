import { useId, useState } from 'react';
import { adminForm, adminPictureError, saveAdmin, type AdminForm } from './store';
import { usePictureInput, FormDialog } from '@kit';
import { useFormState } from '@kit/form/useFormState';
import { AdminFields } from './AdminFields';

/**
 * Add New Admin (the same form as Edit Admin, starting from the default role): on success an overlay for 2 s, then the form resets and the modal
 * closes (the list has already been reloaded).
 */
export function AddAdminModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const form = useFormState<AdminForm>(adminForm());
  const picture = usePictureInput(adminPictureError);
  const [done, setDone] = useState<string | null>(null);

  function close() {
    if (form.saving) return;
    form.reset(adminForm());
    picture.reset();
    setDone(null);
    onClose();
  }

  async function submit() {
    const result = await form.submit(() => saveAdmin(null, form.values, picture.file));
    if (result?.ok) setDone(result.message);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add New Admin"
      size="lg"
      formId={formId}
      onSubmit={submit}
      submitLabel="Create Admin"
      savingLabel="Creating..."
      saving={form.saving}
      message={form.message}
      success={done ? { message: done, onDone: close } : null}
    >
      <AdminFields mode="create" form={form} picture={picture} />
    </FormDialog>
  );
}
