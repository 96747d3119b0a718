import { atom } from 'nanostores';
import { fetchDashboardStats, type DashboardStats } from './api';
import { toApiError } from '@kit/http';
import { subscribeLive } from '@kit/live';

export interface DashboardState {
  stats: DashboardStats | null;
  loading: boolean;
  error: string | null;
}

/** The Dashboard Overview's statistics. Kept between visits: a revisit shows them while they refresh. */
export const $dashboard = atom<DashboardState>({ stats: null, loading: false, error: null });

/** Loads (or refreshes) the statistics; a failure keeps what was shown and sets the failure message. */
export async function loadDashboard(): Promise<void> {
  $dashboard.set({ ...$dashboard.get(), loading: true, error: null });
  try {
    $dashboard.set({ stats: await fetchDashboardStats(), loading: false, error: null });
  } catch (err) {
    $dashboard.set({
      ...$dashboard.get(),
      loading: false,
      error: (await toApiError(err, 'Failed to fetch dashboard statistics')).message,
    });
  }
}

/** Refreshes the statistics when taps change attendance (at most every 3 s while taps stream in). Returns the unsubscribe. */
export function followLiveAttendance(everyMs = 3000): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = subscribeLive('attendance', () => {
    timer ??= setTimeout(() => {
      timer = null;
      void loadDashboard();
    }, everyMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    stop();
  };
}
