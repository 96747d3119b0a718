import { useState } from 'react';
import { carouselDots, wrapIndex } from './carousel';
import { fileUrl } from '@domain/files';
import type { System } from '@domain/systems';
import { buttonClass } from '@kit/ui/Button';
import { SystemImage } from './SystemImage';
import { Chevron } from './Chevron';
import { FeatureChips } from './FeatureChips';

const navButton =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-1.5 text-gray-800 shadow hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/**
 * The card's image carousel: previous/next when there is more than one image, up to five
 * dots plus '+N', the placeholder icon for a missing or broken image; a click opens the viewer.
 */
function ImageCarousel({ system, onOpen }: { system: System; onOpen: (index: number) => void }) {
  const { images, name } = system;
  const [position, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const total = images.length;
  // Kept in range when a reload ('Try Again') brings the system back with fewer images.
  const index = total ? Math.min(position, total - 1) : 0;
  const current = images[index];
  // SystemImage reports the resolved URL (fileUrl), so compare against that, not the stored path.
  const currentUrl = fileUrl(current);
  const { dots, overflow, overflowActive } = carouselDots(total, index);
  const markBroken = (src: string) => setBroken((prev) => new Set(prev).add(src));
  const picture = <SystemImage key={current} src={current} alt={`${name}, image ${index + 1} of ${total}`} onFailure={markBroken} className="h-full w-full object-cover" />;

  return (
    <div className="relative aspect-video w-full overflow-hidden bg-gray-100">
      {currentUrl && !broken.has(currentUrl) ? (
        <button type="button" onClick={() => onOpen(index)} className="block h-full w-full cursor-zoom-in focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600" aria-label={`View ${name} images full size`}>
          {picture}
        </button>
      ) : (
        picture
      )}
      {total > 1 ? (
        <>
          <button type="button" onClick={() => setIndex(wrapIndex(index, -1, total))} aria-label={`Previous image of ${name}`} className={`${navButton} left-2`}>
            <Chevron direction="left" className="h-4 w-4" />
          </button>
          <button type="button" onClick={() => setIndex(wrapIndex(index, 1, total))} aria-label={`Next image of ${name}`} className={`${navButton} right-2`}>
            <Chevron direction="right" className="h-4 w-4" />
          </button>
          <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-black/40 px-2 py-1">
            {dots.map((dot) => (
              <button
                key={dot.index}
                type="button"
                onClick={() => setIndex(dot.index)}
                aria-label={`Show image ${dot.index + 1} of ${total}`}
                aria-current={dot.active || undefined}
                className={`h-2 w-2 rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-white ${dot.active ? 'bg-white' : 'bg-white/50 hover:bg-white/80'}`}
              />
            ))}
            {overflow > 0 ? (
              <span className={`text-xs leading-none text-white ${overflowActive ? 'font-bold' : ''}`}>
                <span aria-hidden="true">+{overflow}</span>
                <span className="sr-only">{`${overflow} more images`}</span>
              </span>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** One catalogue card: carousel, name, description (3 lines), up to 3 feature chips plus '+N more', order button. */
export function SystemCard({ system, onOpenImage, onOrder }: { system: System; onOpenImage: (index: number) => void; onOrder: () => void }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md" aria-label={system.name}>
      <ImageCarousel system={system} onOpen={onOpenImage} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-gray-900">{system.name}</h2>
        <p className="line-clamp-3 whitespace-pre-line text-sm text-gray-600">{system.description}</p>
        <FeatureChips features={system.features} />
        <button type="button" onClick={onOrder} className={buttonClass('primary', 'md', 'mt-auto w-full')}>
          Order This System
        </button>
      </div>
    </article>
  );
}
