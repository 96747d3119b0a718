import { useState } from 'react';
import { archiveChosenStudents } from './actions';
import type { ActionResult } from '@kit/form/action';
import type { Student } from '@domain/students';
import { CancelButton, Button, ErrorBanner, Modal, TextAreaField } from '@kit';
import { studentName } from '@domain/students';
import type { BulkJob } from '@domain/students/matching';
import { actionFailure } from '@kit/form/action';
import { archiveMatching } from './bulk/api';
import type { BulkTarget } from './bulk/MessageStudentsDialog';

/**
 * Archive Student confirmation (Student modals): says the student leaves the active list but
 * keeps every record; an optional reason. With several students, one reason for all (one transaction).
 * With `matching` (all N the filter matches), the count is on the button and checked by the server, and the
 * archive runs in the background (`onStarted` gets its job).
 */
export function ArchiveStudentsDialog({
  students,
  matching = null,
  onClose,
  onDone,
  onStarted,
}: {
  students: Student[] | null;
  matching?: BulkTarget | null;
  onClose: () => void;
  onDone: (result: ActionResult) => void;
  onStarted?: (job: BulkJob) => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = students ?? [];
  const one = list.length === 1 ? list[0] : null;

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };
  async function archiveAll(target: BulkTarget) {
    setBusy(true);
    try {
      const res = await archiveMatching(target.filter, target.count, reason);
      setBusy(false);
      setReason('');
      setError(null);
      onStarted?.(res.data);
    } catch (err) {
      const failure = await actionFailure(err, 'Failed to archive students');
      setBusy(false);
      if (!failure.ok) setError(failure.message ?? Object.values(failure.errors)[0] ?? 'Failed to archive students');
    }
  }
  async function archive() {
    if (matching) return archiveAll(matching);
    setBusy(true);
    const result = await archiveChosenStudents(
      list.map((s) => s.id),
      reason,
    );
    setBusy(false);
    if (!result.ok) return setError(result.message ?? Object.values(result.errors)[0] ?? 'Failed to archive student');
    setReason('');
    setError(null);
    onDone(result);
  }

  return (
    <Modal
      open={students !== null || matching !== null}
      onClose={close}
      title={one ? 'Archive Student' : `Archive ${(matching?.count ?? list.length).toLocaleString('en-US')} Students`}
      size="sm"
      footer={
        <>
          <CancelButton disabled={busy} data-autofocus />
          <Button variant="danger" onClick={() => void archive()} loading={busy}>
            {matching ? `Archive ${matching.count.toLocaleString('en-US')} students` : 'Archive'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">
        <ErrorBanner message={error} />
        <p>
          {matching ? (
            <>
              Are you sure you want to archive <strong>all {matching.count.toLocaleString('en-US')} students</strong> matching
              this filter?
            </>
          ) : one ? (
            <>
              Are you sure you want to archive <strong>{studentName(one)}</strong>?
            </>
          ) : (
            <>Are you sure you want to archive these {list.length} students?</>
          )}{' '}
          This removes {one ? 'them' : 'them all'} from active students, but their data is preserved and can be restored from
          Archived Students.
        </p>
        <TextAreaField
          label="Reason (optional)"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Modal>
  );
}
