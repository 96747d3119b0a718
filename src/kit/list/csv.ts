import { api, toApiError } from '../http';

export type QueryFilters = Record<string, string | number | boolean>;

export interface DownloadProgress {
  transferredBytes: number;
  /** 0 when the server streams without a known length. */
  totalBytes: number;
}

/** The filename of a Content-Disposition header (RFC 6266 `filename*=` first), if any. */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain filename
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || undefined;
}

/**
 * Downloads a list endpoint's whole filtered list as CSV (`?format=csv`, streamed by the server) through
 * the one ky client (bearer token, 401 handling), then hands it to the browser as a file.
 */
export async function downloadCsv(
  path: string,
  filters: QueryFilters,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  return downloadFile(path, { ...filters, format: 'csv' }, { ...opts, failure: 'Failed to export CSV' });
}

/**
 * Downloads a file an API route makes (a CSV, a report) through the one ky client and hands it to the browser.
 * `timeoutMs`: files a server takes long to make (a whole school's reports) may wait longer than a list.
 */
export async function downloadFile(
  path: string,
  searchParams: QueryFilters,
  opts: {
    fallbackName: string;
    failure: string;
    onProgress?: (p: DownloadProgress) => void;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<void> {
  try {
    const res = await api.get(path, {
      searchParams,
      signal: opts.signal,
      ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
      onDownloadProgress: opts.onProgress
        ? (p) => opts.onProgress?.({ transferredBytes: p.transferredBytes, totalBytes: p.totalBytes })
        : undefined,
    });
    saveFile(await res.blob(), dispositionFilename(res.headers.get('content-disposition')) ?? opts.fallbackName);
  } catch (err) {
    throw await toApiError(err, opts.failure);
  }
}

/** Hands a blob to the browser as a download (exports, templates, summaries built in the browser). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
