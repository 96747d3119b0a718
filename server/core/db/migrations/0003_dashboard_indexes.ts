import type { Kysely } from 'kysely';

/*
 * Indexes for the dashboard statistics (server/features/dashboard/service.ts; figures in docs/benchmarks.md
 * "Dashboard and system logs"). Each lets a dashboard count read one index range and no table rows,
 * on SQLite and PostgreSQL alike:
 * - active students per school (Total Students, Top Schools);
 * - attendance by status, then local date (Attendance, last 30 days);
 * - notifications by sent time (SMS Sent Per Day);
 * - notifications by type, then creation time (SMS Type Distribution, last 30 days).
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['students_active_school_idx', 'students', ['is_archived', 'is_active', 'school_id']],
  ['attendance_status_date_idx', 'attendance_records', ['status', 'date']],
  ['sms_sent_idx', 'sms_notifications', ['sent_at']],
  ['sms_type_created_idx', 'sms_notifications', ['type', 'created_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
