/** Pure rules of the image carousel on a catalogue card and of the full-size viewer. */

/** At most 5 carousel dots; further images are summarised as '+N'. */
export const MAX_CAROUSEL_DOTS = 5;

/** The index `step` places away from `index`, wrapping at both ends (last → first, first → last). */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

export interface CarouselDots {
  dots: Array<{ index: number; active: boolean }>;
  /** Images beyond the dots ('+N'); 0 when every image has a dot. */
  overflow: number;
  /** The current image is one of the overflow images. */
  overflowActive: boolean;
}

/** Dots for the first `max` images (none for a single image) and the '+N' overflow count. */
export function carouselDots(total: number, current: number, max = MAX_CAROUSEL_DOTS): CarouselDots {
  if (total <= 1) return { dots: [], overflow: 0, overflowActive: false };
  const shown = Math.min(total, max);
  return {
    dots: Array.from({ length: shown }, (_, index) => ({ index, active: index === current })),
    overflow: total - shown,
    overflowActive: current >= shown,
  };
}

/** The viewer's counter: 'i / total' (1-based). */
export const viewerCounter = (index: number, total: number): string => `${total === 0 ? 0 : index + 1} / ${total}`;
