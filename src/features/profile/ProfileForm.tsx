import { useState, type FormEvent } from 'react';
import type { Profile } from '@domain/auth';
import { pictureError, profileForm, saveProfile, type ProfileForm as Values } from './store';
import { PROFILE_PICTURE_HINT, PROFILE_PICTURE_TYPES } from '@domain/auth';
import { fileUrl } from '@domain/files';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { TextField } from '@kit/ui/FormField';
import { PictureField, usePictureInput } from '@kit/display/Avatar';
import { useFormState } from '@kit/form/useFormState';

/**
 * Profile edit form: fields disabled until 'Edit Profile'; Cancel restores the saved values.
 * Rendered with key={profile.updatedAt}, so a saved profile starts a fresh form (values, edit mode off).
 */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  const form = useFormState<Values>(profileForm(profile));
  const picture = usePictureInput(pictureError);
  const { values, errors, saving } = form;

  /** Cancel: back to the saved values, out of edit mode. (After a save the screen remounts this form.) */
  function reset() {
    form.reset(profileForm(profile));
    picture.reset();
    setEditing(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(() => saveProfile(values, picture.file));
    if (result?.ok) onSaved(result.message);
  }

  return (
    <section aria-labelledby="profile-form-title" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-form-title" className="text-lg font-semibold text-gray-900">
          Profile Information
        </h2>
        {!editing ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        ) : null}
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <ErrorBanner message={form.message} />
        <PictureField
          picture={picture}
          currentUrl={fileUrl(profile.profilePictureUrl)}
          firstName={values.firstName}
          lastName={values.lastName}
          accept={PROFILE_PICTURE_TYPES.join(',')}
          hint={PROFILE_PICTURE_HINT}
          error={errors.profilePicture}
          disabled={!editing}
          alt="Profile picture"
        />

        <fieldset disabled={!editing || saving} className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" required autoComplete="given-name" {...form.bind('firstName')} />
          <TextField label="Last Name" required autoComplete="family-name" {...form.bind('lastName')} />
          <TextField label="Email" type="email" required autoComplete="email" {...form.bind('email')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...form.bind('phoneNumber')} />
        </fieldset>

        {editing ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={reset} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
