import { archiveReasonText, type ArchivedStudent } from '@domain/students';
import { formatSchoolDateTime } from '@kit/text/format';
import { Button, Modal } from '@kit';
import { archivedName } from './archivedColumns';

/** The Reason popup of Archived Students: student, who archived, when, and the reason, with Close. */
export function ReasonModal({ archived, onClose }: { archived: ArchivedStudent | null; onClose: () => void }) {
  return (
    <Modal
      open={archived !== null}
      onClose={onClose}
      title="Archive Reason"
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      {archived ? (
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-medium text-gray-500">Student</dt>
            <dd className="break-words text-gray-900">{archivedName(archived)}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-500">Archived By</dt>
            <dd className="break-words text-gray-900">{archived.archivedByName || '-'}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-500">Archived Date</dt>
            <dd className="text-gray-900">{formatSchoolDateTime(archived.archivedAt, archived.studentData.timeZone)}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-500">Reason</dt>
            <dd className="whitespace-pre-wrap break-words text-gray-900">{archiveReasonText(archived.archiveReason)}</dd>
          </div>
        </dl>
      ) : null}
    </Modal>
  );
}
