import { useEffect, useId, useState, type FormEvent } from 'react';
import { actionFailure } from '@kit/form/action';
import { SmsCounter } from '@kit/form/SmsCounter';
import { Button, CancelButton, ErrorBanner, Modal, SelectField, SuccessOverlay, TextAreaField } from '@kit';
import { GROUP_MESSAGE_MESSAGES, groupMessageSchema, SMS_MAX_SEGMENTS, type GroupChoices } from '@domain/sms-history';
import { useStore } from '@nanostores/react';
import { $schoolChoices, loadSchoolChoices } from '@features/admins';
import { isAdminConsole } from '@kit/console/role';
import { validate } from '@domain/validation';
import { fetchGroupAudience, fetchGroupChoices, sendGroupMessage } from './sms-history-api';

/** "student's parents" / "students' parents". */
const parentsOf = (n: number) => (n === 1 ? "student's parents" : "students' parents");

/**
 * 'Message a class' (SEND_SMS): a message to the parents of a grade or one of its sections, each by their own
 * preference: in the school admin's school, or in the school the super admin chooses first. The number of students
 * it reaches shows before sending.
 */
export function GroupMessageModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const pickSchool = !isAdminConsole();
  const { schools } = useStore($schoolChoices);
  const [schoolId, setSchoolId] = useState('');
  // One id per opened dialog: sending again after a lost answer queues nothing twice.
  const [requestId] = useState(() => crypto.randomUUID());
  const [choices, setChoices] = useState<GroupChoices>([]);
  const [gradeId, setGradeId] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (pickSchool) void loadSchoolChoices();
  }, [pickSchool]);
  useEffect(() => {
    setChoices([]);
    if (pickSchool && !schoolId) return;
    const ctrl = new AbortController();
    fetchGroupChoices(pickSchool ? schoolId : null, ctrl.signal).then(setChoices, (err: unknown) => {
      if (!ctrl.signal.aborted) setBanner(err instanceof Error ? err.message : 'Failed to fetch grades');
    });
    return () => ctrl.abort();
  }, [pickSchool, schoolId]);
  const grade = choices.find((g) => String(g.id) === gradeId);

  useEffect(() => {
    setCount(null);
    if (!gradeId) return;
    const ctrl = new AbortController();
    fetchGroupAudience(Number(gradeId), sectionId ? Number(sectionId) : null, ctrl.signal).then(
      (a) => setCount(a.recipients),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [gradeId, sectionId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (pickSchool && !schoolId) return setErrors({ schoolId: GROUP_MESSAGE_MESSAGES.schoolId });
    const checked = validate(groupMessageSchema, { gradeId, sectionId, message, requestId });
    if (!checked.ok) return setErrors(checked.errors);
    setSending(true);
    setBanner(null);
    try {
      const res = await sendGroupMessage(checked.value);
      setDone(res.message ?? 'Message queued for sending');
    } catch (err) {
      const failure = await actionFailure(err, 'Failed to send message');
      if (!failure.ok) {
        setErrors(failure.errors);
        setBanner(failure.message);
      }
    }
    setSending(false);
  }

  return (
    <Modal
      open
      onClose={() => !sending && onClose()}
      title="Message a class"
      description="A message to the parents of every student in a grade or a section, by SMS or Messenger as each parent prefers."
      footer={
        <>
          <CancelButton disabled={sending} />
          <Button type="submit" form={formId} loading={sending} disabled={count === 0}>
            {count ? `Send to ${count} ${parentsOf(count)}` : 'Send'}
          </Button>
        </>
      }
    >
      {done ? <SuccessOverlay message={done} onDone={onClose} /> : null}
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={banner} />
        {pickSchool ? (
          <SelectField
            label="School"
            required
            data-autofocus
            placeholder="Select a school"
            value={schoolId}
            options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.acronym})` }))}
            error={errors.schoolId}
            onChange={(e) => {
              setSchoolId(e.target.value);
              setGradeId('');
              setSectionId('');
              setErrors(({ schoolId: _s, ...rest }) => rest);
            }}
          />
        ) : null}
        <SelectField
          label="Grade"
          required
          data-autofocus={!pickSchool || undefined}
          disabled={pickSchool && !schoolId}
          placeholder="Select a grade"
          value={gradeId}
          options={choices.map((g) => ({ value: g.id, label: g.name }))}
          error={errors.gradeId}
          onChange={(e) => {
            setGradeId(e.target.value);
            setSectionId('');
            setErrors(({ gradeId: _g, ...rest }) => rest);
          }}
        />
        <SelectField
          label="Section"
          placeholder="Whole grade"
          value={sectionId}
          disabled={!gradeId}
          options={(grade?.sections ?? []).map((sec) => ({ value: sec.id, label: sec.name }))}
          error={errors.sectionId}
          onChange={(e) => setSectionId(e.target.value)}
        />
        <p role="status" className="text-sm text-gray-700">
          {gradeId ? (count === null ? 'Counting recipients…' : `Recipients: ${count} ${parentsOf(count)}`) : null}
        </p>
        <TextAreaField
          label="Message"
          required
          rows={4}
          value={message}
          error={errors.message}
          hint={<SmsCounter text={message} maxParts={SMS_MAX_SEGMENTS} />}
          onChange={(e) => {
            setMessage(e.target.value);
            setErrors(({ message: _m, ...rest }) => rest);
          }}
        />
      </form>
    </Modal>
  );
}
