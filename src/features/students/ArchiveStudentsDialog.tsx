import { useState } from 'react';
import { archiveChosenStudents } from './actions';
import type { ActionResult } from '@kit/form/action';
import type { Student } from '@domain/students';
import { CancelButton, Button, ErrorBanner, Modal, TextAreaField } from '@kit';
import { studentName } from '@domain/students';

/**
 * Archive Student confirmation (Student modals): says the student leaves the active list but
 * keeps every record; an optional reason. With several students, one reason for all (one transaction).
 */
export function ArchiveStudentsDialog({
  students,
  onClose,
  onDone,
}: {
  students: Student[] | null;
  onClose: () => void;
  onDone: (result: ActionResult) => void;
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
  async function archive() {
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
      open={students !== null}
      onClose={close}
      title={one ? 'Archive Student' : `Archive ${list.length} Students`}
      size="sm"
      footer={
        <>
          <CancelButton disabled={busy} data-autofocus />
          <Button variant="danger" onClick={() => void archive()} loading={busy}>
            Archive
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">
        <ErrorBanner message={error} />
        <p>
          {one ? (
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
