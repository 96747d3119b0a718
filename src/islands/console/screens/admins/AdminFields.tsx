import type { ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $schoolChoices, type AdminForm } from '../../../../client/stores/admins';
import { PROFILE_PICTURE_TYPES } from '../../../../domain/auth';
import { PictureField, SelectField, TextField, type PictureInput } from '../../kit';

/** Spec §5: the hint is text only (the server accepts JPG, PNG, GIF, WebP up to 2 MB). */
export const ADMIN_PICTURE_HINT = 'JPG, PNG or GIF. Max 1MB.';
export const NOT_ASSIGNED = 'Not Assigned';

/**
 * The fields of the Add New Admin and Edit Admin forms. `mode` decides the password field (required
 * Password on create, optional New Password on edit), the read-only email and the required school.
 */
export function AdminFields({
  mode,
  values,
  errors,
  onChange,
  picture,
  currentPictureUrl,
}: {
  mode: 'create' | 'edit';
  values: AdminForm;
  errors: Record<string, string>;
  onChange: (field: keyof AdminForm, value: string) => void;
  picture: PictureInput;
  currentPictureUrl?: string | null;
}) {
  const { schools, error: schoolsError } = useStore($schoolChoices);
  const bind = (field: keyof AdminForm) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(field, e.target.value),
  });
  const editing = mode === 'edit';

  return (
    <div className="space-y-4">
      <PictureField
        picture={picture}
        currentUrl={currentPictureUrl}
        firstName={values.firstName}
        lastName={values.lastName}
        accept={PROFILE_PICTURE_TYPES.join(',')}
        hint={ADMIN_PICTURE_HINT}
        error={errors.profilePicture}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" type="email" required autoComplete="off" readOnly={editing} {...bind('email')} />
        {editing ? (
          <TextField label="New Password" type="password" autoComplete="new-password" hint="Leave blank to keep the current password" {...bind('newPassword')} />
        ) : (
          <TextField label="Password" type="password" required autoComplete="new-password" {...bind('password')} />
        )}
        <TextField label="First Name" required {...bind('firstName')} />
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
