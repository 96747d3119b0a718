import { useEffect, useRef, useState } from 'react';

/**
 * Whether a scroll box is wider inside than outside (a table on a phone), and whether it is scrolled to
 * its right end. Re-measured on resize, on scroll and whenever `deps` change (new rows).
 */
export function useHorizontalOverflow<E extends HTMLElement>(...deps: unknown[]) {
  const ref = useRef<E>(null);
  const [state, setState] = useState({ overflowing: false, atEnd: true });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const overflowing = el.scrollWidth > el.clientWidth + 1;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      setState((s) => (s.overflowing === overflowing && s.atEnd === atEnd ? s : { overflowing, atEnd }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, deps);
  return { ref, ...state };
}
