import { useState } from 'react';
import { fileUrl } from '@domain/files';

/** A missing or broken image shows a placeholder icon instead. */
export function ImagePlaceholder({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center justify-center bg-gray-100 text-gray-400 ${className}`}>
      <svg role="img" aria-label="No image available" viewBox="0 0 24 24" className="h-12 w-12" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="8.5" cy="9.5" r="1.5" />
        <path d="m21 16-5-5-9 9" />
      </svg>
    </div>
  );
}

/**
 * An uploaded image, or the placeholder when there is none or it fails to load. `onFailure` tells the
 * parent (e.g. so a broken image is not offered for zooming).
 */
export function SystemImage({
  src,
  alt,
  className = '',
  onFailure,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  onFailure?: (src: string) => void;
}) {
  const url = fileUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <ImagePlaceholder className={className} />;
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => {
        setFailed(url);
        onFailure?.(url);
      }}
    />
  );
}
