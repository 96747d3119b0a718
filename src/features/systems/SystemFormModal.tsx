import { useId, useState } from 'react';
import { saveSystem, systemForm, type SystemForm } from './actions';
import type { System } from '@domain/systems';
import { TextAreaField, TextField, FormDialog } from '@kit';
import { useFormState } from '@kit/form/useFormState';
import { FeaturesField, ImagesField } from './SystemFields';
import { useImageFiles } from './useImageFiles';

/**
 * 'Create New System' (system null) or 'Edit System'. After a save the list reloads
 * and the modal closes; the parent mounts a fresh modal (key) for each opening, so the form starts over.
 * Removing a stored image only takes it off the form: Update sends the kept paths in data.images and the
 * server deletes the others then; Cancel leaves every image in place.
 */
export function SystemFormModal({
  open,
  system,
  onClose,
  onChanged,
}: {
  open: boolean;
  system: System | null;
  onClose: () => void;
  /** The list must reload (saved). */
  onChanged: () => void;
}) {
  const formId = useId();
  const form = useFormState<SystemForm>(systemForm(system));
  const [stored, setStored] = useState<string[]>(system?.images ?? []);
  const images = useImageFiles(stored.length);
  const busy = form.saving;

  function close() {
    if (!busy) onClose();
  }

  async function submit() {
    const existing = system ? { id: system.id, images: stored } : null;
    const result = await form.submit(() => saveSystem(form.values, images.files, existing));
    if (result?.ok) {
      onChanged();
      onClose();
    }
  }

  function removeStored(url: string) {
    if (!busy) setStored((urls) => urls.filter((u) => u !== url));
  }

  const saveLabel = system ? (form.saving ? 'Saving...' : 'Update System') : form.saving ? 'Creating...' : 'Create System';
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={system ? 'Edit System' : 'Create New System'}
      size="lg"
      formId={formId}
      onSubmit={submit}
      submitLabel={saveLabel}
      saving={form.saving}
      message={form.message}
    >
      <TextField label="System Name" required data-autofocus disabled={form.saving} {...form.bind('name')} />
      <TextAreaField label="Description" required rows={4} disabled={form.saving} {...form.bind('description')} />
      <FeaturesField features={form.values.features} onChange={(features) => form.set({ features })} disabled={form.saving} />
      <ImagesField
        stored={stored}
        onRemoveStored={system ? removeStored : undefined}
        images={images}
        systemName={form.values.name}
        disabled={form.saving}
      />
    </FormDialog>
  );
}
