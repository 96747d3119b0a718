import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { TextAreaField, TextField } from '@kit/ui/FormField';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from '@domain/inquiries/messages';
import { Honeypot } from './Honeypot';

// The schema and the API client load when the form is first used (focus), not with the page.
const loadSender = () => import('./send-inquiry');

const EMPTY = { email: '', subject: '', inquiry: '' };
type Fields = typeof EMPTY;

/**
 * The 'Send us a Message' form of /inquiries: every field required, nothing is sent
 * while one is empty; its success and failure texts.
 */
export default function ContactForm() {
  const [values, setValues] = useState<Fields>(EMPTY);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Until hydrated, the pre-rendered button stays disabled: a native submit would put the message in the URL.
  const [hydrated, setHydrated] = useState(false);

  // Text typed into the pre-rendered form before the island hydrated is kept, not silently ignored.
  useEffect(() => {
    setHydrated(true);
    if (!form.current) return;
    const data = new FormData(form.current);
    const typed = { ...EMPTY };
    for (const key of Object.keys(typed) as Array<keyof Fields>) typed[key] = String(data.get(key) ?? '');
    if (Object.values(typed).some(Boolean)) setValues(typed);
  }, []);

  const field = (name: keyof Fields) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((errs) => ({ ...errs, [name]: undefined }));
    },
  });

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    setFailure(null);
    let sender: Awaited<ReturnType<typeof loadSender>>;
    try {
      sender = await loadSender();
    } catch {
      setFailure(INQUIRY_MESSAGES.sendFailed); // offline: the form's code could not be fetched
      return;
    }
    const check = sender.checkInquiry(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setSending(true);
    try {
      const failed = await sender.postInquiry(values, trap);
      if (failed) {
        setFailure(failed.failure);
        if (failed.errors) setErrors(failed.errors);
      } else {
        setSuccess(INQUIRY_MESSAGES.sent);
        setValues(EMPTY);
        setErrors({});
      }
    } finally {
      setSending(false);
    }
  }

  // Once sent, the form makes way for the thank-you: a second click cannot send the message again.
  if (success) {
    return (
      <div className="space-y-5" aria-label="Send us a Message" role="region">
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {success}
        </p>
        <Button variant="secondary" onClick={() => setSuccess(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      onFocus={() => void loadSender().catch(() => undefined)}
      noValidate
      className="relative space-y-5"
      aria-label="Send us a Message"
    >
      <TextField label="Email Address" type="email" autoComplete="email" placeholder="you@school.edu.ph" {...field('email')} />
      <TextField label="Subject" maxLength={INQUIRY_LIMITS.subject} placeholder="What is your message about?" {...field('subject')} />
      <TextAreaField label="Message" rows={6} maxLength={INQUIRY_LIMITS.inquiry} placeholder="Tell us about your school and what you need." {...field('inquiry')} />
      <Honeypot value={trap} onChange={setTrap} />
      <ErrorBanner message={failure} />
      <Button type="submit" disabled={!hydrated || sending} className="w-full sm:w-auto">
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
