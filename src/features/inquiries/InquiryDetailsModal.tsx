import type { ReactNode } from 'react';
import { fetchInquiry } from './api';
import { formatDateTime } from '@kit/text/format';
import type { Inquiry } from '@domain/inquiries';
import { INQUIRY_LIST_TEXTS } from './inquiry-list';
import { mailtoLink, replySubject } from '@kit/text/mailto';
import { Button, buttonClass, ErrorBanner, Modal, useListResource } from '@kit';

interface Props {
  /** The row whose details are open, or null (closed). */
  inquiry: Inquiry | null;
  onClose: () => void;
  onDelete: (inquiry: Inquiry) => void;
  deleting: boolean;
  /** A failed delete started here (shown in the modal, which covers the page's banner). */
  error: string | null;
}

/** 'Inquiry Details': email, subject, full message, Created, Last Updated; Close, Reply (a mail to the sender) and 'Delete Inquiry'. */
export function InquiryDetailsModal({ inquiry, onClose, onDelete, deleting, error }: Props) {
  return (
    <Modal
      open={inquiry !== null}
      onClose={onClose}
      title={INQUIRY_LIST_TEXTS.details}
      size="lg"
      footer={
        inquiry ? (
          <>
            <Button variant="secondary" onClick={onClose} data-autofocus>
              Close
            </Button>
            <a
              className={buttonClass('primary')}
              href={mailtoLink(inquiry.email, { subject: replySubject(inquiry.subject) })}
              aria-label={`Reply to ${inquiry.email}`}
            >
              Reply
            </a>
            <Button variant="danger" onClick={() => onDelete(inquiry)} loading={deleting}>
              Delete Inquiry
            </Button>
          </>
        ) : null
      }
    >
      {inquiry ? <Details key={inquiry.id} row={inquiry} error={error} /> : null}
    </Modal>
  );
}

/** Shows the row at once, then the inquiry as GET /api/inquiries/{id} returns it. */
function Details({ row, error }: { row: Inquiry; error: string | null }) {
  const loaded = useListResource((signal) => fetchInquiry(row.id, signal), String(row.id));
  const q = loaded.data ?? row;
  return (
    <div className="space-y-4">
      <ErrorBanner message={error ?? loaded.error} />
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label="Email">
          <span className="break-all">{q.email}</span>
        </Item>
        <Item label="Subject">
          <span className="break-words">{q.subject}</span>
        </Item>
        <Item label="Message" wide>
          {/* Text only, as typed: line breaks kept, markup never rendered. */}
          <p className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-gray-50 p-3">{q.inquiry}</p>
        </Item>
        <Item label="Created">{formatDateTime(q.createdAt, INQUIRY_LIST_TEXTS.noDate)}</Item>
        <Item label="Last Updated">{formatDateTime(q.updatedAt, INQUIRY_LIST_TEXTS.noDate)}</Item>
      </dl>
    </div>
  );
}

function Item({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm text-gray-900">{children}</dd>
    </div>
  );
}
