import { atom } from 'nanostores';
import { subscribeLive } from '@kit/live';
import { addLiveEvent, LIVE_EVENTS_SHOWN, type LiveAttendanceEvent } from '@domain/attendance';

/**
 * Live attendance events ('Real-time Attendance Events'): newest first, duplicates skipped,
 * 20 kept (the card shows 5). Kept between visits of the screen, like the dashboard's statistics.
 */
export const $liveAttendance = atom<LiveAttendanceEvent[]>([]);
export { LIVE_EVENTS_SHOWN };

const isLiveEvent = (p: unknown): p is LiveAttendanceEvent =>
  !!p && typeof p === 'object' && typeof (p as LiveAttendanceEvent).id === 'number' && !!(p as LiveAttendanceEvent).record;

/** Follows `attendance` events while the screen is mounted; `onEvent` lets the screen insert the row. Returns the unsubscribe. */
export function followAttendance(onEvent: (event: LiveAttendanceEvent) => void): () => void {
  return subscribeLive('attendance', (payload) => {
    if (!isLiveEvent(payload)) return;
    const before = $liveAttendance.get();
    const after = addLiveEvent(before, payload);
    if (after === before) return;
    $liveAttendance.set(after);
    onEvent(payload);
  });
}
