import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button, ErrorBanner, ErrorState } from '@kit';
import { $dashboard, followLiveAttendance, loadDashboard } from './store';
import { StatCards } from './StatCards';
import { DashboardCharts } from './DashboardCharts';
import { RecentSmsLogs } from './RecentSmsLogs';
import { RecentActivity } from './RecentActivity';
import { QuickActions } from './QuickActions';
import { AlarmBanner } from '@features/alarms';

/** "Dashboard Overview" (also at /home): stat cards, five charts, recent SMS logs and activity, quick actions. */
export default function DashboardScreen() {
  const { stats, loading, error } = useStore($dashboard);

  useEffect(() => {
    void loadDashboard();
    // Attendance Records and the Attendance chart move with new taps.
    return followLiveAttendance();
  }, []);

  return (
    <div className="space-y-6">
      <ScreenHeading title="Dashboard Overview">
        <Button
          variant="secondary"
          size="sm"
          loading={loading && !!stats}
          disabled={loading}
          onClick={() => void loadDashboard()}
        >
          Refresh
        </Button>
      </ScreenHeading>
      <AlarmBanner />

      {error && !stats ? (
        <ErrorState message={error} onRetry={() => void loadDashboard()} />
      ) : (
        <>
          {error ? <ErrorBanner message={error} /> : null}
          <StatCards counts={stats?.counts} />
          <DashboardCharts stats={stats} loading={loading} />
          <RecentSmsLogs logs={stats?.smsLogs} loading={loading} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentActivity logs={stats?.recentLogs} loading={loading} />
            </div>
            <QuickActions />
          </div>
        </>
      )}
    </div>
  );
}
