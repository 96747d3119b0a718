import { useEffect, useId, useState } from 'react';
import { searchRecipients, sendCustomMessage } from './sms-history-api';
import { actionFailure } from '@kit/form/action';
import { SmsCounter } from '@kit/form/SmsCounter';
import { customMessageSchema, SMS_MAX_SEGMENTS, type MessageRecipient } from '@domain/sms-history';
import { validate } from '@domain/validation';
import { Button, TextAreaField, TextField, FormDialog } from '@kit';

const SEARCH_DEBOUNCE_MS = 300;

/** 'Send message': a CUSTOM message to one student's parent (by the parent's notification preference). */
export function SendMessageModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<MessageRecipient[]>([]);
  const [student, setStudent] = useState<MessageRecipient | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (student || search.trim().length < 2) return setResults([]);
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchRecipients(search.trim(), ctrl.signal).then(setResults, () => setResults([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [search, student]);

  async function submit() {
    if (sending) return;
    const checked = validate(customMessageSchema, { studentId: student?.id ?? '', message });
    if (!checked.ok) return setErrors(checked.errors);
    setSending(true);
    setBanner(null);
    try {
      const res = await sendCustomMessage(checked.value);
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
    <FormDialog
      open
      onClose={() => !sending && onClose()}
      title="Send message"
      description="A custom message to one student's parent, by SMS or Messenger as the parent prefers."
      formId={formId}
      onSubmit={submit}
      submitLabel="Send"
      saving={sending}
      message={banner}
      success={done ? { message: done, onDone: onClose } : null}
    >
      {student ? (
        <div className="flex items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm">
          <span>
            <span className="font-medium">
              {student.firstName} {student.lastName}
            </span>{' '}
            <span className="text-gray-600">
              {student.schoolAcronym ?? ''} · LRN {student.lrn}
            </span>
          </span>
          <Button size="sm" variant="ghost" onClick={() => setStudent(null)}>
            Change
          </Button>
        </div>
      ) : (
        <div>
          <TextField
            label="Student"
            required
            data-autofocus
            type="search"
            placeholder="Search by name or LRN"
            value={search}
            error={errors.studentId}
            onChange={(e) => {
              setSearch(e.target.value);
              setErrors(({ studentId: _s, ...rest }) => rest);
            }}
          />
          {results.length ? (
            <ul aria-label="Matching students" className="mt-1 max-h-48 overflow-y-auto rounded-md border border-gray-200">
              {results.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => setStudent(r)}
                    className="block w-full px-3 py-2 text-left text-sm hover:bg-gray-50"
                  >
                    {r.firstName} {r.lastName}{' '}
                    <span className="text-gray-600">
                      · {r.schoolAcronym ?? '-'} · LRN {r.lrn}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
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
    </FormDialog>
  );
}
