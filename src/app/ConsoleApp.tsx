import { Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $router } from './router';
import { $session, clearSession, hasAccess, readSession, rememberRedirect } from '@features/auth/session';
import { logout } from '@features/auth/api';
import { documentTitle } from '../site';
import { ConsoleShell } from './layout/ConsoleShell';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { ScreenErrorBoundary } from './layout/ScreenErrorBoundary';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { SCREENS } from './routes';
import { ADMIN_ROUTE_PERMISSIONS } from './nav';
import { $consoleAccess, can, consoleRole, isAdminConsole } from '@kit/console/scope';
// The account store alone (the admins feature's door would bring its forms' schemas to the console's first load).
import { loadAdminAccount } from '@features/admins/account-store';

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

/**
 * The console: the super admin's under /super-admin, a school admin's under /admin (the same screens, with the
 * admin's school and permissions). Route protection: no session → /login, another role → /forbidden, and in the
 * school admin's console a screen whose permission the admin lacks → /forbidden.
 */
export default function ConsoleApp() {
  const session = useStore($session);
  const page = useStore($router);
  const access = useStore($consoleAccess);
  const role = consoleRole();

  useEffect(() => readSession(), []);

  const allowed = hasAccess(session, [role]);
  useEffect(() => {
    if (session.loading) return;
    if (!session.isAuthenticated) {
      if (!signingOut) rememberRedirect(location.pathname + location.search);
      location.replace('/login');
    } else if (!allowed) {
      location.replace('/forbidden');
    } else if (role === 'ADMIN' && access.kind === 'superAdmin') {
      void loadAdminAccount();
    }
  }, [session, allowed, role, access.kind]);

  // A school admin's screen needs its permission (the current one: read again on every sign-in and page load).
  const needed = page && isAdminConsole() ? ADMIN_ROUTE_PERMISSIONS[page.route] : undefined;
  const adminReady = role !== 'ADMIN' || access.kind === 'admin';
  const permitted =
    !needed ||
    (adminReady && can(needed, access) && (needed === 'OWN_ACCOUNT' || access.kind !== 'admin' || access.schoolId != null));
  useEffect(() => {
    if (adminReady && !permitted) location.replace('/forbidden');
  }, [adminReady, permitted]);

  const screen = page ? SCREENS[page.route] : undefined;
  useEffect(() => {
    document.title = documentTitle(screen?.title ?? 'Page Not Found');
  }, [screen]);

  if (session.loading || !allowed || !adminReady || !permitted) return <FullPageSpinner />;

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
            <a href={role === 'ADMIN' ? '/admin' : '/super-admin'} className="text-brand-700 underline">
              Back to the dashboard
            </a>
          </div>
        )}
      </Suspense>
    </ConsoleShell>
  );
}
