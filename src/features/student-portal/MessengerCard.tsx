import { useState } from 'react';
import { formatDateTime } from '@kit/text/format';
import type { StudentMessenger, StudentOptInLink } from '@domain/student-portal';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { makeMyMessengerLink } from './store';

/**
 * Messenger: whether a guardian is connected (only the school's link connects a guardian), and the learner's own
 * Messenger with a single-use QR code / link to connect it. The code is shown once, when made; a new one stops
 * the learner's last one working (never the school's). The learner's own Messenger gets a confirmation only.
 */
export function MessengerCard({
  status,
  error,
  onChanged,
}: {
  status: StudentMessenger | null;
  error: string | null;
  onChanged: (next: StudentMessenger) => void;
}) {
  const [fresh, setFresh] = useState<StudentOptInLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const make = async () => {
    setBusy(true);
    setFailure(null);
    const result = await makeMyMessengerLink();
    setBusy(false);
    if (result.ok) {
      setFresh(result.data);
      onChanged(result.data);
    } else setFailure(result.message);
  };

  let body;
  if (error) body = <p className="mt-2 text-sm text-red-800">Error: {error}</p>;
  else if (!status) body = <p className="mt-2 text-sm text-gray-600">Loading Messenger connection...</p>;
  else if (!status.page)
    body = (
      <p className="mt-2 text-sm text-gray-700" data-testid="guardian-messenger">
        Your school has not set up Messenger yet. Your guardians get text messages (SMS).
      </p>
    );
  else
    body = (
      <>
        <p className="mt-2 text-sm text-gray-900" data-testid="guardian-messenger">
          {status.connected
            ? `A guardian is connected${status.connectedAt ? ` since ${formatDateTime(status.connectedAt)}` : ''} and gets attendance messages on Messenger. To connect someone else, ask the school.`
            : 'No guardian is connected to Messenger yet. Your school gives your guardian their own QR code to connect.'}
        </p>
        <h3 className="mt-4 text-base font-semibold text-gray-900">Your own Messenger</h3>
        <p className="mt-1 text-sm text-gray-900" data-testid="my-messenger">
          {status.mine.connected
            ? `Connected${status.mine.connectedAt ? ` since ${formatDateTime(status.mine.connectedAt)}` : ''}. Attendance messages still go to your guardian.`
            : 'Not connected. Connecting your own account does not change who gets attendance messages.'}
        </p>
        {status.pendingLink && !fresh ? (
          <p className="mt-1 text-sm text-gray-700">
            A code made {formatDateTime(status.pendingLink.createdAt)} is waiting to be used. Lost it? Make a new one.
          </p>
        ) : null}
        <ErrorBanner message={failure} />
        <Button className="mt-3" variant="secondary" onClick={() => void make()} loading={busy}>
          {busy ? 'Making code...' : 'Connect my own Messenger'}
        </Button>
      </>
    );

  return (
    <section aria-labelledby="messenger-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="messenger-title" className="text-lg font-semibold text-gray-900">
        Messenger
      </h2>
      {body}
      {fresh ? <FreshCode link={fresh} /> : null}
    </section>
  );
}

/** The code just made: the learner opens it on their phone and sends a message to the school's page. Shown only now. */
function FreshCode({ link }: { link: StudentOptInLink }) {
  const qrUrl = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`;
  const page = link.page?.pageName ?? "the school's page";
  return (
    <div className="mt-3 rounded-lg bg-gray-50 p-3" data-testid="my-messenger-qr">
      <img
        src={qrUrl}
        alt={`QR code to connect your own Messenger to ${page}`}
        width={224}
        height={224}
        className="mx-auto h-56 w-56"
      />
      <p className="mt-2 text-sm text-gray-800">
        Scan this with your phone, or open the link on it, and send a message to {page}. It works once, for one Messenger account,
        until {formatDateTime(link.pendingLink?.expiresAt)}.
      </p>
      <a
        href={link.link}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 block text-sm text-brand-700 underline [overflow-wrap:anywhere]"
      >
        Open the link instead
      </a>
    </div>
  );
}
