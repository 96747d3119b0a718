import { useState } from 'react';
import type { UnknownTap } from '@domain/rfid';
import { formatSchoolDateTime } from '@kit/text/format';
import { useCan } from '@kit/console/scope';
import { Button, DataTable, type ListResource } from '@kit';
import { AssignCardDialog } from './AssignCardDialog';

/**
 * Device Management → RFID Readers → 'Unknown Cards': the latest taps of cards no learner holds; staff with
 * MANAGE_STUDENTS give a card to a learner from here in one step.
 */
export function UnknownCards({
  unknown,
  onNotice,
}: {
  unknown: ListResource<UnknownTap[]>;
  onNotice: (message: string) => void;
}) {
  const canAssign = useCan()('MANAGE_STUDENTS');
  const [assigning, setAssigning] = useState<UnknownTap | null>(null);
  return (
    <section aria-labelledby="unknown-cards" className="mt-6">
      <h2 id="unknown-cards" className="mb-2 text-base font-semibold text-gray-900">
        Unknown Cards
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        Latest taps of cards no student has: {canAssign ? 'assign the card to a learner' : 'register the card on the student'} to
        count them.
      </p>
      <DataTable
        caption="Unknown cards"
        columns={[
          { header: 'Card ID', className: 'font-mono text-xs', cell: (t) => t.cardUid },
          { header: 'As Sent', className: 'font-mono text-xs', cell: (t) => t.cardUidRaw },
          { header: 'Reader', cell: (t) => [t.readerName, t.readerLocation].filter(Boolean).join(' · ') },
          { header: 'Tapped At', className: 'whitespace-nowrap', cell: (t) => formatSchoolDateTime(t.tappedAt, t.timeZone) },
        ]}
        rows={unknown.data}
        rowKey={(t) => t.id}
        loading={unknown.loading}
        error={unknown.error}
        onRetry={unknown.reload}
        emptyText="No unknown cards tapped"
        rowActions={
          canAssign
            ? (t) => (
                <Button size="sm" variant="secondary" onClick={() => setAssigning(t)}>
                  Assign
                </Button>
              )
            : undefined
        }
      />
      <AssignCardDialog
        tap={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={(message) => {
          setAssigning(null);
          onNotice(message);
          unknown.reload();
        }}
      />
    </section>
  );
}
