import { useState } from 'react';

/**
 * True from the first render where `value` is true on: mounts a lazily loaded dialog at its first opening and
 * keeps it mounted after (so it can animate closed), without loading its code before anyone asks for it.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen;
}
