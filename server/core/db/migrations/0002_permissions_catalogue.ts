import type { Kysely } from 'kysely';

/*
 * The catalogue of what a school admin can be allowed to do. Seeded here so every database starts
 * with it; POST /api/super-admin/permissions/sync adds to it later. A copy, not an import: migrations
 * never import app code.
 */
const CATALOGUE: Array<[name: string, category: string, description: string]> = [
  ['VIEW_STUDENTS', 'Students', 'View the students of the school'],
  ['MANAGE_STUDENTS', 'Students', 'Register and edit students'],
  ['ARCHIVE_STUDENTS', 'Students', 'Archive and restore students'],
  ['VIEW_GRADES_SECTIONS', 'Grades and Sections', 'View grades and sections'],
  ['MANAGE_GRADES_SECTIONS', 'Grades and Sections', 'Create and edit grades and sections'],
  ['VIEW_ATTENDANCE', 'Attendance', 'View attendance records and live taps'],
  ['MANAGE_ATTENDANCE', 'Attendance', 'Correct attendance records (e.g. mark excused)'],
  ['VIEW_SMS_HISTORY', 'Notifications', 'View SMS and Messenger notification history'],
  ['SEND_SMS', 'Notifications', 'Send custom SMS messages to parents'],
  ['MANAGE_SMS_DEVICES', 'Devices', 'Add, edit and test the school SMS devices'],
  ['MANAGE_RFID_READERS', 'Devices', 'Register and manage RFID readers'],
  ['MANAGE_FACEBOOK_PAGES', 'Devices', 'Manage the school Facebook page'],
  ['VIEW_REPORTS', 'Reports', 'View and export attendance and notification reports'],
  ['VIEW_SYSTEM_LOGS', 'Reports', 'View the activity log of the school'],
  ['MANAGE_SCHOOL_PROFILE', 'School', 'Edit the school profile and logo'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('permissions')
    .values(CATALOGUE.map(([name, category, description]) => ({ name, category, description, created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('permissions')
    .where(
      'name',
      'in',
      CATALOGUE.map(([n]) => n),
    )
    .execute();
}
