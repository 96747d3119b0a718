import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WEEKDAY_LABELS } from '@domain/attendance';
import { DaysField } from '@kit/form/DaysField';
import { Button, ErrorBanner, ErrorState, LoadingState, TextField, useFormState, useListResource } from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { $consoleAccess, useCan } from '@kit/console/scope';
import { fetchSchoolSettings } from './api';
import { saveSchoolSettings, schoolSettingsForm, type SchoolSettingsForm } from './actions';

/**
 * A school's own settings (/admin/school-settings, MANAGE_SCHOOL_SETTINGS): the class days, the late and absence
 * cutoffs, and what DepEd's forms print (School ID, school head). Every save is logged. Holidays and suspensions are
 * the calendar's; the time zone stays the super admin's.
 */
export default function SchoolSettingsScreen() {
  const access = useStore($consoleAccess);
  const can = useCan();
  const schoolId = access.kind === 'admin' ? access.schoolId : null;
  const loaded = useListResource((signal) => fetchSchoolSettings(schoolId ?? 0, signal), `school-settings:${schoolId}`);
  const form = useFormState<SchoolSettingsForm>(schoolSettingsForm());
  const { reset } = form;
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.data) reset(schoolSettingsForm(loaded.data));
  }, [loaded.data, reset]);
  const { values, set, errors, bind } = form;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (schoolId == null) return;
    setNotice(null);
    const result = await form.submit(() => saveSchoolSettings(schoolId, values));
    if (result?.ok) {
      reset(schoolSettingsForm(result.data));
      setNotice(result.message);
    }
  }

  return (
    <div>
      <ScreenHeading title="School Settings" />
      {loaded.error ? <ErrorState message={loaded.error} onRetry={loaded.reload} /> : null}
      {loaded.loading && !loaded.data ? <LoadingState rows={3} label="Loading school settings" /> : null}
      {loaded.data ? (
        <form
          noValidate
          onSubmit={onSubmit}
          className="max-w-3xl space-y-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <p className="text-lg font-semibold text-gray-900 [overflow-wrap:anywhere]">{loaded.data.schoolName}</p>
          <ErrorBanner message={form.message} />
          <DaysField
            legend="Class days"
            hint="Days without classes get no absences, no absence messages and no column on School Form 2."
            labels={WEEKDAY_LABELS}
            value={values.schoolDays}
            onChange={(schoolDays) => set({ schoolDays })}
            error={errors.schoolDays}
          />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-gray-900">Cutoffs</legend>
            <TextField
              label="Late after"
              type="time"
              hint={`A first tap after this time is LATE (${loaded.data.timeZone} time).`}
              {...bind('lateCutoff')}
            />
            <TextField
              label="Absent after"
              type="time"
              hint="Learners without a check-in by this time are marked ABSENT."
              {...bind('absenceCutoff')}
            />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-gray-900">DepEd forms</legend>
            <TextField
              label="DepEd School ID"
              inputMode="numeric"
              maxLength={6}
              hint="6 digits, printed on School Form 2"
              {...bind('depedSchoolId')}
            />
            <TextField label="School Head" hint="Name as DepEd forms print it" autoComplete="off" {...bind('schoolHeadName')} />
          </fieldset>
          {can('MANAGE_ATTENDANCE') && schoolId != null ? (
            <p className="text-sm text-gray-600">
              Holidays, class suspensions and breaks are set in the{' '}
              <a href={`/admin/schools/${schoolId}/calendar`} className="font-medium text-brand-700 hover:underline">
                school calendar
              </a>
              .
            </p>
          ) : (
            <p className="text-sm text-gray-600">Holidays, class suspensions and breaks are set in the school calendar.</p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={form.saving}>
              {form.saving ? 'Saving...' : 'Save Settings'}
            </Button>
            {notice ? (
              <span role="status" className="text-sm text-brand-700">
                {notice}
              </span>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
