import { useStore } from '@nanostores/react';
import { $permissionCatalogue, $schoolChoices, type AdminForm } from './store';
import { IMAGE_MIME_TYPES } from '@domain/files';
import { ErrorBanner, LoadingState, PictureField, SelectField, TextField, type PictureInput } from '@kit';
import type { FormState } from '@kit/form/useFormState';
import { PermissionChecklist } from './PermissionChecklist';
import { RolePicker } from './RolePicker';

/** The hint is text only (the server accepts JPG, PNG, GIF, WebP up to 2 MB), plus the recommended size. */
export const ADMIN_PICTURE_HINT = 'JPG, PNG or GIF. Max 1MB.';
export const ADMIN_PICTURE_RECOMMENDATION = 'Recommended: square image, at least 200x200px.';
export const NOT_ASSIGNED = 'Not Assigned';

/**
 * The admin form of Add New Admin and Edit Admin: the same questions and rules (adminFormSchema). `mode` decides
 * only what differs by nature: the first password (create) or a new one (edit, blank keeps it), and the email
 * read-only on edit. The role fills the permissions, which stay editable before saving.
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
  const { permissions: catalogue, error: catalogueError } = useStore($permissionCatalogue);
  const { bind, values, errors, set, saving } = form;
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
        <TextField
          label={editing ? 'New Password' : 'Password'}
          type="password"
          required={!editing}
          autoComplete="new-password"
          hint={editing ? 'Leave blank to keep the current password' : undefined}
          {...bind('password')}
        />
        <TextField label="First Name" required data-autofocus={editing || undefined} {...bind('firstName')} />
        <TextField label="Last Name" required {...bind('lastName')} />
        <TextField label="Phone Number" type="tel" {...bind('phoneNumber')} />
        <TextField label="Employee ID" required {...bind('employeeId')} />
        <TextField label="Department" {...bind('department')} />
        <TextField label="Position" {...bind('position')} />
        <SelectField
          label="School"
          required
          placeholder="Select a school"
          options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
          hint={schoolsError ?? undefined}
          {...bind('schoolId')}
          className="sm:col-span-2"
        />
      </div>
      {catalogue ? (
        <>
          <RolePicker
            catalogue={catalogue}
            permissions={values.permissions}
            position={values.position}
            onChange={(patch) => set(patch)}
            disabled={saving}
          />
          <PermissionChecklist
            catalogue={catalogue}
            value={values.permissions}
            onChange={(permissions) => set({ permissions })}
            disabled={saving}
          />
          {errors.permissions ? <p className="text-sm text-red-600">{errors.permissions}</p> : null}
        </>
      ) : catalogueError ? (
        <ErrorBanner message={catalogueError} />
      ) : (
        <LoadingState rows={3} label="Loading permissions..." />
      )}
    </div>
  );
}
