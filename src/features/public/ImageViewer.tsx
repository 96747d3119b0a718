import { useEffect } from 'react';
import { CloseButton, Dialog } from '@kit/ui/Dialog';
import { viewerCounter, wrapIndex } from './carousel';
import { SystemImage } from './SystemImage';
import { Chevron } from './Chevron';

export interface ImageViewerProps {
  /** The images to page through; null closes the viewer. */
  images: string[] | null;
  /** The image shown; the parent keeps it (e.g. the card's carousel position when opened). */
  index: number;
  onIndexChange: (index: number) => void;
  /** Names the dialog and the images (e.g. the system's name). */
  title: string;
  onClose: () => void;
}

const navButton =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-800 shadow hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white';

/**
 * Full-size image viewer: previous/next wrapping at both ends, 'i / total', close button,
 * Escape and a click outside close it; arrow keys page. Headless UI traps focus while it is open.
 */
export function ImageViewer({ images, index, onIndexChange, title, onClose }: ImageViewerProps) {
  const open = images !== null && images.length > 0;
  const total = images?.length ?? 0;
  const step = (by: number) => onIndexChange(wrapIndex(index, by, total));

  // Keys are heard on the window, not the panel: right after opening, focus may not be inside the panel yet.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (total > 1 && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        e.preventDefault();
        onIndexChange(wrapIndex(index, e.key === 'ArrowLeft' ? -1 : 1, total));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, total, onIndexChange, onClose]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`${title} images`}
      titleClassName="sr-only"
      backdropClassName="bg-black/85"
      panelClassName="relative flex max-h-full w-full max-w-5xl flex-col items-center gap-3"
    >
      <div className="relative flex w-full items-center justify-center">
        {images ? (
          <SystemImage
            key={images[index]}
            src={images[index]}
            alt={`${title}, image ${index + 1} of ${total}`}
            className="max-h-[80vh] min-h-48 w-auto max-w-full rounded-md object-contain sm:min-w-96"
          />
        ) : null}
        {total > 1 ? (
          <>
            <button type="button" onClick={() => step(-1)} aria-label="Previous image" className={`${navButton} left-2`}>
              <Chevron direction="left" />
            </button>
            <button type="button" onClick={() => step(1)} aria-label="Next image" className={`${navButton} right-2`}>
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
      </div>
      <p className="rounded-full bg-black/60 px-3 py-1 text-sm text-white" aria-live="polite">
        {viewerCounter(index, total)}
      </p>
      <CloseButton
        onClick={onClose}
        label="Close image viewer"
        className="absolute -top-2 right-0 rounded-full bg-white p-2 text-gray-800 shadow hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:-right-3 sm:-top-3"
      />
    </Dialog>
  );
}
