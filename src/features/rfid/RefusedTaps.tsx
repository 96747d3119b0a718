import { fetchTapRefusals } from './api';
import { formatSchoolDateTime } from '@kit/text/format';
import { REFUSALS_SHOWN } from '@domain/rfid';
import { DataTable, useListResource } from '@kit';

/** Values a device sent, as sent (escaped by the server): long and unbroken, so they may wrap anywhere (narrow
 * enough that the table fits at 1440 px with the zone after each Received time). */
const asSent = (value: string | null) => <span className="block min-w-[10rem] [overflow-wrap:anywhere]">{value ?? '-'}</span>;

/**
 * Device Management → RFID Readers: the latest taps the readers sent that could not be recorded —
 * an impossible date or time, control characters, not a card UID, outside the accepted window — with the reason,
 * so an installer sees why a reader's taps do not count. Follows the tab's school filter.
 */
export function RefusedTaps({ schoolId, refreshKey }: { schoolId: string; refreshKey: string }) {
  const refusals = useListResource((signal) => fetchTapRefusals(schoolId, signal), `refusals:${schoolId}:${refreshKey}`);
  return (
    <section aria-labelledby="refused-taps" className="mt-6">
      <h2 id="refused-taps" className="mb-2 text-base font-semibold text-gray-900">
        Refused Taps
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        The latest {REFUSALS_SHOWN} taps readers sent that could not be recorded, and why. The reader was told they arrived, so it
        does not send them again.
      </p>
      <DataTable
        caption="Refused taps"
        columns={[
          { header: 'Reader', cell: (r) => r.readerName },
          { header: 'Received', className: 'whitespace-nowrap', cell: (r) => formatSchoolDateTime(r.receivedAt, r.timeZone) },
          { header: 'Reason', className: 'min-w-[12rem]', cell: (r) => r.reason },
          { header: 'Event', className: 'font-mono text-xs', cell: (r) => asSent(r.eventId) },
          { header: 'Card As Sent', className: 'font-mono text-xs', cell: (r) => asSent(r.cardUidRaw) },
          { header: 'Time As Sent', className: 'font-mono text-xs', cell: (r) => asSent(r.tappedAtRaw) },
        ]}
        rows={refusals.data}
        rowKey={(r) => r.id}
        loading={refusals.loading}
        error={refusals.error}
        onRetry={refusals.reload}
        emptyText="No refused taps"
      />
    </section>
  );
}
