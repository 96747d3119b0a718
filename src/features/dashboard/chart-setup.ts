/*
 * Options and colours of the dashboard's charts. chart.js itself (registration and the react-chartjs-2
 * components) is in `charts.ts`, which `DashboardCharts` loads lazily: only types are imported here, so the
 * dashboard screen's chunk stays free of the library and its numbers and lists show before the charts load.
 */
import type { ChartOptions } from 'chart.js';

export const BRAND = '#16a34a';

/** Colours of the attendance statuses and notification types (the badge colours). */
export const SERIES_COLOURS: Record<string, string> = {
  PRESENT: '#16a34a',
  ABSENT: '#dc2626',
  LATE: '#f59e0b',
  EXCUSED: '#2563eb',
  CHECK_IN: '#16a34a',
  CHECK_OUT: '#2563eb',
  ABSENCE: '#dc2626',
  LATE_ARRIVAL: '#f59e0b',
  CUSTOM: '#7c3aed',
};
export const colourOf = (key: string) => SERIES_COLOURS[key] ?? '#6b7280';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

const base = () => ({ responsive: true, maintainAspectRatio: false, animation: reducedMotion() ? (false as const) : undefined });

/** Counts are whole numbers: no 0.5 ticks. */
const countAxis = { beginAtZero: true, ticks: { precision: 0 } };

export const lineOptions = (): ChartOptions<'line'> => ({
  ...base(),
  plugins: { legend: { display: false } },
  scales: { y: countAxis },
});

/** Category labels longer than this are cut with '…' on the axis (the tooltip and summary keep the full text). */
const AXIS_LABEL_MAX = 22;
export const axisLabel = (label: string) =>
  label.length > AXIS_LABEL_MAX ? `${label.slice(0, AXIS_LABEL_MAX - 1).trimEnd()}…` : label;

/** Bars; horizontal ones (school names) get labels short enough to fit beside a phone-width chart. */
export const barOptions = (horizontal = false): ChartOptions<'bar'> => ({
  ...base(),
  indexAxis: horizontal ? 'y' : 'x',
  plugins: { legend: { display: false } },
  scales: horizontal
    ? {
        x: countAxis,
        y: {
          ticks: {
            callback(value) {
              return axisLabel(String(this.getLabelForValue(Number(value))));
            },
          },
        },
      }
    : { y: countAxis },
});

export const doughnutOptions = (): ChartOptions<'doughnut'> => ({ ...base(), plugins: { legend: { position: 'bottom' } } });

/** 'Nov 16: 2, Nov 17: 0, …' — the chart's numbers as text, for its accessible name. */
export const summarise = (pairs: Array<[label: string, value: number]>) =>
  pairs.map(([l, v]) => `${l}: ${v.toLocaleString('en-US')}`).join(', ');

/** 'LATE_ARRIVAL' → 'Late Arrival'. */
export const humanise = (key: string) =>
  key
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());
