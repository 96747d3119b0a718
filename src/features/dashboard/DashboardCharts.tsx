import { lazy, useEffect } from 'react';
import type { DashboardStats, DayCount } from '@domain/dashboard';
import { ChartCard } from './ChartCard';
import { BRAND, barOptions, colourOf, doughnutOptions, humanise, lineOptions, summarise } from './chart-setup';

// chart.js loads only here, lazily ("chart.js only where a chart is on screen"); each card shows its
// 'Loading chart data...' state until it has arrived (ChartCard's Suspense).
const loadCharts = () => import('./charts');
const Line = lazy(() => loadCharts().then((m) => ({ default: m.Line })));
const Bar = lazy(() => loadCharts().then((m) => ({ default: m.Bar })));
const Doughnut = lazy(() => loadCharts().then((m) => ({ default: m.Doughnut })));

interface Props {
  stats: DashboardStats | null;
  loading: boolean;
}

const daySummary = (days: DayCount[]) => summarise(days.map((d) => [d.formattedDate, d.count]));
const noCounts = (days: DayCount[] | undefined) => !days || days.every((d) => d.count === 0);

/** The five charts "Dashboard Overview", each with its period, empty text and loading state. */
export function DashboardCharts({ stats, loading }: Props) {
  // Fetch the library while the statistics load, not after.
  useEffect(() => void loadCharts(), []);
  const waiting = loading && !stats;
  const activity = stats?.activityChart ?? [];
  const smsDays = stats?.smsSentByDay ?? [];
  const attendance = stats?.attendanceDistribution ?? { labels: [], data: [] };
  const smsTypes = stats?.smsTypeDistribution ?? [];
  const schools = stats?.topSchools ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
      <ChartCard
        title="System Activity"
        period="Last 7 days"
        loading={waiting}
        empty={noCounts(stats?.activityChart)}
        emptyText="No activity data available"
        summary={daySummary(activity)}
        className="xl:col-span-2"
      >
        {(canvas) => (
          <Line
            {...canvas}
            options={lineOptions()}
            data={{
              labels: activity.map((d) => d.formattedDate),
              datasets: [
                {
                  label: 'Log entries',
                  data: activity.map((d) => d.count),
                  borderColor: BRAND,
                  backgroundColor: 'rgba(22, 163, 74, 0.15)',
                  fill: true,
                  cubicInterpolationMode: 'monotone',
                },
              ],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title="Attendance"
        period="Last 30 days"
        loading={waiting}
        empty={attendance.data.every((n) => n === 0)}
        emptyText="No attendance data available"
        summary={summarise(attendance.labels.map((l, i) => [humanise(l), attendance.data[i] ?? 0]))}
      >
        {(canvas) => (
          <Doughnut
            {...canvas}
            options={doughnutOptions()}
            data={{
              labels: attendance.labels.map(humanise),
              datasets: [{ label: 'Records', data: attendance.data, backgroundColor: attendance.labels.map(colourOf) }],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title="SMS Sent Per Day"
        period="Last 7 days"
        loading={waiting}
        empty={noCounts(stats?.smsSentByDay)}
        emptyText="No SMS data available"
        summary={daySummary(smsDays)}
      >
        {(canvas) => (
          <Bar
            {...canvas}
            options={barOptions()}
            data={{
              labels: smsDays.map((d) => d.formattedDate),
              datasets: [{ label: 'Messages sent', data: smsDays.map((d) => d.count), backgroundColor: BRAND }],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title="SMS Type Distribution"
        period="Last 30 days"
        loading={waiting}
        empty={smsTypes.length === 0}
        emptyText="No SMS type data available"
        summary={summarise(smsTypes.map((t) => [humanise(t.type), t.count]))}
      >
        {(canvas) => (
          <Doughnut
            {...canvas}
            options={doughnutOptions()}
            data={{
              labels: smsTypes.map((t) => humanise(t.type)),
              datasets: [
                { label: 'Messages', data: smsTypes.map((t) => t.count), backgroundColor: smsTypes.map((t) => colourOf(t.type)) },
              ],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title="Top Schools"
        period="By student count"
        loading={waiting}
        empty={schools.every((s) => s.students === 0)}
        emptyText="No school data available"
        summary={summarise(schools.map((s) => [s.name, s.students]))}
      >
        {(canvas) => (
          <Bar
            {...canvas}
            options={barOptions(true)}
            data={{
              labels: schools.map((s) => s.name),
              datasets: [{ label: 'Students', data: schools.map((s) => s.students), backgroundColor: BRAND }],
            }}
          />
        )}
      </ChartCard>
    </div>
  );
}
