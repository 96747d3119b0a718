import { useId, useState, type FormEvent } from 'react';
import { actionFailure } from '@kit/form/action';
import { SmsCounter } from '@kit/form/SmsCounter';
import { Button, CancelButton, ErrorBanner, Modal, TextAreaField } from '@kit';
import { customMessageSchema, SMS_MAX_SEGMENTS } from '@domain/sms-history';
import type { BulkJob } from '@domain/students/matching';
import { messageMatching, type ListFilter } from './api';

/** Who a bulk action is for: the chosen rows (their ids in the filter) or all the filter matches; `count` confirmed. */
export interface BulkTarget {
  filter: ListFilter;
  count: number;
  /** 'all matching': the whole filter, not only the page's chosen rows */
  matching: boolean;
}

const students = (n: number) => `${n.toLocaleString('en-US')} student${n === 1 ? '' : 's'}`;

/**
 * 'Message parents' of the chosen learners or of all matching the filter (SEND_SMS): each parent by their own
 * preference, through the outbox, in the background. The count is on the send button and checked by the server.
 */
export function MessageStudentsDialog({
  target,
  onClose,
  onStarted,
}: {
  target: BulkTarget | null;
  onClose: () => void;
  onStarted: (job: BulkJob) => void;
}) {
  const formId = useId();
  // One id per opened dialog: sending again after a lost answer queues nothing twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setMessage('');
    setError(null);
    setRequestId(crypto.randomUUID());
    onClose();
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !target) return;
    const checked = customMessageSchema.shape.message.safeParse(message);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please enter a message');
    setBusy(true);
    setError(null);
    try {
      const res = await messageMatching(target.filter, target.count, checked.data, requestId);
      setBusy(false);
      setMessage('');
      setRequestId(crypto.randomUUID());
      onStarted(res.data);
    } catch (err) {
      const failure = await actionFailure(err, 'Failed to send message');
      setBusy(false);
      if (!failure.ok) setError(failure.message ?? Object.values(failure.errors)[0] ?? 'Failed to send message');
    }
  }

  const who = target ? (target.matching ? `all ${students(target.count)} matching this filter` : students(target.count)) : '';
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title="Message parents"
      description={`A message to the parents of ${who}, by SMS or Messenger as each parent prefers.`}
      size="sm"
      footer={
        <>
          <CancelButton disabled={busy} />
          <Button type="submit" form={formId} loading={busy}>
            {target ? `Send to ${students(target.count)}' parents` : 'Send'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <ErrorBanner message={error} />
        <TextAreaField
          label="Message"
          required
          rows={4}
          data-autofocus
          value={message}
          hint={<SmsCounter text={message} maxParts={SMS_MAX_SEGMENTS} />}
          onChange={(e) => setMessage(e.target.value)}
        />
      </form>
    </Modal>
  );
}
