import { formatDateTime } from '@kit/text/format';
import type { Inquiry } from '@domain/inquiries';
import { truncateText } from '@shared/printable';
import { INQUIRY_LIST_TEXTS, INQUIRY_TRUNCATE } from './inquiry-list';
import type { Column } from '@kit';

/** A truncated cell keeps the whole text as its tooltip. Text only: markup a visitor typed is never rendered. */
function Truncated({ text, max }: { text: string; max: number }) {
  const shown = truncateText(text, max);
  return <span title={shown === text ? undefined : text}>{shown}</span>;
}

/** Inquiries Management columns (Actions are the table's row actions). */
export const INQUIRY_COLUMNS: Array<Column<Inquiry>> = [
  // An address is one long word: room for a readable part of it, the rest wraps anywhere.
  {
    header: 'Email',
    cell: (q) => <span className="block min-w-[8rem] [overflow-wrap:anywhere] sm:min-w-[12rem]">{q.email}</span>,
  },
  {
    header: 'Subject',
    cell: (q) => <Truncated text={q.subject} max={INQUIRY_TRUNCATE.subject} />,
    className: '[overflow-wrap:anywhere]',
    detail: 'md',
  },
  {
    header: 'Message',
    cell: (q) => <Truncated text={q.inquiry} max={INQUIRY_TRUNCATE.message} />,
    className: 'min-w-[14rem] [overflow-wrap:anywhere]',
    detail: 'lg',
  },
  {
    header: 'Date',
    cell: (q) =>
      q.createdAt ? (
        <time dateTime={q.createdAt}>{formatDateTime(q.createdAt, INQUIRY_LIST_TEXTS.noDate)}</time>
      ) : (
        INQUIRY_LIST_TEXTS.noDate
      ),
    className: 'whitespace-nowrap',
    detail: 'sm',
  },
];
