import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Button, ErrorBanner, ErrorState, SuccessOverlay, SUCCESS_MS, useListResource } from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { useFormState } from '@kit/form/useFormState';
import { $consoleAccess } from '@kit/console/scope';
import { fetchSchool } from './api';
import { saveSchoolProfile, schoolForm } from './actions';
import { SchoolFormFields } from './SchoolFormFields';
import { SchoolLogo } from './SchoolLogo';

/**
 * A school admin's School Profile (/admin/school-profile, MANAGE_SCHOOL_PROFILE): the School Management
 * edit form limited to the profile fields and the logo; the contract and the active flag stay the super admin's.
 */
export default function SchoolProfileScreen() {
  const access = useStore($consoleAccess);
  const schoolId = access.kind === 'admin' ? access.schoolId : null;
  const school = useListResource((signal) => fetchSchool(schoolId ?? 0, signal), `school-profile:${schoolId}`);
  const form = useFormState(schoolForm(school.data));
  const { reset } = form;
  const [logo, setLogo] = useState<File | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (school.data) reset(schoolForm(school.data));
  }, [school.data, reset]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!school.data) return;
    const result = await form.submit(() => saveSchoolProfile(form.values, logo, school.data!));
    if (result?.ok) {
      setSuccess(result.message);
      setLogo(null);
      setFormKey((k) => k + 1); // a fresh file input: the chosen logo has been sent
      school.update(() => result.data);
    }
  }

  return (
    <div>
      <ScreenHeading title="School Profile" />
      {school.error ? <ErrorState message={school.error} onRetry={school.reload} /> : null}
      {school.data ? (
        <div className="max-w-3xl rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="mb-6 flex items-center gap-4">
            <SchoolLogo school={school.data} size="lg" />
            <div className="min-w-0">
              <p className="text-lg font-semibold text-gray-900 [overflow-wrap:anywhere]">{school.data.name}</p>
              <p className="text-sm text-gray-600">{school.data.acronym}</p>
            </div>
          </div>
          {success ? (
            <SuccessOverlay variant="inline" message={success} durationMs={SUCCESS_MS} onDone={() => setSuccess(null)} />
          ) : null}
          <form key={formKey} noValidate onSubmit={onSubmit} className="space-y-4">
            <ErrorBanner message={form.message} />
            <SchoolFormFields form={form} logo={logo} onLogo={setLogo} profileOnly />
            <div className="flex justify-end">
              <Button type="submit" loading={form.saving}>
                {form.saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}
