import { atom } from 'nanostores';
import type { BulkJob } from '@domain/students/matching';
import { fetchBulkJob } from './api';

/*
 * The background job started from the student list (archive or message all matching): followed until it ends, its
 * progress shown above the list whether or not its dialog is still open. One at a time per screen.
 */

/** How often the progress is asked for while the job runs. */
export const FOLLOW_MS = 1000;

export const $bulkJob = atom<BulkJob | null>(null);

let timer: ReturnType<typeof setTimeout> | null = null;

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
}

/** Shows `job` and asks for its progress until it is DONE or FAILED; then `onEnd` (e.g. reload the list). */
export function followJob(job: BulkJob, onEnd?: (job: BulkJob) => void) {
  stop();
  $bulkJob.set(job);
  const next = () => {
    timer = setTimeout(() => void poll(), FOLLOW_MS);
  };
  const poll = async () => {
    try {
      const now = await fetchBulkJob(job.id);
      if ($bulkJob.get()?.id !== job.id) return; // dismissed or replaced meanwhile
      $bulkJob.set(now);
      if (now.status !== 'RUNNING') {
        timer = null;
        onEnd?.(now);
        return;
      }
    } catch {
      // A network blip: the job goes on on the server; ask again.
    }
    next();
  };
  if (job.status === 'RUNNING') next();
  else onEnd?.(job);
}

/** Hides the job (it goes on on the server if still running). */
export function dismissJob() {
  stop();
  $bulkJob.set(null);
}
