import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, ConfirmDialog } from '@kit';
import { formatSchoolDateTime } from '@kit/text/format';
import { schoolYearLabel, type RolloverRecord } from '@domain/school-year';
import { $rollover, undo } from './store';

/** The school's last rollover: when, by whom, its counts, and Undo while it may be undone. */
export function LastRollover({ last, timeZone, onUndone }: { last: RolloverRecord; timeZone: string; onUndone: () => void }) {
  const { busy } = useStore($rollover);
  const [asking, setAsking] = useState(false);
  const from = schoolYearLabel(last.from);
  return (
    <section aria-labelledby="last-rollover" className="space-y-2 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="last-rollover" className="text-base font-semibold text-gray-900">
        Last rollover: {from} → {schoolYearLabel(last.to)}
      </h2>
      <p className="text-sm text-gray-700">
        {formatSchoolDateTime(last.createdAt, timeZone)}
        {last.byName ? ` by ${last.byName}` : ''}: {last.summary.promoted} up a grade, {last.summary.retained} retained,{' '}
        {last.summary.completed} completed, {last.summary.leftArchived} who left archived.
      </p>
      {last.undoneAt ? (
        <p className="text-sm text-gray-700">Undone {formatSchoolDateTime(last.undoneAt, timeZone)}.</p>
      ) : last.canUndo ? (
        <>
          <p className="text-sm text-gray-700">Can be undone until {formatSchoolDateTime(last.undoUntil, timeZone)}.</p>
          <Button variant="danger" onClick={() => setAsking(true)} loading={busy === 'undo'}>
            Undo rollover
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Undo the rollover?"
        message={`Every learner goes back to their ${from} class, completers and leavers are restored, and the sections and holidays the rollover added are removed.`}
        confirmLabel="Undo rollover"
        busy={busy === 'undo'}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          void undo(last.id, () => {
            setAsking(false);
            onUndone();
          })
        }
      />
    </section>
  );
}
