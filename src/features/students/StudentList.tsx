import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { fetchStudents, STUDENTS_PATH } from './api';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { STUDENT_FILTERS, studentFilterPatch, type StudentFilters } from './actions';
import type { Student } from '@domain/students';
import {
  activeFilterCount,
  BulkActionsBar,
  useActionNotice,
  Button,
  buttonClass,
  CsvExportButton,
  DataTable,
  ErrorBanner,
  FilterBar,
  Pager,
  SelectField,
  TextField,
  useDraft,
  useListQuery,
  useListResource,
  useRowSelection,
} from '@kit';
import { consoleHref, useCan } from '@kit/console/scope';
import { RowMenu } from '@kit/list/RowMenu';
import { ArchiveStudentsDialog } from './ArchiveStudentsDialog';
import { ImportStudentsModal } from './ImportStudentsModal';
import { StudentModal, type StudentModalState } from './StudentModal';
import { studentColumns } from './studentColumns';
import { studentName } from '@domain/students';
import { useClassChoices } from './useClassChoices';
import { MessageStudentsDialog, type BulkTarget } from './bulk/MessageStudentsDialog';
import { JobProgress } from './bulk/JobProgress';
import { followJob } from './bulk/store';
import type { BulkJob } from '@domain/students/matching';

/** The grade and section a list shows, by id and name (for a breadcrumb). */
export interface StudentPlace {
  gradeId: string;
  gradeName?: string;
  sectionName?: string;
}

export interface StudentListProps {
  /** The school-scoped list: the school is fixed, no School filter or column. */
  schoolId?: number;
  /** Called with the chosen grade and section names (the school-scoped breadcrumb). */
  onPlace?: (place: StudentPlace) => void;
  /** Buttons of the heading row, before 'Import CSV' and the export. */
  registerLabel: string;
  archivesLabel: string;
  heading: (actions: ReactNode) => ReactNode;
}

/**
 * The student table, shared by the school-scoped list and Student Management: filters in the URL
 * (grade waits for a school, section for a grade; search applies on the Search button), View per row and its menu (Archive),
 * bulk archive, message and export of the chosen rows or of all the filter matches (those two in the background,
 * their progress above the list), CSV export of the filtered list, CSV import, and the student modals.
 */
export function StudentList({ schoolId, onPlace, registerLabel, archivesLabel, heading }: StudentListProps) {
  const list = useListQuery(STUDENT_FILTERS);
  // A school admin sees only the actions their permissions allow (the server refuses the rest anyway).
  const can = useCan();
  const canManage = can('MANAGE_STUDENTS');
  const canArchive = can('ARCHIVE_STUDENTS');
  const canMessage = can('SEND_SMS');
  const scoped = schoolId !== undefined;
  const filters: Partial<StudentFilters> = scoped ? { ...list.filters, schoolId: String(schoolId) } : list.filters;
  const school = filters.schoolId ?? '';
  const { gradeId, sectionId } = list.query;
  const students = useListResource(
    (signal) => fetchStudents({ ...filters, page: list.query.page, limit: 20 }, signal),
    `${school}|${list.key}`,
  );
  const choices = useClassChoices(school, gradeId);
  const { schools } = useStore($schoolChoices);
  const draft = useDraft({ searchTerm: list.query.searchTerm });
  const selection = useRowSelection(`${school}|${list.key}`);
  // "All N matching this filter", taken for this list's filter and page (another one starts over).
  const [allFor, setAllFor] = useState<string | null>(null);
  const [messaging, setMessaging] = useState<BulkTarget | null>(null);
  const [archivingAll, setArchivingAll] = useState<BulkTarget | null>(null);
  const [modal, setModal] = useState<StudentModalState>(null);
  const [archiving, setArchiving] = useState<Student[] | null>(null);
  const [importing, setImporting] = useState(false);
  const notice = useActionNotice();

  useEffect(() => {
    if (!scoped) void loadSchoolChoices();
  }, [scoped]);
  const gradeName = choices.gradeName(gradeId);
  const sectionName = choices.sectionName(sectionId);
  useEffect(() => onPlace?.({ gradeId, gradeName, sectionName }), [onPlace, gradeId, gradeName, sectionName]);

  const setFilter = (patch: Partial<StudentFilters>) => list.setQuery(studentFilterPatch(patch));
  const rows = useMemo(() => students.data?.students ?? null, [students.data]);
  const chosen = (rows ?? []).filter((s) => selection.selected.has(s.id));
  const total = students.data?.pagination.total ?? 0;
  const allMatching = allFor === `${school}|${list.key}` && chosen.length > 0;
  const listFilter = { schoolId: school, gradeId, sectionId, searchTerm: list.query.searchTerm };
  // The chosen rows are a filter too (their ids): one way to the server for a page's rows and for all matching.
  const target = (): BulkTarget =>
    allMatching
      ? { filter: listFilter, count: total, matching: true }
      : { filter: { schoolId: school, ids: chosen.map((s) => s.id).join(',') }, count: chosen.length, matching: false };
  const clearChoice = () => {
    selection.clear();
    setAllFor(null);
  };
  const refresh = () => {
    clearChoice();
    students.reload();
  };
  const started = (job: BulkJob) => {
    setArchivingAll(null);
    setMessaging(null);
    clearChoice();
    followJob(job, (end) => end.kind === 'ARCHIVE_STUDENTS' && students.reload());
  };

  const actions = (
    <>
      {canManage ? <Button onClick={() => setModal({ mode: 'create' })}>{registerLabel}</Button> : null}
      {canArchive ? (
        <a href={consoleHref('/super-admin/archived-students')} className={buttonClass('secondary')}>
          {archivesLabel}
        </a>
      ) : null}
      {canManage ? (
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
      ) : null}
      <CsvExportButton path={STUDENTS_PATH} filters={filters} filename="students.csv" />
    </>
  );

  return (
    <div>
      {heading(actions)}
      <div className="mb-4 space-y-2">
        {notice.view}
        <ErrorBanner message={rows?.length ? students.error : null} />
      </div>

      <FilterBar
        label="Filter students"
        onApply={() => list.setQuery({ searchTerm: draft.values.searchTerm.trim() })}
        applyLabel="Search"
        onClear={activeFilterCount(list.query, STUDENT_FILTERS) ? list.resetQuery : undefined}
      >
        {scoped ? null : (
          <SelectField
            label="School"
            placeholder="All Schools"
            value={list.query.schoolId}
            options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
            onChange={(e) => setFilter({ schoolId: e.target.value })}
          />
        )}
        <SelectField
          label="Grade"
          placeholder="All Grades"
          value={gradeId}
          disabled={!school}
          hint={school ? undefined : 'Choose a school first'}
          options={choices.grades}
          onChange={(e) => setFilter({ gradeId: e.target.value })}
        />
        <SelectField
          label="Section"
          placeholder="All Sections"
          value={sectionId}
          disabled={!gradeId}
          hint={gradeId ? undefined : 'Choose a grade first'}
          options={choices.sections}
          onChange={(e) => setFilter({ sectionId: e.target.value })}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Search by name, email or LRN"
          value={draft.values.searchTerm}
          onChange={(e) => draft.set({ searchTerm: e.target.value })}
        />
      </FilterBar>

      <div className="mb-3 empty:hidden">
        <JobProgress />
      </div>
      <BulkActionsBar
        count={chosen.length}
        onClear={clearChoice}
        matching={{ total, noun: 'students', all: allMatching, onAll: () => setAllFor(`${school}|${list.key}`) }}
      >
        {canArchive ? (
          <Button size="sm" variant="danger" onClick={() => (allMatching ? setArchivingAll(target()) : setArchiving(chosen))}>
            Archive Selected
          </Button>
        ) : null}
        {canMessage ? (
          <Button size="sm" variant="secondary" onClick={() => setMessaging(target())}>
            Message Parents
          </Button>
        ) : null}
        <CsvExportButton
          path={STUDENTS_PATH}
          filters={{ ...filters, ...(allMatching ? {} : { ids: chosen.map((s) => s.id).join(',') }) }}
          filename="students.csv"
          label="Export Selected"
        />
      </BulkActionsBar>

      <DataTable
        caption="Students"
        columns={studentColumns(!scoped)}
        rows={rows}
        rowKey={(s) => s.id}
        selection={{ ...selection, rowLabel: studentName }}
        rowActions={(s) => (
          <span className="inline-flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setModal({ mode: 'view', id: s.id })}
              aria-label={`View ${studentName(s)}`}
            >
              View
            </Button>
            <RowMenu
              label={`More actions for ${studentName(s)}`}
              items={canArchive ? [{ label: 'Archive', danger: true, onSelect: () => setArchiving([s]) }] : []}
            />
          </span>
        )}
        loading={students.loading}
        error={students.error}
        onRetry={students.reload}
        emptyText="No students found."
      />
      <Pager pagination={students.data?.pagination} onPage={list.setPage} variant="ellipsis" summary="range" noun="students" />

      <StudentModal
        state={modal}
        place={{ schoolId: school, gradeId, sectionId }}
        lockSchool={scoped}
        onClose={() => setModal(null)}
        onSaved={refresh}
        onArchive={(s) => {
          setModal(null);
          setArchiving([s]);
        }}
      />
      <ArchiveStudentsDialog
        students={archiving}
        matching={archivingAll}
        onStarted={started}
        onClose={() => {
          setArchiving(null);
          setArchivingAll(null);
        }}
        onDone={(result) => {
          setArchiving(null);
          notice.report(result);
          if (result.ok) refresh();
        }}
      />
      <MessageStudentsDialog target={messaging} onClose={() => setMessaging(null)} onStarted={started} />
      <ImportStudentsModal
        open={importing}
        schoolId={school}
        lockSchool={scoped}
        onClose={() => setImporting(false)}
        onImported={refresh}
      />
    </div>
  );
}
