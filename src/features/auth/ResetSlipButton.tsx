import { useState } from 'react';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { Modal } from '@kit/ui/Modal';
import { formatDateTime } from '@kit/text/format';
import { RESET_PAGE_PATH, type ResetSlip } from '@domain/auth/password-reset';
import { issueResetSlip } from './recovery-api';

/**
 * 'Reset slip' on a learner's or a school admin's page: issues a one-time code (shown once, valid 24 hours; an
 * earlier unused slip stops working) and shows it as a slip to print or hand over. `path` is the API route
 * below /api (the console's scope turns super-admin/… into admin/… for a school admin).
 */
export function ResetSlipButton({ path, accountName }: { path: string; accountName: string }) {
  const [open, setOpen] = useState(false);
  const [slip, setSlip] = useState<ResetSlip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);

  const close = () => {
    setOpen(false);
    setSlip(null);
    setError(null);
  };
  async function issue() {
    setIssuing(true);
    setError(null);
    try {
      setSlip((await issueResetSlip(path)).data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not issue a reset slip. Please try again.');
    } finally {
      setIssuing(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reset slip
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={slip ? 'Password reset slip' : 'Issue a password reset slip'}
        size="sm"
        footer={
          slip ? (
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button onClick={() => window.print()} data-autofocus>
                Print
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void issue()} loading={issuing} data-autofocus>
                Issue slip
              </Button>
            </>
          )
        }
      >
        {slip ? (
          <div data-reset-slip className="space-y-3 rounded-md border border-dashed border-gray-400 p-4 text-sm text-gray-800">
            <p className="font-semibold">Password reset for {slip.accountName}</p>
            <p>
              Sign-in: <span className="font-mono">{slip.signInAs}</span>
            </p>
            <p>
              Open <span className="font-mono">{`${location.origin}${RESET_PAGE_PATH}`}</span> and enter this code:
            </p>
            <p className="text-center font-mono text-2xl tracking-widest" aria-label={`Code ${slip.code.split('').join(' ')}`}>
              {slip.code}
            </p>
            <p>It works once, until {formatDateTime(slip.expiresAt)}. Every device signed in to the account is signed out.</p>
          </div>
        ) : (
          <div className="space-y-3 text-sm text-gray-700">
            <p>
              A one-time code lets <strong>{accountName}</strong> choose a new password. It works once, for 24 hours; an earlier
              slip that was not used stops working. Hand it over in person.
            </p>
            {error ? <ErrorBanner message={error} /> : null}
          </div>
        )}
      </Modal>
    </>
  );
}
