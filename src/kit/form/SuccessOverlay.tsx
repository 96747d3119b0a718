import { useEffect, useRef } from 'react';

/** 2000 ms for admin, school, password, student; 3 s for grade, section, profile. */
export const SUCCESS_MS = 2000;
export const SUCCESS_LONG_MS = 3000;

interface Props {
  message: string;
  /** Shown under the message (e.g. 'The student has been added to the system.'). */
  detail?: string;
  durationMs?: number;
  /** Called once, durationMs after the message appears. */
  onDone: () => void;
  /** 'overlay' covers the nearest positioned parent (a modal panel); 'inline' is a green notice. */
  variant?: 'overlay' | 'inline';
}

/** A success message that stays for a fixed time, then hands control back (close, reset, refresh…). */
export function SuccessOverlay({ message, detail, durationMs = SUCCESS_MS, onDone, variant = 'overlay' }: Props) {
  // The latest onDone, without restarting the timer when the parent re-renders.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);

  const body = (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6 flex-none text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
      >
        <path d="M5 13l4 4L19 7" />
      </svg>
      <div>
        <p className="font-medium">{message}</p>
        {detail ? <p className="text-sm text-gray-600">{detail}</p> : null}
      </div>
    </>
  );
  if (variant === 'inline') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800"
      >
        {body}
      </div>
    );
  }
  return (
    <div
      role="status"
      className="absolute inset-0 z-10 flex items-center justify-center gap-3 rounded-lg bg-white/95 p-6 text-center text-gray-900"
    >
      {body}
    </div>
  );
}
