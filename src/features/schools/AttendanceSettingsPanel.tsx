import { useEffect, useState } from 'react';
import { fetchAttendanceSettings } from '@features/attendance';
import { saveSettings, TIME_ZONES } from '@features/attendance';
import { WEEKDAY_LABELS, type AttendanceSettings } from '@domain/attendance';
import { Button, CheckboxField, ErrorBanner, LoadingState, SelectField, TextField, useFormState, useListResource } from '@kit';

const EMPTY: AttendanceSettings = { timeZone: '', lateCutoff: '', absenceCutoff: '', schoolDays: [], holidays: [] };

/**
 * A school's attendance rules: time zone, late cutoff, absence cutoff, school days and holidays.
 * Taps and the absence job read them; the first tap after the late cutoff is LATE, students without a check-in
 * become ABSENT after the absence cutoff on school days that are not holidays.
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

  const toggleDay = (day: number) =>
    set({
      schoolDays: values.schoolDays.includes(day)
        ? values.schoolDays.filter((d) => d !== day)
        : [...values.schoolDays, day].sort(),
    });
  const setHoliday = (i: number, patch: Partial<AttendanceSettings['holidays'][number]>) =>
    set({ holidays: values.holidays.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  const save = async () => {
    setNotice(null);
    const result = await form.submit(() => saveSettings(schoolId, values));
    if (result?.ok) {
      reset(result.data);
      setNotice(result.message);
    }
  };
  const holidayError = Object.entries(errors).find(([k]) => k.startsWith('holidays'))?.[1];

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
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">School Days</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAY_LABELS.map((label, i) => (
              <CheckboxField
                key={label}
                label={label}
                checked={values.schoolDays.includes(i + 1)}
                onChange={() => toggleDay(i + 1)}
              />
            ))}
          </div>
          {errors.schoolDays ? <p className="mt-1 text-sm text-red-600">{errors.schoolDays}</p> : null}
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">Holidays</legend>
          <ul className="space-y-2">
            {values.holidays.map((h, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2">
                <TextField label="Date" type="date" value={h.date} onChange={(e) => setHoliday(i, { date: e.target.value })} />
                <TextField label="Name" value={h.name} onChange={(e) => setHoliday(i, { name: e.target.value })} />
                <Button variant="ghost" size="sm" onClick={() => set({ holidays: values.holidays.filter((_, j) => j !== i) })}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {holidayError ? <p className="mt-1 text-sm text-red-600">{holidayError}</p> : null}
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => set({ holidays: [...values.holidays, { date: '', name: '' }] })}
          >
            Add Holiday
          </Button>
        </fieldset>
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
