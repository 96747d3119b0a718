import { useEffect, useState, type FormEvent } from 'react';
import { $session, hasAccess, readSession, signIn, takeRedirect } from './session';
import { TextField } from '@kit/ui/FormField';
import { Button } from '@kit/ui/Button';

// The schema and the API client load when the form is first used (focus), not with the page.
const loadSignIn = () => import('./sign-in');

/** The remembered page, when it is the signed-in role's own console (a super admin's page is no school admin's). */
function redirectFor(role: string): string | null {
  const path = takeRedirect();
  if (!path) return null;
  const adminPage = /^\/admin(\/|$|\?)/.test(path);
  const studentPage = /^\/student(\/|$|\?)/.test(path);
  if (role === 'ADMIN') return adminPage ? path : null;
  if (role === 'STUDENT') return studentPage ? path : null;
  return adminPage || studentPage ? null : path;
}

/** "Login screen": super-admin sign-in; success → the remembered page or /home, replacing history. */
export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The form is server-rendered; until React owns it, it stays disabled so nothing is submitted natively.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    readSession();
    const session = $session.get();
    if (hasAccess(session, ['SUPER_ADMIN'])) location.replace(takeRedirect() ?? '/home');
    else if (hasAccess(session, ['ADMIN'])) location.replace(redirectFor('ADMIN') ?? '/admin');
    else setReady(true);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    let signInCode: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      signInCode = await loadSignIn();
    } catch {
      setError('Login failed. Please try again.'); // offline: the form's code could not be fetched
      return;
    }
    const input = signInCode.checkLogin({ email, password });
    setErrors(input.ok ? {} : input.errors);
    setError(null);
    if (!input.ok) return;
    setLoading(true);
    const result = await signInCode.postLogin(input.value.email, input.value.password);
    if ('role' in result) {
      // Nothing happens without a session; with one, the browser leaves this page (loading stays on).
      if (signIn(result.role)) location.replace(redirectFor(result.role) ?? signInCode.HOME_OF[result.role]);
      else setLoading(false);
    } else {
      setError(result.message);
      setErrors(result.errors);
      setLoading(false);
    }
  }

  return (
    <div className="w-full max-w-sm rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-semibold text-gray-900">Login to your account</h1>
      <p className="mt-1 text-sm text-gray-600">Enter your email below to login to your account</p>

      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadSignIn().catch(() => undefined)}
        className="mt-6"
      >
        <fieldset disabled={!ready} className="space-y-4">
          <TextField
            label="Email or LRN"
            name="email"
            type="text"
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="none"
            placeholder="m@example.com or 123456789012"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <div>
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <p className="mt-2 text-right text-sm">
              <a href="/forgot-password" className="font-medium text-blue-700 underline-offset-2 hover:underline">
                Forgot your password?
              </a>
            </p>
          </div>

          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}

          <Button type="submit" className="w-full" loading={loading}>
            {loading ? 'Signing in...' : 'Login'}
          </Button>
        </fieldset>
      </form>

      <p className="mt-6 text-center text-sm text-gray-600">
        Don&apos;t have an account?{' '}
        <a href="/inquiries" className="font-medium text-blue-700 underline-offset-2 hover:underline">
          Request an account for your school
        </a>
      </p>
    </div>
  );
}
