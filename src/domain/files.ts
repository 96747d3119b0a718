/** Where uploaded files are served. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * An absolute file URL is kept but forced to https; a relative one is served from /uploads/.
 * Used by the API responses and by the console before showing a file.
 */
export function fileUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url.replace(/^http:\/\//i, 'https://');
  if (url.startsWith(UPLOADS_PREFIX)) return url;
  return UPLOADS_PREFIX + url.replace(/^\/+/, '').replace(/^uploads\//, '');
}

export const MB = 1024 * 1024;

/** A size as people read it: '512 B', '3 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Pictures and logos: JPG, PNG, GIF or WebP, at most 2 MB; the server checks the content. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 2 * MB;

/** Contract files: pdf, doc, docx, jpg, jpeg, png, gif, at most 10 MB each. */
export const CONTRACT_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif'];
export const CONTRACT_FILE_MAX_BYTES = 10 * MB;

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * What is wrong with a chosen file before it is sent (the server checks again, by content), or null.
 * `accept`: MIME types or extensions (without dot).
 */
export function chosenFileError(
  file: { name: string; type: string; size: number },
  accept: string[],
  maxBytes: number,
  label: string,
): string | null {
  const ok = accept.includes(file.type) || accept.includes(extensionOf(file.name));
  if (!ok) return `${label} "${file.name}" is not an allowed file type`;
  if (file.size > maxBytes) return `${label} "${file.name}" is too large (max ${Math.round(maxBytes / MB)} MB)`;
  return null;
}
