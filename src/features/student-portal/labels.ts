import type { PortalMonthDay, TodayKind } from '@domain/student-portal';

/** Texts and colours of the portal's marks (zod-free: the island renders with them). */

export const TODAY_TITLES: Record<TodayKind, string> = {
  CHECKED_IN: 'Checked in',
  LATE: 'Late',
  ABSENT: 'Absent',
  EXCUSED: 'Excused',
  NOT_YET: 'Not checked in yet',
  NO_CLASS: 'No class today',
};

export const TODAY_TONES: Record<TodayKind, string> = {
  CHECKED_IN: 'border-green-600 bg-green-50 text-green-900',
  LATE: 'border-yellow-600 bg-yellow-50 text-yellow-900',
  ABSENT: 'border-red-600 bg-red-50 text-red-900',
  EXCUSED: 'border-blue-600 bg-blue-50 text-blue-900',
  NOT_YET: 'border-gray-400 bg-white text-gray-900',
  NO_CLASS: 'border-gray-400 bg-gray-50 text-gray-900',
};

export type Mark = PortalMonthDay['mark'];

/** A mark's letter in the calendar (with its name for screen readers and the legend). */
export const MARKS: Record<Mark, { letter: string; name: string; className: string }> = {
  PRESENT: { letter: 'P', name: 'Present', className: 'bg-green-100 text-green-900 ring-green-600' },
  LATE: { letter: 'T', name: 'Late (tardy)', className: 'bg-yellow-100 text-yellow-900 ring-yellow-600' },
  ABSENT: { letter: 'A', name: 'Absent', className: 'bg-red-100 text-red-900 ring-red-600' },
  NO_RECORD: { letter: 'A', name: 'Absent (no record)', className: 'bg-red-50 text-red-900 ring-red-400' },
  EXCUSED: { letter: 'E', name: 'Excused', className: 'bg-blue-100 text-blue-900 ring-blue-600' },
  NO_CLASS: { letter: '', name: 'No class', className: 'bg-gray-100 text-gray-600 ring-transparent' },
  UPCOMING: { letter: '', name: 'No mark yet', className: 'bg-white text-gray-900 ring-gray-200' },
};

export const LEGEND: Mark[] = ['PRESENT', 'LATE', 'ABSENT', 'EXCUSED', 'NO_CLASS'];

export const MESSAGE_TYPES: Record<string, string> = {
  CHECK_IN: 'Check-in',
  CHECK_OUT: 'Check-out',
  ABSENCE: 'Absence',
  LATE_ARRIVAL: 'Late arrival',
  CORRECTION: 'Correction',
  CUSTOM: 'School message',
};

export const CHANNELS: Record<string, string> = { SMS: 'SMS', MESSENGER: 'Messenger' };

/** 'November 2026' for '2026-11' (calendar arithmetic only: no time zone involved). */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** 'Wednesday, November 18' for '2026-11-18'. */
export function dayTitle(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
