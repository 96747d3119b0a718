import { useEffect } from 'react';
import type { School } from '@domain/schools';
import { emptyReaderForm, readerToForm, saveReader, type ReaderForm } from './actions';
import { READER_KIND_LABELS, READER_KINDS, type RfidReader, type RfidReaderWithToken } from '@domain/rfid';
import {
  CancelButton,
  Button,
  CheckboxField,
  ErrorBanner,
  Modal,
  SelectField,
  TextAreaField,
  TextField,
  useFormState,
} from '@kit';

/** Add / edit an RFID reader. A new reader's answer carries its token, which the caller shows once. */
export function ReaderFormModal({
  open,
  editing,
  schools,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: RfidReader | null;
  schools: School[];
  onClose: () => void;
  onSaved: (reader: RfidReader | RfidReaderWithToken) => void;
}) {
  const form = useFormState<ReaderForm>(emptyReaderForm());
  const { reset } = form;
  useEffect(() => {
    if (open) reset(editing ? readerToForm(editing) : emptyReaderForm());
  }, [open, editing, reset]);
  const { values, set, bind } = form;

  const submit = async () => {
    const result = await form.submit(() => saveReader(values, editing));
    if (result?.ok) onSaved(result.data);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit RFID Reader' : 'Add RFID Reader'}
      footer={
        <>
          <CancelButton />
          <Button type="submit" form="reader-form" loading={form.saving}>
            {editing ? 'Update Reader' : 'Add Reader'}
          </Button>
        </>
      }
    >
      <form
        id="reader-form"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ErrorBanner message={form.message} />
        <TextField label="Reader Name" required data-autofocus {...bind('name')} />
        <TextField label="Location" hint="e.g. Main gate" {...bind('location')} />
        <SelectField
          label="School"
          required
          placeholder="Choose a school"
          options={schools.map((s) => ({ value: String(s.id), label: `${s.name} (${s.acronym})` }))}
          {...bind('schoolId')}
        />
        <SelectField
          label="Kind"
          options={READER_KINDS.map((k) => ({ value: k, label: READER_KIND_LABELS[k] }))}
          {...bind('kind')}
        />
        {values.kind === 'ZKTECO' ? (
          <TextField
            label="Serial Number"
            required
            hint="The terminal's SN, as it sends it to /iclock/cdata"
            {...bind('serialNumber')}
          />
        ) : null}
        <TextAreaField
          label="Allowed Networks"
          rows={2}
          hint="Optional: one IP range per line (e.g. 192.168.1.0/24). Empty = any network."
          {...bind('allowedNetworks')}
        />
        <CheckboxField label="Active" checked={values.isActive} onChange={(isActive) => set({ isActive })} />
      </form>
    </Modal>
  );
}
