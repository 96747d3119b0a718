import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $catalogue, $catalogueSearch, $visibleSystems, loadCatalogue, startCatalogue } from './catalogue';
import { systemCountLabel } from '@domain/systems/catalogue';
import type { System } from '@domain/systems';
import { buttonClass } from '@kit/ui/Button';
import { ErrorState } from '@kit/ui/ErrorState';
import { useOnceTrue } from '@kit/ui/useOnceTrue';
import { SystemCard } from './SystemCard';

// The image viewer and the order modal (Headless UI dialog, form, schema, API client) load on first use: they
// are not part of /systems' first load. A pointer over or focus in the cards fetches them ahead.
const loadViewer = () => import('./ImageViewer');
const loadOrderModal = () => import('./OrderSystemModal');
const ImageViewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));
const OrderSystemModal = lazy(() => loadOrderModal().then((m) => ({ default: m.OrderSystemModal })));
const preloadDialogs = () => void Promise.all([loadViewer(), loadOrderModal()]).catch(() => undefined);

function SearchBox() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Uncontrolled: React never writes the box's value, so words typed into the pre-rendered box before or DURING
  // hydration stay in it (a controlled box was reset to the store's empty value by hydration in CI, and an 'input'
  // event fired while hydrating is not replayed). What is in the box at mount becomes the search; then onChange.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== $catalogueSearch.get()) $catalogueSearch.set(typed);
  }, []);
  return (
    <div className="relative max-w-xl">
      <label htmlFor={id} className="sr-only">
        Search systems
      </label>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-400" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        id={id}
        ref={input}
        type="search"
        defaultValue={$catalogueSearch.get()}
        onChange={(e) => $catalogueSearch.set(e.target.value)}
        placeholder="Search by name, description, or features"
        className="block w-full rounded-lg border border-gray-300 py-2.5 pl-10 pr-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
      />
    </div>
  );
}

function LoadingSystems() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-gray-600">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-brand-600" />
      <p>Loading systems...</p>
    </div>
  );
}

function NoSystems() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 px-6 py-14 text-center">
      <p className="text-lg font-medium text-gray-900">No systems found matching your search.</p>
      <p className="mt-2 text-sm text-gray-600">
        Try other words, or{' '}
        <a href="/inquiries" className="font-medium text-brand-700 underline hover:text-brand-800">
          contact us
        </a>{' '}
        and we will help you find the right system.
      </p>
    </div>
  );
}

function CustomSolution() {
  return (
    <section aria-labelledby="custom-solution-heading" className="mt-16 rounded-2xl bg-brand-50 px-6 py-10 text-center sm:px-10">
      <h2 id="custom-solution-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Need a Custom Solution?
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-gray-700">
        Every school is different. Tell us what you need and we will build or adapt a system for your campus.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass('secondary')}>
          Home
        </a>
        <a href="/inquiries" className={buttonClass('primary')}>
          Contact Us
        </a>
      </div>
    </section>
  );
}

/** The public systems catalogue ("Public Systems page"); the page provides the 'Our RFID Systems' heading. */
export default function SystemsCatalogue() {
  const catalogue = useStore($catalogue);
  const systems = useStore($visibleSystems);
  const [viewer, setViewer] = useState<{ system: System; index: number } | null>(null);
  const [ordering, setOrdering] = useState<System | null>(null);
  // Mounted from their first opening on (and kept, so they can animate closed).
  const viewerUsed = useOnceTrue(viewer !== null);
  const orderUsed = useOnceTrue(ordering !== null);

  useEffect(() => {
    void startCatalogue();
  }, []);

  return (
    <div>
      <SearchBox />
      <div className="mt-8">
        {catalogue.status === 'loading' ? <LoadingSystems /> : null}
        {catalogue.status === 'error' ? <ErrorState message={catalogue.error ?? 'Failed to fetch systems'} onRetry={() => void loadCatalogue()} /> : null}
        {catalogue.status === 'ready' ? (
          <>
            <p className="mb-4 text-sm text-gray-600" aria-live="polite">
              {systemCountLabel(systems.length)}
            </p>
            {systems.length > 0 ? (
              <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
                {systems.map((system) => (
                  <li key={system.id}>
                    <SystemCard system={system} onOpenImage={(index) => setViewer({ system, index })} onOrder={() => setOrdering(system)} />
                  </li>
                ))}
              </ul>
            ) : (
              <NoSystems />
            )}
          </>
        ) : null}
      </div>
      <CustomSolution />
      <Suspense fallback={null}>
        {viewerUsed ? (
          <ImageViewer
            images={viewer ? viewer.system.images : null}
            index={viewer?.index ?? 0}
            onIndexChange={(index) => setViewer((v) => (v ? { ...v, index } : v))}
            title={viewer?.system.name ?? ''}
            onClose={() => setViewer(null)}
          />
        ) : null}
        {orderUsed ? <OrderSystemModal system={ordering} onClose={() => setOrdering(null)} /> : null}
      </Suspense>
    </div>
  );
}

