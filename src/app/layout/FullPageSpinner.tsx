/** Route protection: a centred spinner on a dark background while the session is read. */
export function FullPageSpinner() {
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-gray-900" role="status" aria-live="polite">
      <div className="h-12 w-12 animate-spin rounded-full border-4 border-gray-600 border-t-brand-500" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
