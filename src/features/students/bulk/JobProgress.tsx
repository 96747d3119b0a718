import { useStore } from '@nanostores/react';
import { Button, ErrorBanner, ProgressBar } from '@kit';
import { $bulkJob, dismissJob } from './store';

/** The list's background job: its progress while it runs, then its outcome (green, or red when it failed). */
export function JobProgress() {
  const job = useStore($bulkJob);
  if (!job) return null;
  if (job.status === 'FAILED') return <ErrorBanner message={job.message} onDismiss={dismissJob} />;
  const done = job.status === 'DONE';
  return (
    <div role="region" aria-label="Background work" className="rounded-md border border-gray-200 bg-white p-3">
      <ProgressBar value={job.done} max={job.total} label={done ? job.message : `${job.message}: ${job.done} of ${job.total}`} />
      {done ? (
        <p className="mt-2 flex justify-end">
          <Button size="sm" variant="ghost" onClick={dismissJob}>
            Dismiss
          </Button>
        </p>
      ) : (
        <p className="mt-1 text-xs text-gray-600">It goes on in the background: you may leave this page.</p>
      )}
    </div>
  );
}
