import { useState, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { SidebarNav } from './Sidebar';
import type { RouteName } from '../../../client/stores/router';
import { PRODUCT_NAME } from '../../../site';

/** Spec §2 "Super Admin layout": sidebar on wide screens, a slide-in 'Super Admin Panel' on small ones. */
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
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-64 flex-none flex-col bg-gray-900 lg:flex">
        <div className="px-6 py-5 text-lg font-semibold text-white">{PRODUCT_NAME}</div>
        <SidebarNav current={current} onLogout={onLogout} />
      </aside>

      <Dialog open={menuOpen} onClose={setMenuOpen} className="fixed inset-0 z-40 lg:hidden">
        <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 flex w-72 flex-col bg-gray-900">
          <div className="flex items-center justify-between px-6 py-5">
            <DialogTitle className="text-lg font-semibold text-white">Super Admin Panel</DialogTitle>
            <button
              type="button"
              onClick={() => setMenuOpen(false)}
              className="rounded p-1 text-gray-300 hover:text-white"
              aria-label="Close menu"
            >
              ✕
            </button>
          </div>
          <SidebarNav current={current} onNavigate={() => setMenuOpen(false)} onLogout={onLogout} />
        </DialogPanel>
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 lg:hidden">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            className="rounded-md border border-gray-300 p-2 text-gray-700"
            aria-label="Open menu"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <span className="font-semibold">{PRODUCT_NAME}</span>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
