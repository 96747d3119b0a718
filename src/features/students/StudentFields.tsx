import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { studentFormPatch, type StudentForm } from './actions';
import { IMAGE_MIME_TYPES } from '@domain/files';
import {
  ADDRESS_LABEL,
  GENDER_LABELS,
  GENDERS,
  NOTIFICATION_PREFERENCE_LABELS,
  NOTIFICATION_PREFERENCES,
  REGISTER_FIELDS,
} from '@domain/students';
import { PictureField, SelectField, TextAreaField, TextField, type FormState, type PictureInput } from '@kit';
import { useClassChoices } from './useClassChoices';

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-500">{title}</legend>
      {hint ? <p className="text-sm text-gray-600">{hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The fields of the Register/Edit Student form; grade waits for a school, section for a grade. No password: the
 * server generates a learner's first one (shown once as a slip), and a new one is a new slip.
 */
export function StudentFields({
  mode,
  form,
  picture,
  currentPictureUrl,
  lockSchool,
}: {
  mode: 'create' | 'edit';
  form: FormState<StudentForm>;
  picture: PictureInput;
  currentPictureUrl?: string | null;
  lockSchool?: boolean;
}) {
  const { values, errors } = form;
  const { schools, error: schoolsError } = useStore($schoolChoices);
  const choices = useClassChoices(values.schoolId, values.gradeId);
  useEffect(() => {
    void loadSchoolChoices();
  }, []);

  // Every change goes through the form's rules (grade/section resets).
  const bind = (key: keyof StudentForm) => ({
    ...form.bind(key),
    onChange: (e: { target: { value: string } }) => form.set(studentFormPatch({ [key]: e.target.value })),
  });
  const creating = mode === 'create';

  return (
    <div className="space-y-6">
      <PictureField
        picture={picture}
        currentUrl={currentPictureUrl}
        firstName={values.firstName}
        lastName={values.lastName}
        accept={IMAGE_MIME_TYPES.join(',')}
        hint="JPG, PNG, GIF or WebP. Max 2MB."
        error={errors.profilePicture}
      />
      <Group title="Student">
        <TextField label="First Name" required autoComplete="off" data-autofocus {...bind('firstName')} />
        <TextField label="Middle Name" autoComplete="off" {...bind('middleName')} />
        <TextField label="Last Name" required autoComplete="off" {...bind('lastName')} />
        <TextField
          label="LRN"
          required
          inputMode="numeric"
          maxLength={12}
          hint="12 digits: the learner signs in with it"
          {...bind('lrn')}
        />
        <TextField label="Email" type="email" autoComplete="off" hint="Optional" {...bind('email')} />
        <TextField label="Date of Birth" type="date" {...bind('dateOfBirth')} />
        <SelectField
          label="Gender"
          placeholder="Select gender"
          options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          {...bind('gender')}
        />
        <TextField
          label="Enrolment Date"
          type="date"
          hint={creating ? 'Blank: today (a learner registered mid-year counts as late enrolment)' : undefined}
          {...bind('enrolmentDate')}
        />
        <TextField label="Phone Number" type="tel" {...bind('phoneNumber')} />
        <TextField label="RFID Card ID" autoComplete="off" {...bind('rfidCardId')} />
        <TextAreaField label={ADDRESS_LABEL} rows={2} className="sm:col-span-2" {...bind('address')} />
      </Group>
      <Group title="School">
        <SelectField
          label="School"
          required
          disabled={lockSchool}
          placeholder="Select a school"
          options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
          hint={schoolsError ?? undefined}
          {...bind('schoolId')}
        />
        <SelectField
          label="Grade"
          placeholder="Select a grade"
          disabled={!values.schoolId}
          options={choices.grades}
          {...bind('gradeId')}
        />
        <SelectField
          label="Section"
          placeholder="Select a section"
          disabled={!values.gradeId}
          options={choices.sections}
          {...bind('sectionId')}
        />
      </Group>
      <Group title="Parent or Guardian">
        <TextField label="Parent First Name" autoComplete="off" {...bind('parentFirstName')} />
        <TextField label="Parent Last Name" autoComplete="off" {...bind('parentLastName')} />
        <TextField label="Parent Phone" type="tel" required hint="e.g. 09171234567 or +639171234567" {...bind('parentPhone')} />
        <TextField label="Parent Email" type="email" autoComplete="off" {...bind('parentEmail')} />
        <TextField label="Parent Messenger Name" autoComplete="off" {...bind('parentFacebookMessengerName')} />
        <TextField label="Emergency Contact" {...bind('emergencyContact')} />
        <SelectField
          label="Notification Preference"
          options={NOTIFICATION_PREFERENCES.map((p) => ({ value: p, label: NOTIFICATION_PREFERENCE_LABELS[p] }))}
          {...bind('notificationPreference')}
        />
        <TextAreaField label="Parent Address" rows={2} className="sm:col-span-2" {...bind('parentAddress')} />
      </Group>
      <Group
        title="School Register (SF1)"
        hint="Optional. SF1 prints the parent or guardian above as the guardian, and the parent phone as the contact number."
      >
        {REGISTER_FIELDS.map((f) => (
          <TextField key={f.key} label={f.label} autoComplete="off" maxLength={f.max} {...bind(f.key)} />
        ))}
      </Group>
    </div>
  );
}
