import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { ATTENDANCE_STATUSES, type HistoryFilterOptions } from '@domain/attendance';
import { DateRangeFields, DateShortcuts, FilterBar, SelectField, TextField, type DateShortcut } from '@kit';

/** Attendance History's filters as the URL keeps them (studentId comes from links, e.g. a student's page). */
export const HISTORY_DEFAULTS = {
  startDate: '',
  endDate: '',
  status: '',
  studentId: '',
  schoolId: '',
  gradeId: '',
  sectionId: '',
  readerId: '',
  search: '',
};
export type HistoryFilterValues = typeof HISTORY_DEFAULTS;

/** A school's grades, readers; a grade's sections: cleared with the choice they hang on. */
export const HISTORY_DEPENDENTS = {
  schoolId: ['gradeId', 'sectionId', 'readerId'],
  gradeId: ['sectionId'],
} as const;

export interface HistoryFilterBarProps {
  values: HistoryFilterValues;
  errors: Record<string, string>;
  /** The grades, sections, readers and today of the school chosen (the admin's own); null while loading. */
  options: HistoryFilterOptions | null;
  /** The super admin's console: a School select (the admin's is their own school). */
  chooseSchool: boolean;
  onChange: (patch: Partial<HistoryFilterValues>) => void;
  onApply: () => void;
  /** A date shortcut: the other filters chosen, with these dates, applied at once. */
  onDates: (range: DateShortcut) => void;
  onClear: () => void;
}

/**
 * School (super admin), grade, section, student (name or LRN), reader, dates and status. Grade and reader wait for
 * a school, section for a grade; they apply with 'Apply Filters' or a date shortcut.
 */
export function HistoryFilterBar({
  values: v,
  errors,
  options,
  chooseSchool,
  onChange,
  onApply,
  onDates,
  onClear,
}: HistoryFilterBarProps) {
  const { schools } = useStore($schoolChoices);
  useEffect(() => {
    if (chooseSchool) void loadSchoolChoices();
  }, [chooseSchool]);
  const hasSchool = !chooseSchool || v.schoolId !== '';
  const grade = options?.grades.find((g) => String(g.id) === v.gradeId);
  return (
    <FilterBar label="Attendance filters" onApply={onApply} applyLabel="Apply Filters" onClear={onClear}>
      {chooseSchool ? (
        <SelectField
          label="School"
          placeholder="All Schools"
          value={v.schoolId}
          options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
          onChange={(e) => onChange({ schoolId: e.target.value })}
        />
      ) : null}
      <SelectField
        label="Grade"
        placeholder="All Grades"
        value={v.gradeId}
        disabled={!hasSchool}
        hint={hasSchool ? undefined : 'Choose a school first'}
        options={(options?.grades ?? []).map((g) => ({ value: g.id, label: g.name }))}
        onChange={(e) => onChange({ gradeId: e.target.value })}
      />
      <SelectField
        label="Section"
        placeholder="All Sections"
        value={v.sectionId}
        disabled={!grade}
        hint={grade ? undefined : 'Choose a grade first'}
        options={(grade?.sections ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(e) => onChange({ sectionId: e.target.value })}
      />
      <TextField
        label="Student"
        type="search"
        placeholder="Name or LRN"
        value={v.search}
        error={errors.search}
        onChange={(e) => onChange({ search: e.target.value })}
      />
      <SelectField
        label="Reader"
        placeholder="All Readers"
        value={v.readerId}
        disabled={!hasSchool}
        hint={hasSchool ? undefined : 'Choose a school first'}
        options={(options?.readers ?? []).map((r) => ({
          value: r.id,
          label: `${r.name}${r.location ? ` (${r.location})` : ''}${r.retired ? ' (retired)' : ''}`,
        }))}
        onChange={(e) => onChange({ readerId: e.target.value })}
      />
      <DateRangeFields
        labels={['From Date', 'To Date']}
        startDate={v.startDate}
        endDate={v.endDate}
        errors={errors}
        onChange={onChange}
      />
      <SelectField
        label="Status"
        value={v.status}
        placeholder="All"
        options={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: s }))}
        onChange={(e) => onChange({ status: e.target.value })}
      />
      <DateShortcuts today={options?.today} onPick={onDates} />
    </FilterBar>
  );
}
