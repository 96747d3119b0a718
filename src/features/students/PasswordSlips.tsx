import { useState } from 'react';
import type { PasswordSlip } from '@domain/students';
import { Button, ErrorBanner, Modal } from '@kit';
import { issuePasswordSlip } from './api';

/** Where a learner signs in (this console's own address). */
export const signInAddress = () => `${location.origin}/login`;

/**
 * Learners' password slips for their guardians: school, learner, LRN, sign-in address and the generated password.
 * Printing shows the slips alone, two to a row, never split across pages (global.css, data-password-slips).
 */
export function PasswordSlips({ slips }: { slips: PasswordSlip[] }) {
  const address = signInAddress();
  return (
    <div data-password-slips className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
      {slips.map((s) => (
        <article
          key={s.studentId}
          data-password-slip
          aria-label={`Password slip for ${s.learnerName}`}
          className="break-inside-avoid space-y-1 rounded-md border border-dashed border-gray-400 p-4 text-sm text-gray-800"
        >
          <p className="font-semibold">{s.schoolName}</p>
          <p className="text-base font-semibold">{s.learnerName}</p>
          <p>
            LRN: <span className="font-mono">{s.lrn}</span>
          </p>
          <p className="break-all">
            Sign in at: <span className="font-mono">{address}</span>
          </p>
          <p>
            Password: <span className="font-mono text-lg font-semibold">{s.password}</span>
          </p>
          <p className="text-xs text-gray-600">
            Sign in with the LRN and this password, then choose your own password. Keep this slip private.
          </p>
        </article>
      ))}
    </div>
  );
}

/** The slips in a dialog, shown once: print them before closing (the passwords are not kept readable anywhere). */
export function PasswordSlipsDialog({
  slips,
  onClose,
  lead,
}: {
  slips: PasswordSlip[];
  onClose: () => void;
  /** what was just done ('Student Registered Successfully!') */
  lead?: string;
}) {
  const many = slips.length > 1;
  return (
    <Modal
      open
      onClose={onClose}
      title={many ? `Password slips (${slips.length})` : 'Password slip'}
      size={many ? 'xl' : 'md'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => window.print()} data-autofocus>
            {many ? 'Print slips' : 'Print slip'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {lead ? (
          <p className="font-semibold text-green-800" role="status">
            {lead}
          </p>
        ) : null}
        <p className="text-sm text-gray-700">
          {many ? 'These passwords are' : 'This password is'} shown only now: print {many ? 'the slips' : 'the slip'} for the
          guardian before closing. The learner chooses their own password at the first sign-in.
        </p>
        <PasswordSlips slips={slips} />
      </div>
    </Modal>
  );
}

/**
 * A learner's new password slip: confirm, then the slip (shown once). It takes the place of the learner's dialog
 * rather than opening over it: a dialog hidden behind a printout would close itself (Headless UI closes a dialog
 * whose panel disappears).
 */
export function NewPasswordSlipDialog({
  studentId,
  learnerName,
  onClose,
}: {
  studentId: number;
  learnerName: string;
  onClose: () => void;
}) {
  const [slip, setSlip] = useState<PasswordSlip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  async function issue() {
    setIssuing(true);
    setError(null);
    try {
      setSlip((await issuePasswordSlip(studentId)).data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to issue a new password');
    } finally {
      setIssuing(false);
    }
  }
  if (slip) return <PasswordSlipsDialog slips={[slip]} onClose={onClose} />;
  return (
    <Modal
      open
      onClose={onClose}
      title="Issue a new password slip"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void issue()} loading={issuing} data-autofocus>
            Issue new password
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-gray-700">
        <p>
          <strong>{learnerName}</strong> gets a new generated password, shown once on a slip to print for the guardian. The
          current password stops working, every device signed in to the account is signed out, and the learner chooses their own
          password at the next sign-in.
        </p>
        {error ? <ErrorBanner message={error} /> : null}
      </div>
    </Modal>
  );
}
