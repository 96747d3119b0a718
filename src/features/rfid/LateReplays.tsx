import { fetchLateReplays } from './api';
import { formatSchoolDateTime } from '@kit/text/format';
import { LATE_REPLAYS_SHOWN, type LateReplay } from '@domain/rfid';
import { DataTable, useListResource } from '@kit';

const REASONS: Record<LateReplay['reason'], string> = {
  OVER_ABSENT: 'Changed an ABSENT mark',
  NOT_OWN_BUFFER: 'Sent long after its time, out of the reader’s order',
};

/**
 * Device Management → RFID Readers: taps that changed attendance long after they happened (late replays) — over an
 * ABSENT mark, or not from the reader's own stored taps — with the reader and the staff member who set its token.
 * The parent was sent a correction. Follows the tab's school filter.
 */
export function LateReplays({ schoolId, refreshKey }: { schoolId: string; refreshKey: string }) {
  const replays = useListResource((signal) => fetchLateReplays(schoolId, signal), `late-replays:${schoolId}:${refreshKey}`);
  return (
    <section aria-labelledby="late-replays" className="mt-6">
      <h2 id="late-replays" className="mb-2 text-base font-semibold text-gray-900">
        Late Replays
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        The latest {LATE_REPLAYS_SHOWN} taps that changed attendance long after they happened. Each is in the activity log, and
        the parent was sent a correction.
      </p>
      <DataTable
        caption="Late replays"
        columns={[
          {
            header: 'Late Replay',
            cell: (r) => (
              <span className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                {REASONS[r.reason]}
              </span>
            ),
          },
          { header: 'Student', cell: (r) => r.studentName },
          { header: 'Change', className: 'whitespace-nowrap', cell: (r) => `${r.from ?? 'No record'} → ${r.to}` },
          { header: 'Tapped', className: 'whitespace-nowrap', cell: (r) => formatSchoolDateTime(r.tappedAt, r.timeZone) },
          { header: 'Received', className: 'whitespace-nowrap', cell: (r) => formatSchoolDateTime(r.receivedAt, r.timeZone) },
          { header: 'Reader', cell: (r) => r.readerName },
          { header: 'Token Set By', cell: (r) => (r.madeBy ? `${r.madeBy.name} (${r.madeBy.email})` : 'Not recorded') },
        ]}
        rows={replays.data}
        rowKey={(r) => r.id}
        loading={replays.loading}
        error={replays.error}
        onRetry={replays.reload}
        emptyText="No late replays"
      />
    </section>
  );
}
