import { SelectField, TextAreaField, TextField } from '@kit';
import type { Grade } from '@domain/grades';
import type { GradeForm, SectionForm } from './actions';
import type { FormState } from '@kit/form/useFormState';

/** 'Grade 7 (Level 7)': how a grade is named in selects (options show grade name and level). */
export const gradeOptionLabel = (g: Pick<Grade, 'name' | 'level' | 'isActive'>) =>
  `${g.name} (Level ${g.level})${g.isActive ? '' : ' – inactive'}`;

export function GradeFields({ form }: { form: FormState<GradeForm> }) {
  return (
    <div className="space-y-4">
      <TextField label="Grade Name" required placeholder="e.g. Grade 7" data-autofocus {...form.bind('name')} />
      <TextField
        label="Level"
        type="number"
        min={1}
        step={1}
        required
        hint="Used to order the grades (1 = first)."
        {...form.bind('level')}
      />
      <TextAreaField label="Description" rows={3} {...form.bind('description')} />
    </div>
  );
}

export function SectionFields({ form, grades }: { form: FormState<SectionForm>; grades: readonly Grade[] }) {
  return (
    <div className="space-y-4">
      <TextField label="Section Name" required placeholder="e.g. Sampaguita" data-autofocus {...form.bind('name')} />
      <SelectField
        label="Grade"
        required
        placeholder="Select a grade"
        options={grades.map((g) => ({ value: g.id, label: gradeOptionLabel(g) }))}
        {...form.bind('gradeId')}
      />
      <TextField
        label="Capacity"
        type="number"
        min={1}
        step={1}
        hint="Optional: the most students this section takes."
        {...form.bind('capacity')}
      />
      <TextField
        label="Class Adviser"
        placeholder="e.g. Maria L. Santos"
        hint="Signs the section's School Form 2."
        {...form.bind('adviserName')}
      />
      <TextAreaField label="Description" rows={3} {...form.bind('description')} />
    </div>
  );
}
