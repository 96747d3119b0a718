import { formatSchoolDateTime } from '@kit/text/format';
import type { StudentMessages } from '@domain/student-portal';
import { StatusBadge } from '@kit/display/StatusBadge';
import { Button } from '@kit/ui/Button';
import { CHANNELS, MESSAGE_TYPES } from './labels';

/** The messages sent to the guardians about this learner (SMS and Messenger), newest first, with their status. */
export function MessagesCard({
  messages,
  error,
  loading,
  page,
  onPage,
  onRetry,
}: {
  messages: StudentMessages | null;
  error: string | null;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onRetry: () => void;
}) {
  let body;
  if (error)
    body = (
      <div className="mt-2 text-sm text-red-800" role="alert">
        Error: {error}{' '}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  else if (!messages) body = <p className="mt-2 text-sm text-gray-600">Loading messages...</p>;
  else if (messages.messages.length === 0)
    body = <p className="mt-2 text-sm text-gray-600">No messages have been sent to your guardians yet.</p>;
  else
    body = (
      <ol className="mt-2 divide-y divide-gray-100" data-testid="guardian-messages" aria-busy={loading}>
        {messages.messages.map((m) => (
          <li key={m.id} className="py-3">
            <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
              <span className="font-semibold text-gray-900">{MESSAGE_TYPES[m.type] ?? m.type}</span>
              <span>
                {CHANNELS[m.channel] ?? m.channel}
                {m.phoneNumber ? ` to ${m.phoneNumber}` : ''}
              </span>
              <StatusBadge kind="sms" value={m.status} />
            </div>
            <p className="mt-1 text-sm text-gray-900 [overflow-wrap:anywhere]">{m.message}</p>
            <p className="mt-1 text-xs text-gray-600">
              {formatSchoolDateTime(m.sentAt ?? m.createdAt, m.timeZone)}
              {m.deliveredAt ? ` · delivered ${formatSchoolDateTime(m.deliveredAt, m.timeZone)}` : ''}
            </p>
          </li>
        ))}
      </ol>
    );
  const pages = messages?.pagination.totalPages ?? 1;
  return (
    <section aria-labelledby="messages-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="messages-title" className="text-lg font-semibold text-gray-900">
        Messages to your guardians
      </h2>
      {body}
      {pages > 1 ? (
        <nav aria-label="Messages pages" className="mt-2 flex items-center justify-between gap-2 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
