import type { Sf2Form } from '@domain/sf2';
import { consoleHref, isAdminConsole } from '@kit/console/scope';

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export interface MissingLearner {
  studentId: number;
  name: string;
  lrn: string;
  /** what the learner's record lacks, when the list says it per learner */
  detail?: string;
}

/**
 * What keeps a form from being filed, with a way to fix each: the school's DepEd School ID, and learners whose record
 * lacks what the form needs (each a link to find them). The downloads are refused until then.
 */
export function FormMissing({
  schoolId,
  noSchoolId,
  learners,
  learnersText,
}: {
  schoolId: number;
  noSchoolId: boolean;
  learners: MissingLearner[];
  /** the sentence before the names */
  learnersText: string;
}) {
  if (!noSchoolId && learners.length === 0) return null;
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">Fix these before filing the form (the downloads wait for them):</p>
      <ul className="list-disc space-y-1 pl-5">
        {noSchoolId ? (
          <li>
            The school&apos;s DepEd School ID is not set.{' '}
            <a className={link} href={isAdminConsole() ? '/admin/school-profile' : '/super-admin/schools'}>
              Set it in the school&apos;s details
            </a>
          </li>
        ) : null}
        {learners.length ? (
          <li>
            {learnersText}{' '}
            {learners.map((l, i) => (
              <span key={l.studentId}>
                {i ? ', ' : ''}
                <a className={link} href={consoleHref(`/super-admin/schools/${schoolId}/students?searchTerm=${l.lrn}`)}>
                  {l.name}
                </a>
                {l.detail ? ` (${l.detail})` : ''}
              </span>
            ))}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** SF2's: the School ID, and learners without a recorded sex (left out of both groups until it is recorded). */
export function Sf2Missing({ form, schoolId }: { form: Sf2Form; schoolId: number }) {
  const { missing } = form;
  const n = missing.sex.length;
  return (
    <FormMissing
      schoolId={schoolId}
      noSchoolId={missing.schoolId}
      learners={missing.sex}
      learnersText={`${n === 1 ? 'This learner has' : `These ${n} learners have`} no sex recorded and are left out of the form:`}
    />
  );
}
