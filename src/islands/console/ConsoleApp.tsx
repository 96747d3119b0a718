import { Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $router } from '@kit/router';
import { $session, clearSession, hasAccess, readSession, rememberRedirect } from '@features/auth/session';
import { logout } from '@features/auth/api';
import { documentTitle } from '../../site';
import { ConsoleShell } from './layout/ConsoleShell';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { ScreenErrorBoundary } from './layout/ScreenErrorBoundary';
import { ScreenHeading } from '@kit/ScreenHeading';
import { SCREENS } from './routes';

// Set while signing out, so the route guard does not remember the current page for the next sign-in.
let signingOut = false;

/** Signs out: revokes the session server-side (best effort), removes all three cookies, goes to /login. */
export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    await logout();
  } catch {
    // The cookies go regardless: a dead server must not keep anyone signed in on this browser.
  }
  clearSession();
  location.replace('/login');
}

/** The super-admin console: route protection (spec §2), the layout, and the current screen. */
export default function ConsoleApp() {
  const session = useStore($session);
  const page = useStore($router);

  useEffect(() => readSession(), []);

  const allowed = hasAccess(session, ['SUPER_ADMIN']);
  useEffect(() => {
    if (session.loading) return;
    if (!session.isAuthenticated) {
      if (!signingOut) rememberRedirect(location.pathname + location.search);
      location.replace('/login');
    } else if (!allowed) {
      location.replace('/forbidden');
    }
  }, [session, allowed]);

  const screen = page ? SCREENS[page.route] : undefined;
  useEffect(() => {
    document.title = documentTitle(screen?.title ?? 'Page Not Found');
  }, [screen]);

  if (session.loading || !allowed) return <FullPageSpinner />;

  const Screen = screen?.component;
  return (
    <ConsoleShell current={page?.route} onLogout={() => void signOut()}>
      <Suspense fallback={<p className="text-gray-500">Loading…</p>}>
        {Screen ? (
          <ScreenErrorBoundary key={page?.path} title={screen.title}>
            <Screen />
          </ScreenErrorBoundary>
        ) : (
          <div>
            <ScreenHeading title="Page Not Found" />
            <a href="/super-admin" className="text-brand-700 underline">
              Back to the dashboard
            </a>
          </div>
        )}
      </Suspense>
    </ConsoleShell>
  );
}
