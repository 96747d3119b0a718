import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { sectionDayQuerySchema, type SectionDay } from '@domain/section-day';
import { validate } from '@domain/validation';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { consoleHref, isAdminConsole } from '@kit/console/scope';
import {
  buttonClass,
  clearDependents,
  EmptyState,
  ErrorState,
  FilterBar,
  LoadingState,
  SelectField,
  TextField,
  useListQuery,
  useListResource,
} from '@kit';
import { fetchHistoryFilterOptions, fetchSectionDay } from './api';
import { followAttendance } from './live-store';
import { SECTION_DAY_DEFAULTS } from './section-day-link';
import { SectionDayView } from './SectionDayView';

const DEPENDENTS = { schoolId: ['gradeId', 'sectionId'], gradeId: ['sectionId'] } as const;

/**
 * A section's day (a class adviser's phone view): choose the grade and section (and the school, super admin) and a
 * day (today at first); the choices stay in the URL. A tap of one of its learners reloads it.
 */
export default function SectionDayScreen() {
  const list = useListQuery(SECTION_DAY_DEFAULTS);
  const { schoolId, gradeId, sectionId, date } = list.query;
  const chooseSchool = !isAdminConsole();
  const optionsSchool = chooseSchool ? schoolId : '';
  const options = useListResource((signal) => fetchHistoryFilterOptions(optionsSchool, signal), `options:${optionsSchool}`);
  const { schools } = useStore($schoolChoices);
  useEffect(() => {
    if (chooseSchool) void loadSchoolChoices();
  }, [chooseSchool]);

  const checked = validate(sectionDayQuerySchema, { sectionId, date });
  const day = useListResource<SectionDay | null>(
    (signal) => (checked.ok ? fetchSectionDay(checked.value, signal) : Promise.resolve(null)),
    `${sectionId}|${date}`,
  );

  // A tap (or a correction) of one of the section's learners on the day shown: read the day again.
  const shown = useRef(day.data);
  shown.current = day.data;
  const { reload } = day;
  useEffect(
    () =>
      followAttendance((event) => {
        const d = shown.current;
        if (d && event.record.date === d.date && d.learners.some((l) => l.studentId === event.studentId)) reload();
      }),
    [reload],
  );

  const set = (patch: Partial<typeof SECTION_DAY_DEFAULTS>) =>
    list.setQuery(clearDependents<typeof SECTION_DAY_DEFAULTS>(patch, DEPENDENTS), { replace: true });
  const hasSchool = !chooseSchool || schoolId !== '';
  const grade = options.data?.grades.find((g) => String(g.id) === gradeId);

  return (
    <div>
      <ScreenHeading title="Section Day">
        <a href={consoleHref('/super-admin/attendance-history')} className={buttonClass('secondary')}>
          Attendance History
        </a>
      </ScreenHeading>
      <FilterBar label="Class and day">
        {chooseSchool ? (
          <SelectField
            label="School"
            placeholder="Choose a school"
            value={schoolId}
            options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
            onChange={(e) => set({ schoolId: e.target.value })}
          />
        ) : null}
        <SelectField
          label="Grade"
          placeholder="Choose a grade"
          value={gradeId}
          disabled={!hasSchool}
          hint={hasSchool ? undefined : 'Choose a school first'}
          options={(options.data?.grades ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => set({ gradeId: e.target.value })}
        />
        <SelectField
          label="Section"
          placeholder="Choose a section"
          value={sectionId}
          disabled={!grade}
          hint={grade ? undefined : 'Choose a grade first'}
          options={(grade?.sections ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => set({ sectionId: e.target.value })}
        />
        <TextField
          label="Day"
          type="date"
          value={date || day.data?.date || ''}
          error={checked.ok ? undefined : checked.errors.date}
          onChange={(e) => set({ date: e.target.value })}
        />
      </FilterBar>
      {!checked.ok && !checked.errors.date ? (
        <EmptyState>{checked.errors.sectionId}: see who is in school, who is still missing and who has left.</EmptyState>
      ) : day.error ? (
        <ErrorState message={day.error} onRetry={day.reload} />
      ) : day.data ? (
        <SectionDayView day={day.data} />
      ) : day.loading ? (
        <LoadingState rows={4} />
      ) : null}
    </div>
  );
}
