import type { LogUserType } from '@domain/system-logs';

/** Display rules of the System Logs table, pure. */

const ROLE_LABELS: Record<string, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  STUDENT: 'Student',
  PUBLIC: 'Public',
  DEVICE: 'Device',
  SYSTEM: 'System',
};

export const roleLabel = (role: string | null): string => (role ? (ROLE_LABELS[role] ?? role) : '-');

/** The userType filter value naming a role, for "show only this user's activity". */
export function userTypeOf(role: string | null): LogUserType | undefined {
  if (role === 'SUPER_ADMIN') return 'superAdmin';
  if (role === 'ADMIN') return 'admin';
  if (role === 'STUDENT') return 'student';
  return undefined;
}

/** One line about a details object: 'Changed: firstName, email' for diffs, else its keys; '' when empty. */
export function detailsSummary(details: unknown): string {
  if (details === null || details === undefined || details === '') return '';
  if (typeof details !== 'object') return String(details).slice(0, 60);
  const record = details as Record<string, unknown>;
  const changes = record.changes;
  if (changes && typeof changes === 'object' && !Array.isArray(changes)) {
    const fields = Object.keys(changes);
    return fields.length ? `Changed: ${fields.join(', ')}` : 'No changes';
  }
  const keys = Array.isArray(details) ? [`${details.length} item(s)`] : Object.keys(record);
  return keys.length ? keys.join(', ') : '';
}

/** The details as readable text (indented JSON). */
export const detailsText = (details: unknown): string =>
  typeof details === 'string' ? details : JSON.stringify(details, null, 2);
