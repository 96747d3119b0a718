import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface ListResource<T> {
  /** The last loaded value (kept while the next one loads; null before the first load and after an error). */
  data: T | null;
  loading: boolean;
  /** The failure's message (the API's message when it sent one), or null. */
  error: string | null;
  /** Loads again with the same key (e.g. after a delete). */
  reload: () => void;
  /** Changes the loaded value in place (a live event inserted a row); nothing happens before the first load. */
  update: (change: (data: T) => T) => void;
}

/**
 * Loads data for a key and cancels the request of an older key, so a slow answer for old filters can
 * never replace the answer for the current ones.
 *   const logs = useListResource((signal) => fetchSystemLogs(list.query, signal), list.key);
 * `load` receives an AbortSignal to pass to ky (`{ signal }`); it may change on every render.
 */
export function useListResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string): ListResource<T> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({
    data: null,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.loading && !s.error ? s : { ...s, loading: true, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        // A transition: React renders the arrived data in slices that give the main thread back every few ms, so
        // a big answer does not block a tap or a scroll (the portal's Total Blocking Time on a phone).
        if (!controller.signal.aborted) startTransition(() => setState({ data, loading: false, error: null }));
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
        setState({ data: null, loading: false, error: message });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })),
    [],
  );
  return { ...state, reload, update };
}
