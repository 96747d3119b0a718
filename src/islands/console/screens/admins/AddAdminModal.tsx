import { useId, useState, type FormEvent } from 'react';
import { adminForm, registerNewAdmin, type AdminForm } from '../../../../client/stores/admins';
import { pictureError } from '../../../../client/stores/profile';
import { Button, ErrorBanner, Modal, SuccessOverlay, usePictureInput } from '../../kit';
import { AdminFields } from './AdminFields';

/**
 * Add New Admin (spec §2, §4, §5): on success an overlay for 2 s, then the form resets and the modal
 * closes (the list has already been reloaded).
 */
export function AddAdminModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<AdminForm>(() => adminForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const picture = usePictureInput(pictureError);

  function reset() {
    setValues(adminForm());
    setErrors({});
    setMessage(null);
    setDone(null);
    picture.reset();
  }

  function close() {
    if (saving) return;
    reset();
    onClose();
  }

  function change(field: keyof AdminForm, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setMessage(null);
    const result = await registerNewAdmin(values, picture.file);
    setSaving(false);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage(result.message);
      return;
    }
    setDone(result.message);
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Admin"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={done !== null}>
            {saving ? 'Creating...' : 'Create Admin'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={message} />
        <AdminFields mode="create" values={values} errors={errors} onChange={change} picture={picture} />
      </form>
      {done ? <SuccessOverlay message={done} onDone={close} /> : null}
    </Modal>
  );
}
