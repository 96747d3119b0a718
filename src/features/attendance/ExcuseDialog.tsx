import { useId, useState, type FormEvent } from 'react';
import { Button, CancelButton, ErrorBanner, Modal, TextAreaField } from '@kit';
import { actionFailure } from '@kit/action';
import { excuseSchema, type AttendanceRecord } from '@domain/attendance';
import { validate } from '@domain/validation';
import { excuseAttendance } from './api';

/**
 * 'Mark Excused' (MANAGE_ATTENDANCE): the student's day becomes EXCUSED with the note as its reason, logged on the
 * server; the answered record replaces the row.
 */
export function ExcuseDialog({
  record,
  onClose,
  onDone,
}: {
  record: AttendanceRecord;
  onClose: () => void;
  onDone: (record: AttendanceRecord) => void;
}) {
  const formId = useId();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = `${record.student.firstName} ${record.student.lastName}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = validate(excuseSchema, { studentId: record.studentId, date: record.date, note });
    if (!checked.ok) return setErrors(checked.errors);
    setSaving(true);
    try {
      onDone(await excuseAttendance(checked.value));
    } catch (err) {
      const failure = await actionFailure(err, 'Failed to excuse attendance');
      if (!failure.ok) {
        setErrors(failure.errors);
        setBanner(failure.message);
      }
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={() => !saving && onClose()}
      title="Mark Excused"
      description={`${name}, ${record.date}: the day becomes EXCUSED, with your note as the reason.`}
      footer={
        <>
          <CancelButton disabled={saving} />
          <Button type="submit" form={formId} loading={saving}>
            Mark Excused
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={banner} />
        <TextAreaField
          label="Reason"
          required
          data-autofocus
          rows={3}
          value={note}
          error={errors.note}
          onChange={(e) => {
            setNote(e.target.value);
            setErrors({});
          }}
        />
      </form>
    </Modal>
  );
}
