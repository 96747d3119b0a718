import { useState, type ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

/** A full-size image over the page; Escape, a click outside the image and the close button close it. */
export function ImageOverlay({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  return (
    <Dialog open={src !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/80" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="relative max-h-full max-w-5xl">
          <DialogTitle className="sr-only">{alt}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close image"
            className="absolute -top-3 -right-3 rounded-full bg-white p-1.5 text-gray-700 shadow hover:bg-gray-100"
          >
            ✕
          </button>
          {src ? <img src={src} alt={alt} className="max-h-[85vh] max-w-full rounded-md object-contain" /> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * A thumbnail that opens the full-size image on click (spec: avatars, system images).
 * `children` is the thumbnail (an <img>, or initials when there is no picture); without `src` it is not clickable.
 */
export function ZoomableImage({
  src,
  alt,
  children,
  className = '',
}: {
  src: string | null | undefined;
  alt: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!src) return <span className={className}>{children}</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`View full size: ${alt}`}
        className={`cursor-zoom-in rounded ${className}`}
      >
        {children}
      </button>
      <ImageOverlay src={open ? src : null} alt={alt} onClose={() => setOpen(false)} />
    </>
  );
}
