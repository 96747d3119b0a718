import { useId, useState, type FormEvent } from 'react';
import { Button, CancelButton, ErrorBanner, Modal, SelectField, TextAreaField, TextField } from '@kit';
import { actionFailure } from '@kit/form/action';
import { ARRIVED_STATUSES, CORRECTION_STATUSES, correctionSchema, excuseSchema, type AttendanceRecord } from '@domain/attendance';
import { schoolClockValue } from '@kit/text/format';
import { validate } from '@domain/validation';
import { correctAttendance, excuseAttendance } from './api';

/** 'excuse': the day becomes EXCUSED; 'status': the status is corrected. Both take a reason. */
export type CorrectionMode = 'excuse' | 'status';

const TEXT = {
  excuse: { title: 'Mark Excused', action: 'Mark Excused', failed: 'Failed to excuse attendance' },
  status: { title: 'Correct Attendance', action: 'Save Correction', failed: 'Failed to correct attendance' },
} as const;

/** Checks the dialog's fields with the route's schema and sends them; the answered record, or the failure. */
async function send(mode: CorrectionMode, record: AttendanceRecord, status: string, reason: string, arrivalTime: string) {
  if (mode === 'excuse') {
    const checked = validate(excuseSchema, { studentId: record.studentId, date: record.date, note: reason });
    // The excuse's note is the dialog's reason field.
    if (!checked.ok) return { errors: { reason: checked.errors.note ?? '', ...checked.errors } };
    return { record: await excuseAttendance(checked.value) };
  }
  const checked = validate(correctionSchema, { status, reason, ...(ARRIVED_STATUSES.includes(status) ? { arrivalTime } : {}) });
  if (!checked.ok) return { errors: checked.errors };
  return { record: await correctAttendance(record.id, checked.value) };
}

/**
 * MANAGE_ATTENDANCE corrections of one record, with a mandatory reason, logged on the server: 'Mark Excused' (the
 * day becomes EXCUSED) or 'Correct Attendance' (PRESENT, LATE or ABSENT; no message goes to the parent, and an
 * unsent notice of the old status is stopped). PRESENT and LATE also ask the arrival time, on the school's clock
 * (the record's check-in when it has one). The answered record replaces the row.
 */
export function CorrectionDialog({
  mode,
  record,
  onClose,
  onDone,
}: {
  mode: CorrectionMode;
  record: AttendanceRecord;
  onClose: () => void;
  onDone: (record: AttendanceRecord) => void;
}) {
  const formId = useId();
  const choices = CORRECTION_STATUSES.filter((s) => s !== record.status);
  const [status, setStatus] = useState<string>(choices[0] ?? '');
  const [reason, setReason] = useState('');
  const [arrivalTime, setArrivalTime] = useState(() => schoolClockValue(record.checkInAt, record.timeZone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = `${record.student.firstName} ${record.student.lastName}`;
  const text = TEXT[mode];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const result = await send(mode, record, status, reason, arrivalTime);
      if (result.record) return onDone(result.record);
      setErrors(result.errors);
    } catch (err) {
      const failure = await actionFailure(err, text.failed);
      if (!failure.ok) {
        setErrors({
          ...failure.errors,
          reason: failure.errors.note ?? failure.errors.reason ?? '',
          arrivalTime: failure.errors.arrivalTime ?? '',
        });
        setBanner(failure.message);
      }
    }
    setSaving(false);
  }

  const description =
    mode === 'excuse'
      ? `${name}, ${record.date}: the day becomes EXCUSED, with your reason as its note.`
      : `${name}, ${record.date}, now ${record.status}. No message goes to the parent; an unsent notice of the old status is stopped.`;
  return (
    <Modal
      open
      onClose={() => !saving && onClose()}
      title={text.title}
      description={description}
      footer={
        <>
          <CancelButton disabled={saving} />
          <Button type="submit" form={formId} loading={saving}>
            {text.action}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={banner} />
        {mode === 'status' ? (
          <SelectField
            label="Corrected Status"
            required
            value={status}
            error={errors.status}
            options={choices.map((s) => ({ value: s, label: s }))}
            onChange={(e) => {
              setStatus(e.target.value);
              setErrors({});
            }}
          />
        ) : null}
        {mode === 'status' && ARRIVED_STATUSES.includes(status) ? (
          <TextField
            label="Arrival Time"
            type="time"
            required
            value={arrivalTime}
            error={errors.arrivalTime}
            hint="On the school's clock"
            onChange={(e) => {
              setArrivalTime(e.target.value);
              setErrors({});
            }}
          />
        ) : null}
        <TextAreaField
          label="Reason"
          required
          data-autofocus
          rows={3}
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors({});
          }}
        />
      </form>
    </Modal>
  );
}
