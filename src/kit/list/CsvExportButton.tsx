import { useState } from 'react';
import { formatFileSize } from '@domain/files';
import { downloadCsv, type QueryFilters } from './csv';
import { Button } from '../ui/Button';

/**
 * 'Export CSV': downloads the WHOLE filtered list (not just the page) from `{path}?format=csv`, showing
 * the bytes received while the server streams it. `filters` = useListQuery's `filters`.
 */
export function CsvExportButton({
  path,
  filters,
  filename,
  label = 'Export CSV',
}: {
  path: string;
  filters: QueryFilters;
  filename: string;
  label?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setProgress(0);
    try {
      await downloadCsv(path, filters, { fallbackName: filename, onProgress: (p) => setProgress(p.transferredBytes) });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" loading={busy} onClick={() => void run()}>
        {busy ? `Exporting…${progress ? ` ${formatFileSize(progress)}` : ''}` : label}
      </Button>
      <span role="status" className="sr-only">
        {busy ? 'Exporting CSV' : ''}
      </span>
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          Error: {error}
        </span>
      ) : null}
    </span>
  );
}
