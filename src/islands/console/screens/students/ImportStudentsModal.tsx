import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { downloadImportSummary, downloadImportTemplate } from '../../../../client/api/students';
import { $schoolChoices, loadSchoolChoices } from '../../../../client/stores/admins';
import { $studentImport, checkImport, chooseImportFile, resetImport, runImport } from '../../../../client/stores/student-import';
import { type ImportRowResult, type ImportSummaryRow } from '../../../../domain/student-import';
import { Button, DataTable, ErrorBanner, Modal, ProgressBar, SelectField, StatusBadge, TextField, type Column } from '../../kit';

const PREVIEW_COLUMNS: Array<Column<ImportRowResult>> = [
  { header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
  {
    header: 'Student',
    cell: (r) => (
      <span className="block min-w-[9rem]">
        <span className="block font-medium">{`${r.firstName} ${r.lastName}`.trim() || '-'}</span>
        <span className="block break-words text-xs text-gray-600">{r.email || '-'}</span>
      </span>
    ),
  },
  { header: 'LRN', cell: (r) => r.lrn || '-', className: 'whitespace-nowrap tabular-nums' },
  { header: 'Grade / Section', cell: (r) => `${r.grade || '-'} / ${r.section || '-'}`, className: 'min-w-[7rem]' },
  {
    header: 'Status',
    cell: (r) => (
      <StatusBadge tone={r.status === 'valid' ? 'green' : r.status === 'duplicate' ? 'yellow' : 'red'}>
        {r.status === 'valid' ? 'Valid' : r.status === 'duplicate' ? 'Duplicate' : 'Invalid'}
      </StatusBadge>
    ),
  },
  {
    header: 'Errors',
    cell: (r) =>
      Object.keys(r.errors).length ? (
        <ul className="min-w-[12rem] list-disc pl-4 text-red-700">
          {Object.entries(r.errors).map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      ) : (
        '-'
      ),
  },
];

const SUMMARY_COLUMNS: Array<Column<ImportSummaryRow>> = [
  { header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
  { header: 'Name', cell: (r) => r.name || '-', className: 'min-w-[8rem]' },
  { header: 'LRN', cell: (r) => r.lrn || '-', className: 'whitespace-nowrap tabular-nums' },
  {
    header: 'Result',
    cell: (r) => (
      <StatusBadge tone={r.status === 'created' ? 'green' : r.status === 'skipped' ? 'yellow' : 'red'}>
        {r.status === 'created' ? 'Created' : r.status === 'skipped' ? 'Skipped' : 'Failed'}
      </StatusBadge>
    ),
  },
  { header: 'Reason', cell: (r) => r.reason || '-', className: 'min-w-[12rem]' },
];

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-md px-3 py-2 ${tone}`}>
      <dt className="text-xs font-medium uppercase tracking-wide">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

/**
 * Import Students from CSV (issue #10): template download, file chooser (CSV, ≤ 5 MB, checked here first),
 * preview with each row's errors, import of the valid rows with a progress bar, and a downloadable summary.
 */
export function ImportStudentsModal({
  open,
  schoolId: listSchool,
  lockSchool,
  onClose,
  onImported,
}: {
  open: boolean;
  /** The school the list shows ('' = let the user choose). */
  schoolId: string;
  lockSchool?: boolean;
  onClose: () => void;
  /** After an import that created students (the list reloads). */
  onImported: () => void;
}) {
  const state = useStore($studentImport);
  const { schools } = useStore($schoolChoices);
  const [schoolId, setSchoolId] = useState(listSchool);
  const [templateError, setTemplateError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      resetImport();
      setSchoolId(listSchool);
      void loadSchoolChoices();
    }
  }, [open, listSchool]);

  const busy = state.step === 'importing';
  const close = () => {
    if (busy) return;
    resetImport();
    onClose();
  };
  async function template() {
    setTemplateError(null);
    try {
      await downloadImportTemplate();
    } catch (err) {
      setTemplateError((err as Error).message);
    }
  }
  async function importRows() {
    if ((await runImport(schoolId)) && ($studentImport.get().summary?.created ?? 0) > 0) onImported();
  }

  const preview = state.preview;
  const summary = state.summary;
  const footer =
    state.step === 'choose' || state.step === 'checking' ? (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void checkImport(schoolId)} loading={state.step === 'checking'}>
          Check File
        </Button>
      </>
    ) : state.step === 'preview' ? (
      <>
        <Button variant="secondary" onClick={resetImport}>
          Choose Another File
        </Button>
        <Button onClick={() => void importRows()} disabled={!preview?.valid}>
          Import {preview?.valid ?? 0} Valid Row{preview?.valid === 1 ? '' : 's'}
        </Button>
      </>
    ) : state.step === 'summary' && summary ? (
      <>
        <Button variant="secondary" onClick={() => downloadImportSummary(summary)}>
          Download Summary (CSV)
        </Button>
        <Button onClick={close}>Done</Button>
      </>
    ) : null;

  return (
    <Modal open={open} onClose={close} title="Import Students from CSV" size="2xl" footer={footer}>
      <div className="space-y-4">
        <ErrorBanner message={state.error ?? templateError} />

        {state.step === 'choose' || state.step === 'checking' ? (
          <>
            <p className="text-sm text-gray-700">
              One row per student, for one school. Grade and section are matched by name within the school; an empty password
              becomes the last name followed by 2025. Nothing is saved until you have seen the preview.
            </p>
            <Button variant="secondary" size="sm" onClick={() => void template()}>
              Download Template
            </Button>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="School"
                required
                disabled={lockSchool || state.step === 'checking'}
                placeholder="Select a school"
                value={schoolId}
                options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
                onChange={(e) => setSchoolId(e.target.value)}
                data-autofocus={lockSchool ? undefined : true}
              />
              <TextField
                label="CSV File"
                type="file"
                accept=".csv,text/csv"
                required
                hint="CSV (UTF-8), at most 5 MB"
                disabled={state.step === 'checking'}
                onChange={(e) => chooseImportFile(e.target.files?.[0] ?? null)}
              />
            </div>
            {state.step === 'checking' ? (
              <p role="status" className="text-sm text-gray-700">
                {state.phase}
              </p>
            ) : null}
          </>
        ) : null}

        {state.step === 'preview' && preview ? (
          <>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Count label="Rows" value={preview.total} tone="bg-gray-100 text-gray-900" />
              <Count label="Valid" value={preview.valid} tone="bg-green-50 text-green-800" />
              <Count label="Invalid" value={preview.invalid} tone="bg-red-50 text-red-800" />
              <Count label="Duplicates" value={preview.duplicates} tone="bg-yellow-50 text-yellow-900" />
            </dl>
            <p className="text-sm text-gray-700">
              {preview.fileName}: only the valid rows are imported; fix the others in the file and import it again.
            </p>
            <DataTable
              caption="Import preview"
              columns={PREVIEW_COLUMNS}
              rows={preview.rows}
              rowKey={(r) => r.line}
              emptyText="The file has no rows."
            />
          </>
        ) : null}

        {state.step === 'importing' ? <ProgressBar value={state.percent} max={100} label={state.phase} /> : null}

        {state.step === 'summary' && summary ? (
          <>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Count label="Rows" value={summary.total} tone="bg-gray-100 text-gray-900" />
              <Count label="Created" value={summary.created} tone="bg-green-50 text-green-800" />
              <Count label="Skipped" value={summary.skipped} tone="bg-yellow-50 text-yellow-900" />
              <Count label="Failed" value={summary.failed} tone="bg-red-50 text-red-800" />
            </dl>
            <DataTable
              caption="Import summary"
              columns={SUMMARY_COLUMNS}
              rows={summary.rows}
              rowKey={(r) => r.line}
              emptyText="The file had no rows."
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
