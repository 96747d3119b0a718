import { PostgresAdapter, sql, type Kysely, type CreateTableBuilder } from 'kysely';

/*
 * The whole data model plus what the server needs behind it (sessions, RFID readers and
 * raw taps, the notification outbox, per-device daily SMS usage).
 *
 * Portable on purpose (SQLite and PostgreSQL): timestamps are ISO-8601 UTC text, calendar dates are
 * 'YYYY-MM-DD' text, booleans are 0/1 integers, lists and maps are JSON text. This keeps one code
 * path in the repositories and lets ISO strings compare lexicographically for date ranges.
 * Migrations never import app code.
 */

type Db = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId(db: Db, t: Table): Table {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function withTimestamps(t: Table): Table {
  return t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

const bool = (t: Table, name: string, dflt: 0 | 1): Table => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));

export async function up(db: Db): Promise<void> {
  const table = (name: string) => withId(db, db.schema.createTable(name) as Table);
  const real = isPostgres(db) ? 'double precision' : 'real';

  await withTimestamps(
    bool(
      table('super_admins')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('profile_picture_url', 'text')
        .addColumn('access_level', 'integer', (c) => c.notNull().defaultTo(3)),
      'is_active',
      1,
    ),
  ).execute();

  await withTimestamps(
    bool(
      table('schools')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('acronym', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('contact_number', 'text')
        .addColumn('email', 'text')
        .addColumn('website', 'text')
        .addColumn('student_count', 'integer')
        .addColumn('contract_number', 'text')
        .addColumn('contract_date', 'text')
        .addColumn('contract_expiry_date', 'text')
        .addColumn('contract_status', 'text')
        .addColumn('contract_type', 'text')
        .addColumn('contract_amount', real)
        .addColumn('logo_url', 'text')
        .addColumn('timezone', 'text'),
      'is_active',
      1,
    ),
  ).execute();
  // Acronyms are unique regardless of case ("ABC" and "abc" are the same school).
  await sql`create unique index schools_acronym_lower_uq on schools (lower(acronym))`.execute(db);

  await table('contract_files')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('file_url', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contract_files_school_idx').on('contract_files').column('school_id').execute();

  await withTimestamps(
    bool(
      table('admins')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('department', 'text')
        .addColumn('position', 'text')
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('profile_picture_url', 'text')
        .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null')),
      'is_active',
      1,
    ),
  ).execute();
  await db.schema.createIndex('admins_school_idx').on('admins').column('school_id').execute();

  await withTimestamps(
    table('permissions')
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    bool(
      table('grades')
        .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1)),
      'is_active',
      1,
    ),
  ).execute();
  await db.schema.createIndex('grades_school_idx').on('grades').columns(['school_id', 'level']).execute();

  await withTimestamps(
    bool(
      table('sections')
        .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
        .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('capacity', 'integer'),
      'is_active',
      1,
    ),
  ).execute();
  await db.schema.createIndex('sections_grade_idx').on('sections').columns(['school_id', 'grade_id']).execute();

  await withTimestamps(
    bool(
      bool(
        table('students')
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('lrn', 'text', (c) => c.notNull().unique())
          .addColumn('date_of_birth', 'text')
          .addColumn('gender', 'text')
          .addColumn('address', 'text')
          .addColumn('rfid_card_id', 'text', (c) => c.unique())
          .addColumn('phone_number', 'text')
          .addColumn('parent_first_name', 'text')
          .addColumn('parent_last_name', 'text')
          .addColumn('parent_email', 'text')
          .addColumn('parent_facebook_messenger_name', 'text')
          .addColumn('parent_messenger_psid', 'text')
          .addColumn('parent_phone', 'text', (c) => c.notNull())
          .addColumn('parent_address', 'text')
          .addColumn('emergency_contact', 'text')
          .addColumn('notification_preference', 'text', (c) => c.notNull().defaultTo('SMS_ONLY'))
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
          .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('set null'))
          .addColumn('section_id', 'integer', (c) => c.references('sections.id').onDelete('set null'))
          .addColumn('profile_picture_url', 'text')
          .addColumn('archived_at', 'text')
          .addColumn('archived_by_id', 'integer')
          .addColumn('archived_by_role', 'text')
          .addColumn('archived_by_name', 'text')
          .addColumn('archive_reason', 'text'),
        'is_active',
        1,
      ),
      'is_archived',
      0,
    ),
  ).execute();
  await db.schema
    .createIndex('students_school_idx')
    .on('students')
    .columns(['is_archived', 'school_id', 'grade_id', 'section_id'])
    .execute();
  await db.schema.createIndex('students_archived_at_idx').on('students').columns(['is_archived', 'archived_at']).execute();

  // Sessions keep only a hash of the opaque token; revoking is setting revoked_at.
  await table('sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['role', 'user_id']).execute();

  // performed_by is a JSON snapshot {name,email,employeeId,lrn} so the log survives renames/deletes.
  await table('system_logs')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('details', 'text')
    .addColumn('user_role', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('performed_by', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('system_logs_created_idx').on('system_logs').column('created_at').execute();
  await db.schema.createIndex('system_logs_action_idx').on('system_logs').columns(['action', 'created_at']).execute();
  await db.schema.createIndex('system_logs_entity_idx').on('system_logs').columns(['entity', 'created_at']).execute();
  await db.schema.createIndex('system_logs_user_idx').on('system_logs').columns(['user_role', 'user_id', 'created_at']).execute();

  await withTimestamps(
    bool(
      table('rfid_readers')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('location', 'text')
        .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('last_seen_at', 'text'),
      'is_active',
      1,
    ),
  ).execute();

  // Raw taps exactly as readers reported them; (reader_id, event_id) makes replays idempotent.
  await table('rfid_taps')
    .addColumn('reader_id', 'integer', (c) => c.notNull().references('rfid_readers.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('card_uid_raw', 'text', (c) => c.notNull())
    .addColumn('card_uid', 'text', (c) => c.notNull())
    .addColumn('tapped_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rfid_taps_event_uq').on('rfid_taps').columns(['reader_id', 'event_id']).unique().execute();
  await db.schema.createIndex('rfid_taps_card_idx').on('rfid_taps').columns(['card_uid', 'tapped_at']).execute();

  await withTimestamps(
    table('attendance_records')
      .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('school_id', 'integer')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('check_in_at', 'text')
      .addColumn('check_out_at', 'text')
      .addColumn('reader_id', 'integer', (c) => c.references('rfid_readers.id').onDelete('set null'))
      .addColumn('card_id', 'text'),
  ).execute();
  await db.schema
    .createIndex('attendance_student_date_uq')
    .on('attendance_records')
    .columns(['student_id', 'date'])
    .unique()
    .execute();
  await db.schema.createIndex('attendance_date_idx').on('attendance_records').columns(['date', 'status']).execute();
  await db.schema.createIndex('attendance_created_idx').on('attendance_records').column('created_at').execute();

  await withTimestamps(
    bool(
      table('sms_devices')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('api_key', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
        .addColumn('daily_limit', 'integer')
        .addColumn('last_active', 'text')
        .addColumn('provider', 'text', (c) => c.notNull().defaultTo('httpsms'))
        .addColumn('base_url', 'text'),
      'is_default',
      0,
    ),
  ).execute();

  await db.schema
    .createTable('sms_device_usage')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('sms_devices.id').onDelete('cascade'))
    .addColumn('day_local', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sms_device_usage_pk', ['device_id', 'day_local'])
    .execute();

  await withTimestamps(
    bool(
      bool(
        table('facebook_pages')
          .addColumn('page_id', 'text', (c) => c.notNull().unique())
          .addColumn('page_name', 'text', (c) => c.notNull())
          .addColumn('access_token', 'text', (c) => c.notNull())
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null')),
        'is_active',
        1,
      ),
      'needs_reauth',
      0,
    ),
  ).execute();

  await withTimestamps(
    table('sms_notifications')
      .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('set null'))
      .addColumn('school_id', 'integer')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull().defaultTo('SMS'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('failure_reason', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('device_id', 'integer', (c) => c.references('sms_devices.id').onDelete('set null'))
      .addColumn('sender_role', 'text')
      .addColumn('sender_id', 'integer')
      .addColumn('provider_msg_id', 'text'),
  ).execute();
  await db.schema.createIndex('sms_created_idx').on('sms_notifications').columns(['created_at']).execute();
  await db.schema.createIndex('sms_status_idx').on('sms_notifications').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('sms_student_idx').on('sms_notifications').columns(['student_id', 'created_at']).execute();

  // Transactional outbox: written in the same transaction as the attendance row.
  await withTimestamps(
    table('notification_outbox')
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('student_id', 'integer')
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('device_id', 'integer')
      .addColumn('page_id', 'integer')
      .addColumn('provider_msg_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sms_notification_id', 'integer'),
  ).execute();
  await db.schema.createIndex('outbox_due_idx').on('notification_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_provider_idx').on('notification_outbox').column('provider_msg_id').execute();

  await withTimestamps(
    table('inquiries')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('inquiry', 'text', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    table('systems')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();

  await withTimestamps(
    table('orders')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('system_id', 'integer', (c) => c.references('systems.id').onDelete('set null'))
      .addColumn('system_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('additional_notes', 'text'),
  ).execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'orders',
    'systems',
    'inquiries',
    'notification_outbox',
    'sms_notifications',
    'facebook_pages',
    'sms_device_usage',
    'sms_devices',
    'attendance_records',
    'rfid_taps',
    'rfid_readers',
    'system_logs',
    'sessions',
    'students',
    'sections',
    'grades',
    'permissions',
    'admins',
    'contract_files',
    'schools',
    'super_admins',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
