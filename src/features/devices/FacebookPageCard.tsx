import { useState } from 'react';
import { runPageTest } from './actions';
import { FACEBOOK_PAGE_MESSAGES, type FacebookPage } from '@domain/devices/facebook-pages';
import { formatDate } from '@kit/text/format';
import { Button, StatusBadge, type Column } from '@kit';

export interface PageActions {
  onEdit: (p: FacebookPage) => void;
  onDelete: (p: FacebookPage) => void;
  onMessage: (p: FacebookPage) => void;
  deletingId: number | null;
}

/** Test Connection, Send Test Message, Edit Page, Delete Page; the test result shows under the buttons. */
export function PageButtons({ page, onEdit, onDelete, onMessage, deletingId }: { page: FacebookPage } & PageActions) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  async function test() {
    setTesting(true);
    setResult(null);
    const r = await runPageTest(page.id);
    setTesting(false);
    setResult({ ok: r.ok, text: r.message ?? '' });
  }
  return (
    <div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void test()}
          loading={testing}
          aria-label={`Test Connection of ${page.pageName}`}
        >
          Test Connection
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onMessage(page)}
          aria-label={`Send Test Message from ${page.pageName}`}
        >
          Send Test Message
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onEdit(page)} aria-label={`Edit Page ${page.pageName}`}>
          Edit Page
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => onDelete(page)}
          loading={deletingId === page.id}
          aria-label={`Delete Page ${page.pageName}`}
        >
          Delete Page
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`mt-2 text-right text-sm empty:hidden ${result?.ok ? 'text-green-700' : 'text-red-700'}`}
      >
        {result?.text}
      </p>
    </div>
  );
}

const Status = ({ page }: { page: FacebookPage }) => (
  <span className="flex flex-wrap gap-1">
    <StatusBadge kind="active" value={page.isActive} />
    {page.needsReauth ? (
      <StatusBadge tone="red" title={FACEBOOK_PAGE_MESSAGES.needsReauth}>
        Needs reconnection
      </StatusBadge>
    ) : null}
  </span>
);

/** Facebook page as a card. */
export function FacebookPageCard({ page, ...actions }: { page: FacebookPage } & PageActions) {
  return (
    <article aria-label={page.pageName} className="flex h-full flex-col gap-2">
      <div className="flex items-start justify-between gap-2">
        <h2 className="break-words text-base font-semibold text-gray-900">{page.pageName}</h2>
        <Status page={page} />
      </div>
      <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">Page ID</dt>
        <dd className="break-all text-gray-900">{page.pageId}</dd>
        <dt className="text-gray-500">School</dt>
        <dd className="text-gray-900">{page.school?.name ?? '-'}</dd>
        <dt className="text-gray-500">Token</dt>
        <dd className="font-mono text-gray-900">{page.accessToken}</dd>
        <dt className="text-gray-500">Added</dt>
        <dd className="text-gray-900">{formatDate(page.createdAt)}</dd>
      </dl>
      {page.needsReauth ? <p className="text-xs text-red-700">{FACEBOOK_PAGE_MESSAGES.needsReauth}</p> : null}
      <div className="mt-auto pt-2">
        <PageButtons page={page} {...actions} />
      </div>
    </article>
  );
}

export const PAGE_COLUMNS: Array<Column<FacebookPage>> = [
  { header: 'Page', cell: (p) => <span className="font-medium text-gray-900">{p.pageName}</span> },
  { header: 'Page ID', cell: (p) => p.pageId, className: 'hidden md:table-cell' },
  { header: 'School', cell: (p) => p.school?.name ?? '-' },
  { header: 'Status', cell: (p) => <Status page={p} /> },
  { header: 'Added', cell: (p) => formatDate(p.createdAt), className: 'hidden lg:table-cell whitespace-nowrap' },
];
