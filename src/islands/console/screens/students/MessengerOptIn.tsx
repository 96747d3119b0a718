import { useMemo } from 'react';
import { fetchMessengerOptIn } from '../../../../client/api/facebook-pages';
import { buttonClass, useListResource } from '../../kit';

/**
 * The parent's Messenger opt-in for a student's detail view (drop it in: `<MessengerOptIn studentId={id} />`):
 * the m.me link with the student's ref token and its QR code to print. When the parent opens it and writes to
 * the page, the Messenger webhook binds their PSID to this student.
 */
export function MessengerOptIn({ studentId }: { studentId: number }) {
  const res = useListResource((signal) => fetchMessengerOptIn(studentId, signal), `messenger-opt-in:${studentId}`);
  const qrUrl = useMemo(
    () => (res.data ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(res.data.qrSvg)}` : null),
    [res.data],
  );

  if (res.loading && !res.data) return <p className="text-sm text-gray-500">Loading Messenger link…</p>;
  // No Facebook page for the school is a normal state of a new school: say what to do, not an alarm.
  if (res.error)
    return (
      <section aria-label="Parent Messenger" className="rounded-lg border border-gray-200 p-4">
        <h3 className="text-sm font-semibold text-gray-900">Parent Messenger</h3>
        <p className="mt-1 text-sm text-gray-600">{res.error}</p>
      </section>
    );
  if (!res.data || !qrUrl) return null;
  const { link, pageName, connected } = res.data;
  return (
    <section aria-label="Parent Messenger" className="rounded-lg border border-gray-200 p-4">
      <h3 className="text-sm font-semibold text-gray-900">Parent Messenger</h3>
      <p className="mt-1 text-sm text-gray-600">
        {connected
          ? `Connected: the parent gets notifications from ${pageName} on Messenger.`
          : `Not connected yet. The parent opens this link (or scans the code) and sends a message to ${pageName}.`}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <img src={qrUrl} alt={`QR code of the Messenger link for ${pageName}`} width={128} height={128} className="h-32 w-32" />
        <div className="min-w-0 space-y-2">
          <a href={link} target="_blank" rel="noopener noreferrer" className="block break-all text-sm text-brand-700 underline">
            {link}
          </a>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => void navigator.clipboard?.writeText(link)}
            >
              Copy link
            </button>
            <a href={qrUrl} download={`messenger-opt-in-${studentId}.svg`} className={buttonClass('secondary', 'sm')}>
              Download QR code
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
