import { SF1_REQUIRED_LABELS } from '@domain/sf1';
import { Button, ErrorState, LoadingState, useListResource } from '@kit';
import { downloadSf1, fetchSf1 } from './api';
import { FormMissing } from './Sf2Missing';
import { Sf1Table } from './Sf1Table';

/** The chosen section's School Form 1 as XLSX and PDF (`run` and `busy`: the School Forms screen's, one download at a time). */
export function Sf1Downloads({
  schoolId,
  sectionId,
  schoolYear,
  busy,
  run,
}: {
  schoolId: number;
  sectionId: number;
  schoolYear: string;
  busy: string | null;
  run: (label: string, work: () => Promise<void>) => Promise<void>;
}) {
  return (['xlsx', 'pdf'] as const).map((format) => (
    <Button
      key={format}
      variant="secondary"
      disabled={!sectionId || busy !== null}
      loading={busy === `sf1-${format}`}
      onClick={() => void run(`sf1-${format}`, () => downloadSf1(schoolId, sectionId, schoolYear, format))}
    >
      Download SF1 {format.toUpperCase()}
    </Button>
  ));
}

/** School Form 1 (School Register) of the chosen section for the school year on screen, and what keeps it from being filed. */
export function Sf1Preview({ schoolId, sectionId, schoolYear }: { schoolId: number; sectionId: number; schoolYear: string }) {
  const form = useListResource(
    (signal) => (sectionId ? fetchSf1(schoolId, sectionId, schoolYear, signal) : Promise.resolve(null)),
    `${schoolId}/${sectionId}/${schoolYear}`,
  );
  const missing = form.data?.missing;
  if (!sectionId)
    return (
      <p className="rounded-lg bg-white p-6 text-sm text-gray-600 shadow-sm">
        Choose a grade and a section to see its School Register.
      </p>
    );
  if (form.loading && !form.data) return <LoadingState rows={6} label="Making the form…" />;
  if (form.error) return <ErrorState message={form.error} onRetry={form.reload} />;
  if (!form.data || !missing) return null;
  return (
    <>
      <FormMissing
        schoolId={schoolId}
        noSchoolId={missing.schoolId}
        learners={missing.learners.map((l) => ({ ...l, detail: `no ${l.fields.map((f) => SF1_REQUIRED_LABELS[f]).join(', ')}` }))}
        learnersText={
          missing.learners.length === 1
            ? 'This learner’s record lacks what the form needs (sex and birth date):'
            : `These ${missing.learners.length} learners’ records lack what the form needs (sex and birth date):`
        }
      />
      <Sf1Table form={form.data} />
    </>
  );
}
