import { subscribeLive } from '@kit/live';

/** How often at most the panel reads the capacity again while messages move (a morning moves hundreds a minute). */
export const CAPACITY_REFRESH_MS = 10_000;

/**
 * What the panel does with a live event: `moved(eventSchool)` calls `reload` once CAPACITY_REFRESH_MS after the first
 * event of the school (`schoolId` null: the admin's own school, whose events are the only ones it gets), and not
 * again before that; `stop` cancels a pending reload.
 */
export function capacityFollower(schoolId: number | null, reload: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    moved(eventSchool: number | null | undefined) {
      if (schoolId != null && eventSchool != null && eventSchool !== schoolId) return;
      timer ??= setTimeout(() => {
        timer = null;
        reload();
      }, CAPACITY_REFRESH_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Reloads the panel while the school's queue moves: a tap queued a notice, a message was sent, failed or expired. */
export function followCapacity(schoolId: number | null, reload: () => void): () => void {
  const follower = capacityFollower(schoolId, reload);
  const stops = [
    subscribeLive('sms:sent', (note) => follower.moved(note.schoolId)),
    subscribeLive('attendance', (event) => follower.moved(event.record.schoolId)),
  ];
  return () => {
    for (const stop of stops) stop();
    follower.stop();
  };
}
