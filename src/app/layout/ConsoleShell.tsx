import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SidebarNav } from './Sidebar';
import { useOnceTrue } from '@kit/ui/useOnceTrue';
import type { RouteName } from '../router';
import { PRODUCT_NAME } from '../../site';

const loadPhoneMenu = () => import('./PhoneMenu');
const PhoneMenu = lazy(loadPhoneMenu);

/** The console's layout: sidebar on wide screens, a slide-in 'Super Admin Panel' on small ones. */
export function ConsoleShell({
  current,
  onLogout,
  children,
}: {
  current: RouteName | undefined;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuOpened = useOnceTrue(menuOpen);
  return (
    <div className="flex min-h-screen">
      {/* First stop for the keyboard: past the navigation to the screen. Focus is moved by hand, so the
          client router never sees a navigation. */}
      <a
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50"
      >
        Skip to main content
      </a>
      <aside className="hidden w-64 flex-none flex-col bg-gray-900 lg:flex">
        <div className="px-6 py-5 text-lg font-semibold text-white">{PRODUCT_NAME}</div>
        <SidebarNav current={current} onLogout={onLogout} />
      </aside>

      {/* The phone menu's dialog (Headless UI) loads when first opened: it is not part of the console's first load. */}
      {menuOpened ? (
        <Suspense fallback={null}>
          <PhoneMenu open={menuOpen} onClose={() => setMenuOpen(false)} current={current} onLogout={onLogout} />
        </Suspense>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 lg:hidden">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            // Fetch the menu's code as the pointer or focus arrives, so it is usually there by the click.
            onPointerEnter={() => void loadPhoneMenu()}
            onFocus={() => void loadPhoneMenu()}
            className="rounded-md border border-gray-300 p-2 text-gray-700"
            aria-label="Open menu"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <span className="font-semibold">{PRODUCT_NAME}</span>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
