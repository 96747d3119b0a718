import { useId, useState, type FormEvent } from 'react';
import { adminForm, adminPictureError, registerNewAdmin, type AdminForm } from './store';
import { CancelButton, Button, ErrorBanner, Modal, SuccessOverlay, usePictureInput } from '@kit';
import { useFormState } from '@kit/useFormState';
import { AdminFields } from './AdminFields';

/**
 * Add New Admin (spec §2, §4, §5): on success an overlay for 2 s, then the form resets and the modal
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(() => registerNewAdmin(form.values, picture.file));
    if (result?.ok) setDone(result.message);
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Admin"
      size="lg"
      footer={
        <>
          <CancelButton disabled={form.saving} />
          <Button type="submit" form={formId} loading={form.saving} disabled={done !== null}>
            {form.saving ? 'Creating...' : 'Create Admin'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={form.message} />
        <AdminFields mode="create" form={form} picture={picture} />
      </form>
      {done ? <SuccessOverlay message={done} onDone={close} /> : null}
    </Modal>
  );
}
