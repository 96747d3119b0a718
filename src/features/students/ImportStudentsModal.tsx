import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { downloadImportSummary, downloadImportTemplate } from './api';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { $studentImport, checkImport, chooseImportFile, resetImport, runImport } from './import-store';
import { CancelButton, Button, DataTable, ErrorBanner, Modal, ProgressBar, SelectField, TextField } from '@kit';
import { Counts, PREVIEW_COLUMNS, SUMMARY_COLUMNS } from './importTables';
import { PasswordSlipsDialog } from './PasswordSlips';
import type { ImportSummary } from '@domain/students/import';
import type { PasswordSlip } from '@domain/students';

/** The slips of the learners an import created (their generated passwords, shown only in this summary). */
const slipsOf = (summary: ImportSummary): PasswordSlip[] =>
  summary.rows.flatMap((r) =>
    r.studentId != null && r.password
      ? [{ studentId: r.studentId, learnerName: r.name, lrn: r.lrn, schoolName: summary.schoolName, password: r.password }]
      : [],
  );

/**
 * Import Students from CSV: template download, file chooser (CSV, ≤ 5 MB, checked here first),
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
  const [printing, setPrinting] = useState(false);
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
        <CancelButton />
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
        {summary.created > 0 ? (
          <Button variant="secondary" onClick={() => setPrinting(true)}>
            Print Password Slips ({summary.created})
          </Button>
        ) : null}
        <Button onClick={close}>Done</Button>
      </>
    ) : null;

  if (printing && summary) return <PasswordSlipsDialog slips={slipsOf(summary)} onClose={() => setPrinting(false)} />;
  return (
    <Modal open={open} onClose={close} title="Import Students from CSV" size="2xl" footer={footer}>
      <div className="space-y-4">
        <ErrorBanner message={state.error ?? templateError} />

        {state.step === 'choose' || state.step === 'checking' ? (
          <>
            <p className="text-sm text-gray-700">
              One row per student, for one school. The LRN identifies each learner (e-mail is optional); grade may be written
              &quot;7&quot; or &quot;Grade 7&quot;, sex M/F or Male/Female, notification preference SMS, Messenger or Both, and
              dates MM/DD/YYYY or YYYY-MM-DD. Every learner gets a generated password, shown after the import with slips to print.
              Nothing is saved until you have seen the preview.
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
            <Counts
              items={[
                ['Rows', preview.total, 'gray'],
                ['Valid', preview.valid, 'green'],
                ['Invalid', preview.invalid, 'red'],
                ['Duplicates', preview.duplicates, 'yellow'],
              ]}
            />
            <p className="text-sm text-gray-700">
              {preview.fileName}: only the valid rows are imported; fix the others in the file and import it again.
            </p>
            <ul data-import-rules className="list-disc space-y-1 rounded-md bg-blue-50 py-2 pl-8 pr-3 text-sm text-blue-900">
              {preview.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
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
            <Counts
              items={[
                ['Rows', summary.total, 'gray'],
                ['Created', summary.created, 'green'],
                ['Skipped', summary.skipped, 'yellow'],
                ['Failed', summary.failed, 'red'],
              ]}
            />
            {summary.created > 0 ? (
              <p className="text-sm text-gray-700">
                Each new learner got a generated password, shown only here: print the slips for the guardians (or download the
                summary) before closing. Learners choose their own password at the first sign-in.
              </p>
            ) : null}
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
