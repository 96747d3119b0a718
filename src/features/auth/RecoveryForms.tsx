import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@kit/ui/FormField';
import { Button } from '@kit/ui/Button';
import { toApiError } from '@kit/http';
import { validate } from '@domain/validation';
import { RESET_MESSAGES, RESET_PAGE_PATH, resetConfirmFormSchema, resetRequestSchema } from '@domain/auth/password-reset';
import { askForReset, resetPassword } from './recovery-api';

const CARD = 'w-full max-w-sm rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8';
const LINK = 'font-medium text-blue-700 underline-offset-2 hover:underline';

function Notice({ tone, children }: { tone: 'ok' | 'error'; children: string }) {
  const colours = tone === 'ok' ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-700';
  return (
    <p role={tone === 'ok' ? 'status' : 'alert'} className={`rounded-md border px-3 py-2 text-sm ${colours}`}>
      {children}
    </p>
  );
}

/** False until React owns the server-rendered form: until then it stays disabled, so nothing is typed into the void. */
function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

/** /forgot-password: who resets a password, and (for staff, when the site sends e-mail) a link by e-mail. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ready = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = validate(resetRequestSchema, { email });
    setErrors(input.ok ? {} : input.errors);
    setError(null);
    if (!input.ok || loading) return;
    setLoading(true);
    try {
      const result = await askForReset(input.value.email);
      setAnswer(result.message ?? (result.data.byEmail ? RESET_MESSAGES.requestSent : RESET_MESSAGES.whoResets));
    } catch (err) {
      const apiError = await toApiError(err, 'Could not send the request. Please try again.');
      setError(apiError.message);
      setErrors(apiError.errors);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className={CARD}>
      <h1 className="text-2xl font-semibold text-gray-900">Forgot your password?</h1>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-gray-600">
        <li>Learners: your school’s registrar gives you a one-time reset slip.</li>
        <li>School administrators: the super admin gives you a reset slip, or enter your e-mail for a reset link.</li>
      </ul>
      {answer ? (
        <div className="mt-6 space-y-4">
          <Notice tone="ok">{answer}</Notice>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="mt-6">
          <fieldset disabled={!ready} className="space-y-4">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <Button type="submit" className="w-full" loading={loading}>
              {loading ? 'Sending...' : 'Send reset link'}
            </Button>
          </fieldset>
        </form>
      )}
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <a href={RESET_PAGE_PATH} className={LINK}>
          I have a reset slip
        </a>
        <a href="/login" className={LINK}>
          Back to login
        </a>
      </p>
    </div>
  );
}

/** The token an e-mailed link carries after '#token=' (kept out of the address bar once read). */
function takeLinkToken(): string {
  const match = /^#token=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match) return '';
  history.replaceState(null, '', location.pathname);
  return match[1]!;
}

/** /reset-password: a slip's code (or the link's token) and the new password, twice. */
export function ResetPasswordForm() {
  const [fromLink, setFromLink] = useState(false);
  const [fields, setFields] = useState({ token: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const token = takeLinkToken();
    if (token) {
      setFromLink(true);
      setFields((f) => ({ ...f, token }));
    }
    setReady(true);
  }, []);

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [name]: e.target.value });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = validate(resetConfirmFormSchema, fields);
    setErrors(input.ok ? {} : input.errors);
    setError(null);
    if (!input.ok || loading) return;
    setLoading(true);
    try {
      const result = await resetPassword(input.value.token, input.value.newPassword);
      setDone(result.message ?? RESET_MESSAGES.done);
    } catch (err) {
      const apiError = await toApiError(err, 'Could not change the password. Please try again.');
      setError(apiError.message);
      setErrors(apiError.errors);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className={CARD}>
      <h1 className="text-2xl font-semibold text-gray-900">Set a new password</h1>
      {done ? (
        <div className="mt-6 space-y-4">
          <Notice tone="ok">{done}</Notice>
          <a href="/login" className={LINK}>
            Go to login
          </a>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="mt-6">
          <fieldset disabled={!ready} className="space-y-4">
            {fromLink && !errors.token ? (
              <p className="text-sm text-gray-600">Your reset link is ready: choose a new password.</p>
            ) : (
              <TextField
                label="Reset code"
                name="token"
                autoComplete="one-time-code"
                placeholder="abcd-efgh-jkmn"
                hint="The code on your reset slip"
                required
                value={fields.token}
                onChange={set('token')}
                error={errors.token}
              />
            )}
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              value={fields.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              value={fields.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <Button type="submit" className="w-full" loading={loading}>
              {loading ? 'Saving...' : 'Set new password'}
            </Button>
          </fieldset>
        </form>
      )}
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <a href="/forgot-password" className={LINK}>
          Need a reset?
        </a>
        <a href="/login" className={LINK}>
          Back to login
        </a>
      </p>
    </div>
  );
}
