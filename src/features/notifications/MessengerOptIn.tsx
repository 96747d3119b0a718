import { useMemo, useState } from 'react';
import { fetchMessengerOptIn } from './messenger-opt-in-api';
import { makeOptInLink, unbindParentMessenger } from './messenger-opt-in-actions';
import { formatDateTime } from '@kit/text/format';
import { OPT_IN_MESSAGES, type MessengerOptIn as OptIn, type NewOptInLink } from '@domain/messenger-opt-in';
import { Button, buttonClass, useActionNotice, useConfirm, useListResource } from '@kit';

const pageLabel = (page: { pageId: string; pageName: string | null } | null) =>
  page ? (page.pageName ? `${page.pageName} (${page.pageId})` : `page ${page.pageId}`) : 'an unknown page';

/**
 * The parent's Messenger connection in a student's detail view (`<MessengerOptIn studentId={id} />`): the
 * binding (since when, through which page) with Unbind, and New link. A link binds one parent once and
 * expires; the server keeps only its hash, so it is shown right after "New link" and never again.
 */
export function MessengerOptIn({ studentId }: { studentId: number }) {
  const res = useListResource((signal) => fetchMessengerOptIn(studentId, signal), `messenger-opt-in:${studentId}`);
  const [fresh, setFresh] = useState<NewOptInLink | null>(null);
  const [busy, setBusy] = useState<'link' | 'unbind' | null>(null);
  const { confirm, dialog } = useConfirm();
  const notice = useActionNotice();

  const status: OptIn | null = res.data;
  const newLink = async () => {
    // Say what the new link ends: the waiting link at once, the current parent's binding once it is used.
    const warnings = [
      status?.pendingLink ? 'The link made before stops working at once.' : '',
      status?.binding ? 'Whoever opens the new link replaces the parent connected now.' : '',
    ].filter(Boolean);
    if (
      warnings.length &&
      !(await confirm({
        title: 'New Messenger link',
        message: `${warnings.join(' ')} Make a new link?`,
        confirmLabel: 'New link',
        tone: 'primary',
      }))
    )
      return;
    setBusy('link');
    const result = await makeOptInLink(studentId);
    setBusy(null);
    notice.report(result);
    if (result.ok) {
      setFresh(result.data);
      res.update(() => result.data);
    }
  };
  const unbind = async () => {
    const ok = await confirm({
      title: 'Unbind Messenger',
      message: 'The parent will get no Messenger notifications until they open a new link. Unbind?',
      confirmLabel: 'Unbind',
    });
    if (!ok) return;
    setBusy('unbind');
    const result = await unbindParentMessenger(studentId);
    setBusy(null);
    notice.report(result);
    if (result.ok) res.update(() => result.data);
    else res.reload();
  };

  let body;
  if (res.loading && !status) body = <p className="mt-1 text-sm text-gray-500">Loading Messenger connection…</p>;
  else if (res.error || !status) body = <p className="mt-1 text-sm text-gray-600">{res.error}</p>;
  else
    body = (
      <>
        <p className="mt-1 text-sm text-gray-700" data-testid="messenger-binding">
          {status.binding
            ? `Connected${status.binding.boundAt ? ` since ${formatDateTime(status.binding.boundAt)}` : ''} through ${pageLabel(status.binding.page)}.`
            : 'Not connected: the parent gets no Messenger notifications.'}
        </p>
        {status.pendingLink && !fresh ? (
          <p className="mt-1 text-sm text-gray-600">
            A link made {formatDateTime(status.pendingLink.createdAt)} is waiting to be used (until{' '}
            {formatDateTime(status.pendingLink.expiresAt)}). It is shown only when made: if it is lost, make a new one.
          </p>
        ) : null}
        {status.page ? null : <p className="mt-1 text-sm text-gray-600">{OPT_IN_MESSAGES.noPage}</p>}
        <div className="mt-3 flex flex-wrap gap-2">
          {status.page ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void newLink()}
              loading={busy === 'link'}
              disabled={busy !== null}
            >
              New link
            </Button>
          ) : null}
          {status.binding ? (
            <Button variant="danger" size="sm" onClick={() => void unbind()} loading={busy === 'unbind'} disabled={busy !== null}>
              Unbind
            </Button>
          ) : null}
        </div>
        {fresh ? <FreshLink link={fresh} studentId={studentId} /> : null}
      </>
    );

  return (
    <section aria-label="Parent Messenger" className="rounded-lg border border-gray-200 p-4">
      <h3 className="text-sm font-semibold text-gray-900">Parent Messenger</h3>
      {notice.view}
      {body}
      {dialog}
    </section>
  );
}

/** The link just made, with its QR code: the only time the console can show it. */
function FreshLink({ link, studentId }: { link: NewOptInLink; studentId: number }) {
  const qrUrl = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`, [link.qrSvg]);
  const pageName = link.page?.pageName ?? 'the school page';
  return (
    <div className="mt-3 rounded-md bg-gray-50 p-3">
      <p className="text-sm text-gray-700">
        Give this to the parent now: it is shown only once, connects one Messenger account, and works until{' '}
        {formatDateTime(link.pendingLink?.expiresAt)}. The parent opens it (or scans the code) and sends a message to {pageName}.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <img src={qrUrl} alt={`QR code of the Messenger link for ${pageName}`} width={128} height={128} className="h-32 w-32" />
        <div className="min-w-0 space-y-2">
          <a
            href={link.link}
            target="_blank"
            rel="noopener noreferrer"
            className="block text-sm text-brand-700 underline [overflow-wrap:anywhere]"
          >
            {link.link}
          </a>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => void navigator.clipboard?.writeText(link.link)}
            >
              Copy link
            </button>
            <a href={qrUrl} download={`messenger-opt-in-${studentId}.svg`} className={buttonClass('secondary', 'sm')}>
              Download QR code
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}
