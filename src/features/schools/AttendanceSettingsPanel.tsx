import { useEffect, useState } from 'react';
import { fetchAttendanceSettings } from '@features/attendance';
import { saveSettings, TIME_ZONES } from '@features/attendance';
import { WEEKDAY_LABELS, type AttendanceSettings } from '@domain/attendance';
import { DaysField } from '@kit/form/DaysField';
import { Button, ErrorBanner, LoadingState, SelectField, TextField, useFormState, useListResource } from '@kit';
import { consoleHref } from '@kit/console/scope';

const EMPTY: AttendanceSettings = { timeZone: '', lateCutoff: '', absenceCutoff: '', schoolDays: [], holidays: [] };

/**
 * A school's attendance rules: time zone, late cutoff, absence cutoff and school days. Taps and the absence job read
 * them; the first tap after the late cutoff is LATE, students without a check-in become ABSENT after the absence
 * cutoff on school days that are not no-class days. Holidays, suspensions and breaks have one place: the calendar.
 */
export function AttendanceSettingsPanel({ schoolId }: { schoolId: number }) {
  const loaded = useListResource((signal) => fetchAttendanceSettings(schoolId, signal), `attendance-settings:${schoolId}`);
  const form = useFormState<AttendanceSettings>(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (loaded.data) reset(loaded.data);
  }, [loaded.data, reset]);
  const { values, set, errors } = form;

  if (loaded.loading && !loaded.data) return <LoadingState rows={2} label="Loading attendance settings" />;
  if (loaded.error) return <ErrorBanner message={loaded.error} />;

  const save = async () => {
    setNotice(null);
    // Without `holidays`: the no-class days stay as the calendar has them.
    const { holidays: _calendar, ...rules } = values;
    const result = await form.submit(() => saveSettings(schoolId, rules));
    if (result?.ok) {
      reset(result.data);
      setNotice(result.message);
    }
  };

  return (
    <section aria-labelledby={`attendance-settings-${schoolId}`} className="mt-6 border-t border-gray-200 pt-4">
      <h3 id={`attendance-settings-${schoolId}`} className="mb-3 text-base font-semibold text-gray-900">
        Attendance settings
      </h3>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ErrorBanner message={form.message} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Time Zone"
            value={values.timeZone}
            error={errors.timeZone}
            options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
            onChange={(e) => set({ timeZone: e.target.value })}
          />
          <TextField
            label="Late After"
            type="time"
            value={values.lateCutoff}
            error={errors.lateCutoff}
            onChange={(e) => set({ lateCutoff: e.target.value })}
          />
          <TextField
            label="Absent After"
            type="time"
            value={values.absenceCutoff}
            error={errors.absenceCutoff}
            onChange={(e) => set({ absenceCutoff: e.target.value })}
          />
        </div>
        <DaysField
          legend="School Days"
          labels={WEEKDAY_LABELS}
          value={values.schoolDays}
          onChange={(schoolDays) => set({ schoolDays })}
          error={errors.schoolDays}
        />
        <p className="text-sm text-gray-600">
          Holidays, class suspensions and breaks are set in the{' '}
          <a
            href={consoleHref(`/super-admin/schools/${schoolId}/calendar`)}
            className="font-medium text-brand-700 hover:underline"
          >
            school calendar
          </a>
          .
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={form.saving}>
            Save Attendance Settings
          </Button>
          {notice ? (
            <span role="status" className="text-sm text-brand-700">
              {notice}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
