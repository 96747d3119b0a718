import { ORDER_STATUS_LABELS } from '@domain/systems/order-status';
import { logActionLabel } from '@domain/log-actions';
/*
 * Badge colour rules (statuses, and System Logs' actions), pure: which tone a status or action gets and its label.
 */

export type BadgeTone = 'green' | 'red' | 'yellow' | 'blue' | 'purple' | 'gray';

export type BadgeKind =
  /**
   * SMS notification status: SENT/DELIVERED green, FAILED red, UNCERTAIN yellow (needs a decision), others neutral;
   * EXPIRED and FOLDED neutral too: not sent on purpose, nothing to fix.
   */
  | 'sms'
  /** isActive flags of schools, grades, sections, students, pages: Active green / Inactive gray. */
  | 'active'
  /** Attendance status: PRESENT, ABSENT, LATE, EXCUSED. */
  | 'attendance'
  /** Order status: pending, confirmed, in_progress, completed, cancelled. */
  | 'order'
  /** SMS device status: ACTIVE, INACTIVE, MAINTENANCE. */
  | 'device'
  /** System log action, by keyword: LOGIN/LOGOUT, CREATE/ADD, UPDATE/EDIT, DELETE/REMOVE. */
  | 'logAction';

const BY_VALUE: Record<Exclude<BadgeKind, 'active' | 'logAction'>, Record<string, BadgeTone>> = {
  sms: { SENT: 'green', DELIVERED: 'green', FAILED: 'red', UNCERTAIN: 'yellow', EXPIRED: 'gray', FOLDED: 'gray' },
  attendance: { PRESENT: 'green', ABSENT: 'red', LATE: 'yellow', EXCUSED: 'blue' },
  order: { pending: 'yellow', confirmed: 'blue', in_progress: 'purple', completed: 'green', cancelled: 'red' },
  device: { ACTIVE: 'green', INACTIVE: 'gray', MAINTENANCE: 'yellow' },
};

/** Checked in this order; an action matches a group when one of its underscore-separated words is a keyword. */
const ACTION_GROUPS: Array<[keywords: string[], tone: BadgeTone]> = [
  [['DELETE', 'REMOVE'], 'red'],
  [['CREATE', 'ADD'], 'green'],
  [['UPDATE', 'EDIT'], 'yellow'],
  [['LOGIN', 'LOGOUT'], 'blue'],
];

function actionTone(action: string): BadgeTone {
  const words = action.toUpperCase().split(/[^A-Z]+/);
  return ACTION_GROUPS.find(([keywords]) => keywords.some((k) => words.includes(k)))?.[1] ?? 'gray';
}

const isOn = (value: unknown) => value === true || value === 1 || value === 'true' || value === 'ACTIVE' || value === 'Active';

/** The tone of a value of a kind; anything unknown is neutral (gray). */
export function badgeTone(kind: BadgeKind, value: unknown): BadgeTone {
  if (kind === 'active') return isOn(value) ? 'green' : 'gray';
  if (kind === 'logAction') return actionTone(String(value ?? ''));
  return BY_VALUE[kind][String(value ?? '')] ?? 'gray';
}

const ORDER_LABELS: Record<string, string> = ORDER_STATUS_LABELS;

/** The text of a badge: Active/Inactive, the order labels, a log action in words, else the value itself. */
export function badgeLabel(kind: BadgeKind, value: unknown): string {
  if (kind === 'active') return isOn(value) ? 'Active' : 'Inactive';
  if (kind === 'logAction') return logActionLabel(String(value ?? ''));
  if (kind === 'order') return ORDER_LABELS[String(value)] ?? String(value ?? '');
  return String(value ?? '');
}

/** Tailwind classes per tone (text contrast ≥ 4.5:1 on the tinted background). */
export const TONE_CLASSES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};
