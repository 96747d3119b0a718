import { useState } from 'react';
import { formatDateTime } from '@domain/format';
import type { StudentMessenger, StudentOptInLink } from '@domain/student-portal';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { makeGuardianLink } from './store';

/**
 * The guardian's Messenger connection: connected or not, and (while nobody is) a single-use QR code to show a
 * guardian on this phone. The code is shown once, when made; a new one stops the last one working.
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
    const result = await makeGuardianLink();
    setBusy(false);
    if (result.ok) {
      setFresh(result.data);
      onChanged(result.data);
    } else setFailure(result.message);
  };

  let body;
  if (error) body = <p className="mt-2 text-sm text-red-800">Error: {error}</p>;
  else if (!status) body = <p className="mt-2 text-sm text-gray-600">Loading Messenger connection...</p>;
  else if (status.connected)
    body = (
      <p className="mt-2 text-sm text-gray-900" data-testid="guardian-messenger">
        A guardian is connected{status.connectedAt ? ` since ${formatDateTime(status.connectedAt)}` : ''} and gets attendance
        messages on Messenger. To connect someone else, ask the school.
      </p>
    );
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
          No guardian is connected to Messenger yet.
        </p>
        {status.pendingLink && !fresh ? (
          <p className="mt-1 text-sm text-gray-700">
            A code made {formatDateTime(status.pendingLink.createdAt)} is waiting to be scanned. Lost it? Make a new one.
          </p>
        ) : null}
        <ErrorBanner message={failure} />
        <Button className="mt-3" variant="secondary" onClick={() => void make()} loading={busy}>
          {busy ? 'Making code...' : 'Show QR code for my guardian'}
        </Button>
      </>
    );

  return (
    <section aria-labelledby="messenger-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="messenger-title" className="text-lg font-semibold text-gray-900">
        Guardian on Messenger
      </h2>
      {body}
      {fresh && !status?.connected ? <FreshCode link={fresh} /> : null}
    </section>
  );
}

/** The code just made: the guardian scans it and sends a message to the school's page. Shown only now. */
function FreshCode({ link }: { link: StudentOptInLink }) {
  const qrUrl = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`;
  const page = link.page?.pageName ?? "the school's page";
  return (
    <div className="mt-3 rounded-lg bg-gray-50 p-3" data-testid="guardian-qr">
      <img
        src={qrUrl}
        alt={`QR code to connect a guardian to ${page} on Messenger`}
        width={224}
        height={224}
        className="mx-auto h-56 w-56"
      />
      <p className="mt-2 text-sm text-gray-800">
        Let your guardian scan this with their phone camera and send a message to {page}. It works once, for one Messenger
        account, until {formatDateTime(link.pendingLink?.expiresAt)}.
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
