import { useId, useState, type FormEvent } from 'react';
import { runPageMessage } from './actions';
import { MESSENGER_TEXT_MAX, type FacebookPage } from '@domain/devices/facebook-pages';
import { Button, ErrorBanner, Modal, TextAreaField, TextField } from '@kit';

/** 'Send Test Message': recipient id (PSID) and message; nothing is sent while either is blank. */
export function SendTestMessageModal({ page, onClose }: { page: FacebookPage; onClose: () => void }) {
  const formId = useId();
  const [recipientId, setRecipientId] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const r = await runPageMessage(page.id, recipientId, message);
    setSending(false);
    if (r) setResult({ ok: r.ok, text: r.message ?? '' });
  }

  return (
    <Modal
      open
      onClose={() => !sending && onClose()}
      title="Send Test Message"
      description={`From ${page.pageName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Close
          </Button>
          <Button type="submit" form={formId} loading={sending} disabled={!recipientId.trim() || !message.trim()}>
            Send
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {result && !result.ok ? <ErrorBanner message={result.text} /> : null}
        {result?.ok ? (
          <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800">
            {result.text}
          </p>
        ) : null}
        <TextField
          label="Recipient ID"
          required
          data-autofocus
          hint="The parent's page-scoped ID (PSID)."
          value={recipientId}
          onChange={(e) => setRecipientId(e.target.value)}
        />
        <TextAreaField
          label="Message"
          required
          rows={3}
          maxLength={MESSENGER_TEXT_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </form>
    </Modal>
  );
}
