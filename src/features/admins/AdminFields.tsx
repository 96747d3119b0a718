import { useStore } from '@nanostores/react';
import { $schoolChoices, type AdminForm } from './store';
import { IMAGE_MIME_TYPES } from '@domain/files';
import { PictureField, SelectField, TextField, type PictureInput } from '@kit';
import type { FormState } from '@kit/form/useFormState';

/** The hint is text only (the server accepts JPG, PNG, GIF, WebP up to 2 MB), plus the recommended size. */
export const ADMIN_PICTURE_HINT = 'JPG, PNG or GIF. Max 1MB.';
export const ADMIN_PICTURE_RECOMMENDATION = 'Recommended: square image, at least 200x200px.';
export const NOT_ASSIGNED = 'Not Assigned';

/**
 * The fields of the Add New Admin and Edit Admin forms. `mode` decides the password field (required
 * Password on create, optional New Password on edit), the read-only email and the required school.
 */
export function AdminFields({
  mode,
  form,
  picture,
  currentPictureUrl,
}: {
  mode: 'create' | 'edit';
  form: FormState<AdminForm>;
  picture: PictureInput;
  currentPictureUrl?: string | null;
}) {
  const { schools, error: schoolsError } = useStore($schoolChoices);
  const { bind, values, errors } = form;
  const editing = mode === 'edit';

  return (
    <div className="space-y-4">
      <PictureField
        picture={picture}
        currentUrl={currentPictureUrl}
        firstName={values.firstName}
        lastName={values.lastName}
        accept={IMAGE_MIME_TYPES.join(',')}
        hint={
          <>
            <span className="block">{ADMIN_PICTURE_HINT}</span>
            <span className="block">{ADMIN_PICTURE_RECOMMENDATION}</span>
          </>
        }
        error={errors.profilePicture}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="off"
          readOnly={editing}
          hint={editing ? 'The email cannot be changed' : undefined}
          data-autofocus={!editing || undefined}
          {...bind('email')}
        />
        {editing ? (
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint="Leave blank to keep the current password"
            {...bind('newPassword')}
          />
        ) : (
          <TextField label="Password" type="password" required autoComplete="new-password" {...bind('password')} />
        )}
        <TextField label="First Name" required data-autofocus={editing || undefined} {...bind('firstName')} />
        <TextField label="Last Name" required {...bind('lastName')} />
        <TextField label="Phone Number" type="tel" {...bind('phoneNumber')} />
        <TextField label="Employee ID" required {...bind('employeeId')} />
        <TextField label="Department" {...bind('department')} />
        <TextField label="Position" {...bind('position')} />
        <SelectField
          label="School"
          required={editing}
          placeholder={editing ? 'Select a school' : NOT_ASSIGNED}
          options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
          hint={schoolsError ?? undefined}
          {...bind('schoolId')}
          className="sm:col-span-2"
        />
      </div>
    </div>
  );
}
