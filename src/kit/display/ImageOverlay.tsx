import { useState, type ReactNode } from 'react';
import { CloseButton, Dialog } from '../ui/Dialog';

/** A full-size image over the page; Escape, a click outside the image and the close button close it. */
export function ImageOverlay({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  return (
    <Dialog
      open={src !== null}
      onClose={onClose}
      title={alt}
      titleClassName="sr-only"
      backdropClassName="bg-black/80"
      panelClassName="relative max-h-full max-w-5xl"
    >
      <CloseButton
        onClick={onClose}
        label="Close image"
        className="absolute -right-3 -top-3 rounded-full bg-white p-1.5 text-gray-700 shadow hover:bg-gray-100"
      />
      {src ? <img src={src} alt={alt} className="max-h-[85vh] max-w-full rounded-md object-contain" /> : null}
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
