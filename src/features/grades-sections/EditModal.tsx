import { useState } from 'react';
import { SUCCESS_LONG_MS, FormDialog } from '@kit';
import type { Grade } from '@domain/grades';
import type { Section } from '@domain/grades';
import { gradeForm, saveGrade, saveSection, sectionForm } from './actions';
import { useFormState } from '@kit/form/useFormState';
import { GradeFields, SectionFields } from './fields';

export type Editing = { kind: 'grade'; item: Grade } | { kind: 'section'; item: Section } | null;

interface Props {
  editing: Editing;
  schoolId: number;
  grades: readonly Grade[];
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Grade / Edit Section (not shown by the spec; users expect it): same fields as creation. */
export function EditModal({ editing, schoolId, grades, onClose, onSaved }: Props) {
  const grade = useFormState(gradeForm());
  const section = useFormState(sectionForm());
  const [success, setSuccess] = useState<string | null>(null);
  const [current, setCurrent] = useState<Editing>(null);

  // Load the item's values each time another item is opened.
  if (editing !== current) {
    setCurrent(editing);
    setSuccess(null);
    if (editing?.kind === 'grade') grade.reset(gradeForm(editing.item));
    if (editing?.kind === 'section') section.reset(sectionForm(editing.item));
  }

  const saving = grade.saving || section.saving;
  const close = () => {
    if (!saving) onClose();
  };

  async function onSubmit() {
    if (!editing) return;
    const result =
      editing.kind === 'grade'
        ? await grade.submit(() => saveGrade(schoolId, grade.values, editing.item))
        : await section.submit(() => saveSection(schoolId, section.values, editing.item));
    if (result?.ok) setSuccess(result.message);
  }

  const title = editing?.kind === 'section' ? 'Edit Section' : 'Edit Grade';
  const form = editing?.kind === 'section' ? section : grade;
  return (
    <FormDialog
      open={editing !== null}
      onClose={close}
      title={title}
      formId="edit-grade-section-form"
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      savingLabel="Saving..."
      saving={saving}
      message={form.message}
      success={
        success
          ? {
              message: success,
              onDone: () => {
                onSaved();
                onClose();
              },
              durationMs: SUCCESS_LONG_MS,
            }
          : null
      }
    >
      {editing?.kind === 'grade' ? <GradeFields form={grade} /> : null}
      {editing?.kind === 'section' ? <SectionFields form={section} grades={grades} /> : null}
    </FormDialog>
  );
}
