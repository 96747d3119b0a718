import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, ConfirmDialog, DataTable } from '@kit';
import { ROLLOVER_UNDO_DAYS, schoolYearLabel, type RolloverPreview } from '@domain/school-year';
import { $rollover, commit } from './store';

type Move = RolloverPreview['moves'][number];

/** The preview of every change with its counts, and the one commit (asked once more). */
export function RolloverPreviewPanel({ preview, onCommitted }: { preview: RolloverPreview; onCommitted: () => void }) {
  const { busy } = useStore($rollover);
  const [asking, setAsking] = useState(false);
  const t = preview.totals;
  const label = schoolYearLabel(preview.to);
  return (
    <section aria-labelledby="rollover-preview" className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <h2 id="rollover-preview" className="text-lg font-semibold text-gray-900">
        3. Preview: {schoolYearLabel(preview.from)} → {label}
      </h2>
      <DataTable<Move>
        caption="What happens to each class"
        emptyText="No class has learners to move."
        rows={preview.moves}
        rowKey={(m) => m.sectionId}
        columns={[
          { header: 'Class', cell: (m) => m.from },
          { header: 'Goes to', cell: (m) => (m.newSection ? `${m.to} (new)` : m.to) },
          { header: 'Moving', cell: (m) => m.moving, className: 'text-right' },
          { header: 'Retained', cell: (m) => m.retained, className: 'text-right', detail: 'sm' },
          { header: 'Left (archived)', cell: (m) => m.left, className: 'text-right', detail: 'sm' },
        ]}
      />
      <ul className="grid gap-1 text-sm text-gray-800 sm:grid-cols-2" aria-label="Totals">
        <li>Learners: {t.learners}</li>
        <li>Up a grade: {t.promoted}</li>
        <li>Retained: {t.retained}</li>
        <li>Completed (archived as graduated): {t.completed}</li>
        <li>Left during the year (archived): {t.leftArchived}</li>
        <li>New sections: {t.newSections}</li>
        <li>Holidays loaded for the new year: {t.holidays}</li>
      </ul>
      <p className="text-sm text-gray-600">
        The old year&apos;s attendance and forms stay as they are. You can undo the rollover for {ROLLOVER_UNDO_DAYS} days.
      </p>
      <Button onClick={() => setAsking(true)} loading={busy === 'commit'}>
        Roll over to {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Roll over to ${label}?`}
        message={`${t.promoted} learners go up a grade, ${t.retained} stay, ${t.completed + t.leftArchived} are archived. The school's year becomes ${label}.`}
        confirmLabel="Roll over"
        tone="primary"
        busy={busy === 'commit'}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          void commit(() => {
            setAsking(false);
            onCommitted();
          })
        }
      />
    </section>
  );
}
