import { Fragment, useState } from 'react';
import { SUCCESS_MS, FormDialog } from '@kit';
import { saveSchool, schoolForm } from './actions';
import { SchoolFormFields } from './SchoolFormFields';
import { useFormState } from '@kit/form/useFormState';

/** 'Register New School'; success shows 2 s, then the form resets, the modal closes and the list refreshes. */
export function RegisterSchoolModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const form = useFormState(schoolForm());
  const [logo, setLogo] = useState<File | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // A new key remounts the fields, which also empties the file input.
  const [round, setRound] = useState(0);

  function close() {
    if (form.saving) return;
    form.reset(schoolForm());
    setLogo(null);
    setSuccess(null);
    setRound((r) => r + 1);
    onClose();
  }

  async function onSubmit() {
    const result = await form.submit(() => saveSchool(form.values, logo));
    if (result?.ok) setSuccess(result.message);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Register New School"
      size="lg"
      formId="register-school-form"
      onSubmit={onSubmit}
      submitLabel="Register School"
      savingLabel="Registering..."
      saving={form.saving}
      message={form.message}
      success={
        success
          ? {
              message: success,
              onDone: () => {
                onCreated();
                close();
              },
              durationMs: SUCCESS_MS,
            }
          : null
      }
    >
      <Fragment key={round}>
        <SchoolFormFields form={form} logo={logo} onLogo={setLogo} />
      </Fragment>
    </FormDialog>
  );
}
