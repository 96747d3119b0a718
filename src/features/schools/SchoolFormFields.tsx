import type { ChangeEvent } from 'react';
import { CheckboxField, TextField } from '@kit';
import { IMAGE_MIME_TYPES } from '@domain/files';
import type { SchoolForm } from './actions';
import type { FormState } from '@kit/form/useFormState';

interface Props {
  form: FormState<SchoolForm>;
  logo: File | null;
  onLogo: (file: File | null) => void;
  /** Edit only: the isActive and global SMS overflow checkboxes (School Details/Edit). */
  showActive?: boolean;
  /** A school admin's School Profile: name, contact, address, website and logo only. */
  profileOnly?: boolean;
}

/** The fields of the Register New School and Edit School forms. */
export function SchoolFormFields({ form, logo, onLogo, showActive = false, profileOnly = false }: Props) {
  const { bind, values, set, errors } = form;
  const chooseLogo = (e: ChangeEvent<HTMLInputElement>) => {
    onLogo(e.target.files?.[0] ?? null);
    form.setErrors((prev) => ({ ...prev, logo: '' }));
  };
  return (
    <div className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">School</legend>
        <TextField label="School Name" required autoComplete="organization" data-autofocus {...bind('name')} />
        {profileOnly ? null : <TextField label="Acronym" required hint="Up to 10 characters, e.g. RNHS." {...bind('acronym')} />}
        <TextField label="Address" className="sm:col-span-2" autoComplete="street-address" {...bind('address')} />
        <TextField label="Contact Number" type="tel" autoComplete="tel" {...bind('contactNumber')} />
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField label="Website" hint="e.g. school.edu.ph" {...bind('website')} />
        {profileOnly ? null : (
          <>
            <TextField
              label="DepEd School ID"
              inputMode="numeric"
              maxLength={6}
              hint="6 digits, printed on School Form 2"
              {...bind('depedSchoolId')}
            />
            <TextField label="School Head" hint="Name as DepEd forms print it" autoComplete="off" {...bind('schoolHeadName')} />
            <TextField
              label="Student Count"
              inputMode="numeric"
              hint="Number of students the contract covers."
              {...bind('studentCount')}
            />
          </>
        )}
        <TextField
          label="Logo"
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          className="sm:col-span-2"
          hint={logo ? `Selected: ${logo.name}` : 'Recommended: square, 500x500 px or larger. JPG, PNG, GIF or WebP, max 2MB.'}
          error={errors.logo}
          onChange={chooseLogo}
        />
      </fieldset>

      {profileOnly ? null : (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-gray-900">Contract</legend>
          <TextField label="Contract Number" {...bind('contractNumber')} />
          <TextField label="Contract Amount" inputMode="decimal" {...bind('contractAmount')} />
          <TextField label="Contract Date" type="date" {...bind('contractDate')} />
          <TextField label="Contract Expiry Date" type="date" {...bind('contractExpiryDate')} />
          <TextField label="Contract Status" hint="e.g. Active, Pending, Expired" {...bind('contractStatus')} />
          <TextField label="Contract Type" hint="e.g. Annual, Monthly" {...bind('contractType')} />
        </fieldset>
      )}

      {showActive ? (
        <div className="space-y-2">
          <CheckboxField label="Active" checked={values.isActive} onChange={(isActive) => set({ isActive })} />
          <CheckboxField
            label="Global SMS devices send this school's messages when its own phones are busy"
            checked={values.allowGlobalOverflow}
            onChange={(allowGlobalOverflow) => set({ allowGlobalOverflow })}
          />
        </div>
      ) : null}
    </div>
  );
}
