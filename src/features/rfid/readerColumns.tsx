import type { Column } from '@kit';
import { StatusBadge } from '@kit';
import { isReaderOnline, READER_KIND_LABELS, type RfidReader } from '@domain/rfid';
import { formatDateTime, formatSchoolDateTime } from '@kit/text/format';

/** Online = heard from within 5 minutes (taps, heartbeats, ZKTeco polling). */
function Presence({ reader }: { reader: RfidReader }) {
  const online = reader.isActive && isReaderOnline(reader.lastSeenAt);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${online ? 'bg-brand-600' : 'bg-gray-400'}`} />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

export const readerColumns: Array<Column<RfidReader>> = [
  {
    header: 'Reader',
    className: 'min-w-36',
    cell: (r) => (
      <div>
        <div className="font-medium text-gray-900">{r.name}</div>
        {r.location ? <div className="text-xs text-gray-500">{r.location}</div> : null}
      </div>
    ),
  },
  { header: 'School', cell: (r) => r.school?.acronym ?? '-', detail: 'md' },
  {
    header: 'Kind',
    className: 'min-w-28',
    detail: 'md',
    cell: (r) => (
      <div>
        <div>{READER_KIND_LABELS[r.kind]}</div>
        {r.serialNumber ? <div className="font-mono text-xs text-gray-500">SN {r.serialNumber}</div> : null}
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (r) =>
      r.retiredAt ? (
        <StatusBadge tone="gray" title={`Retired ${formatDateTime(r.retiredAt)}`}>
          Retired
        </StatusBadge>
      ) : (
        <StatusBadge kind="active" value={r.isActive} />
      ),
  },
  { header: 'Connection', cell: (r) => <Presence reader={r} />, detail: 'sm' },
  {
    header: 'Last Seen',
    className: 'whitespace-nowrap',
    detail: 'lg',
    cell: (r) => formatSchoolDateTime(r.lastSeenAt, r.timeZone, 'Never'),
  },
  { header: 'Token', className: 'font-mono text-xs', detail: 'xl', cell: (r) => r.tokenHint ?? '-' },
];
