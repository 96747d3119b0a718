import type { KeyboardEvent } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { viewerCounter, wrapIndex } from '../../client/carousel';
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
 * Full-size image viewer (spec §2): previous/next wrapping at both ends, 'i / total', close button,
 * Escape and a click outside close it; arrow keys page. Headless UI traps focus while it is open.
 */
export function ImageViewer({ images, index, onIndexChange, title, onClose }: ImageViewerProps) {
  const open = images !== null && images.length > 0;
  const total = images?.length ?? 0;
  const step = (by: number) => onIndexChange(wrapIndex(index, by, total));
  const onKeyDown = (e: KeyboardEvent) => {
    if (total < 2) return;
    if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'ArrowRight') step(1);
  };

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/85" />
      <div className="fixed inset-0 flex items-center justify-center p-4 sm:p-10">
        <DialogPanel onKeyDown={onKeyDown} className="relative flex max-h-full w-full max-w-5xl flex-col items-center gap-3">
          <DialogTitle className="sr-only">{title} images</DialogTitle>
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
          <button
            type="button"
            onClick={onClose}
            aria-label="Close image viewer"
            className="absolute -top-2 right-0 rounded-full bg-white p-2 text-gray-800 shadow hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:-right-8 sm:-top-8"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
