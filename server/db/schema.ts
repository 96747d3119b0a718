import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Kysely table types, in camelCase (the CamelCasePlugin maps them to the snake_case columns of the
 * migrations). Timestamps are ISO-8601 UTC strings, dates 'YYYY-MM-DD', booleans 0/1, JSON as text.
 */

type Id = Generated<number>;
type Flag = Generated<number>;

export interface SuperAdminTable {
  id: Id;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  accessLevel: Generated<number>;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface SchoolTable {
  id: Id;
  name: string;
  acronym: string;
  address: string | null;
  contactNumber: string | null;
  email: string | null;
  website: string | null;
  studentCount: number | null;
  contractNumber: string | null;
  contractDate: string | null;
  contractExpiryDate: string | null;
  contractStatus: string | null;
  contractType: string | null;
  contractAmount: number | null;
  logoUrl: string | null;
  timezone: string | null;
  /** Local 'HH:MM': a first tap after it is LATE (migration 0006). */
  lateCutoff: Generated<string>;
  /** Local 'HH:MM': students without a check-in become ABSENT after it. */
  absenceCutoff: Generated<string>;
  /** ISO weekdays, '1,2,3,4,5' = Monday to Friday. */
  schoolDays: Generated<string>;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface ContractFileTable {
  id: Id;
  schoolId: number;
  fileUrl: string;
  originalName: string;
  mimeType: string;
  size: number;
  createdAt: string;
}

export interface AdminTable {
  id: Id;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  employeeId: string;
  department: string | null;
  position: string | null;
  /** JSON map permission name → boolean */
  permissions: Generated<string>;
  profilePictureUrl: string | null;
  schoolId: number | null;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface PermissionTable {
  id: Id;
  name: string;
  description: string;
  category: string;
  createdAt: string;
  updatedAt: string;
}

export interface GradeTable {
  id: Id;
  schoolId: number;
  name: string;
  description: string | null;
  level: Generated<number>;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface SectionTable {
  id: Id;
  schoolId: number;
  gradeId: number;
  name: string;
  description: string | null;
  capacity: number | null;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface StudentTable {
  id: Id;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  lrn: string;
  dateOfBirth: string | null;
  gender: string | null;
  address: string | null;
  rfidCardId: string | null;
  phoneNumber: string | null;
  parentFirstName: string | null;
  parentLastName: string | null;
  parentEmail: string | null;
  parentFacebookMessengerName: string | null;
  parentMessengerPsid: string | null;
  /** When parentMessengerPsid was bound, and the Graph id of the page it came through (migration 0009) */
  parentMessengerBoundAt: string | null;
  parentMessengerPageId: string | null;
  /** When the parent last wrote to the page (Messenger's 24 h window) */
  parentMessengerLastAt: string | null;
  parentPhone: string;
  parentAddress: string | null;
  emergencyContact: string | null;
  notificationPreference: Generated<string>;
  schoolId: number | null;
  gradeId: number | null;
  sectionId: number | null;
  profilePictureUrl: string | null;
  archivedAt: string | null;
  archivedById: number | null;
  archivedByRole: string | null;
  archivedByName: string | null;
  archiveReason: string | null;
  /** an archived student's card (rfidCardId is cleared while archived, see migration 0005) */
  archivedRfidCardId: string | null;
  isActive: Flag;
  isArchived: Flag;
  createdAt: string;
  updatedAt: string;
}

/** A parent's m.me opt-in link (migration 0009): single-use, expiring; only the ref's SHA-256 is kept. */
export interface MessengerOptInLinkTable {
  id: Id;
  studentId: number;
  refHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedByPsid: string | null;
  revokedAt: string | null;
}

/** Words a student list search matches by prefix (searchTerms() in src/domain/students.ts). */
export interface StudentSearchTermTable {
  studentId: number;
  term: string;
}

export interface SessionTable {
  id: Id;
  tokenHash: string;
  role: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SystemLogTable {
  id: Id;
  createdAt: string;
  action: string;
  entity: string;
  entityId: string | null;
  /** JSON */
  details: string | null;
  userRole: string | null;
  userId: number | null;
  /** JSON snapshot {name, email, employeeId, lrn} */
  performedBy: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface RfidReaderTable {
  id: Id;
  name: string;
  location: string | null;
  schoolId: number | null;
  tokenHash: string;
  /** Last 4 characters of the token, so a list can tell tokens apart without revealing them. */
  tokenHint: string | null;
  /** 'HTTP' (POST /api/rfid/taps) or 'ZKTECO' (ADMS push to /iclock/cdata). */
  kind: Generated<string>;
  serialNumber: string | null;
  /** JSON list of CIDRs the reader may send from; null = any network. */
  allowedNetworks: string | null;
  lastSeenAt: string | null;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
  /** Set when a reader with taps was removed: kept (with its history), disabled, hidden from the list (0011). */
  retiredAt: string | null;
}

/** A tap or ATTLOG line refused with its reason (migration 0011); raw values escaped and truncated. */
export interface RfidTapRefusalTable {
  id: Id;
  readerId: number;
  eventId: string;
  cardUidRaw: string | null;
  tappedAtRaw: string | null;
  reason: string;
  receivedAt: string;
}

export interface RfidTapTable {
  id: Id;
  readerId: number;
  eventId: string;
  cardUidRaw: string;
  cardUid: string;
  tappedAt: string;
  receivedAt: string;
  studentId: number | null;
  outcome: string;
  /** The attendance record the tap changed or matched, and its status then (a replay's answer). */
  attendanceId: number | null;
  status: string | null;
}

export interface AttendanceRecordTable {
  id: Id;
  studentId: number;
  schoolId: number | null;
  date: string;
  status: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  readerId: number | null;
  cardId: string | null;
  /** Why a record is EXCUSED (set by a super admin). */
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SchoolHolidayTable {
  schoolId: number;
  date: string;
  name: string;
}

/** Facts about this installation kept with its data (e.g. 'secrets_key_check'). */
export interface AppSettingTable {
  name: string;
  value: string;
  updatedAt: string;
}

/** A job run claimed by one server process (unique per job and key). */
export interface JobRunTable {
  job: string;
  runKey: string;
  claimedAt: string;
  /** JSON summary */
  result: string | null;
}

export interface SmsDeviceTable {
  id: Id;
  name: string;
  deviceName: string;
  phoneNumber: string;
  apiKey: string;
  description: string | null;
  schoolId: number | null;
  status: Generated<string>;
  dailyLimit: number | null;
  lastActive: string | null;
  provider: Generated<string>;
  baseUrl: string | null;
  isDefault: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface SmsDeviceUsageTable {
  deviceId: number;
  dayLocal: string;
  count: Generated<number>;
  /** Attempts the gateway did not accept that day (migration 0013); `count` is what counts against the limit. */
  failed: Generated<number>;
}

export interface FacebookPageTable {
  id: Id;
  pageId: string;
  pageName: string;
  accessToken: string;
  schoolId: number | null;
  isActive: Flag;
  needsReauth: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface SmsNotificationTable {
  id: Id;
  studentId: number | null;
  schoolId: number | null;
  type: string;
  channel: Generated<string>;
  message: string;
  phoneNumber: string | null;
  status: Generated<string>;
  failureReason: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  deviceId: number | null;
  senderRole: string | null;
  senderId: number | null;
  providerMsgId: string | null;
  /** The outbox idempotency key, sent to the gateway as request_id */
  requestId: string | null;
  /** An admin chose not to resend this UNCERTAIN message (issue #18) */
  dismissedAt: string | null;
  /** What happened besides the status, e.g. 'Messenger window closed: sent by SMS' (issue #20) */
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NotificationOutboxTable {
  id: Id;
  idempotencyKey: string;
  channel: string;
  studentId: number | null;
  recipient: string;
  /** JSON */
  payload: string;
  status: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  deviceId: number | null;
  pageId: number | null;
  providerMsgId: string | null;
  lastError: string | null;
  smsNotificationId: number | null;
  /** The claim that holds this row (issue #18): only its worker may finish the row */
  leaseToken: string | null;
  /** An attempt recorded before its HTTP call; set when a row is claimed = its outcome is unknown */
  inflightAt: string | null;
  inflightDeviceId: number | null;
  /** Issue #20: the claim's order (urgency class, higher first; round-robin per school; newest event first) */
  schoolId: number | null;
  priority: Generated<number>;
  eventAt: string | null;
  /** An attendance notice not sent by then becomes EXPIRED (null: never expires) */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InquiryTable {
  id: Id;
  email: string;
  subject: string;
  inquiry: string;
  createdAt: string;
  updatedAt: string;
}

export interface SystemTable {
  id: Id;
  name: string;
  description: string;
  /** JSON string[] */
  features: Generated<string>;
  /** JSON string[] of upload paths */
  images: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface OrderTable {
  id: Id;
  email: string;
  systemId: number | null;
  systemName: string;
  status: Generated<string>;
  additionalNotes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  superAdmins: SuperAdminTable;
  schools: SchoolTable;
  contractFiles: ContractFileTable;
  admins: AdminTable;
  permissions: PermissionTable;
  grades: GradeTable;
  sections: SectionTable;
  students: StudentTable;
  studentSearchTerms: StudentSearchTermTable;
  sessions: SessionTable;
  systemLogs: SystemLogTable;
  rfidReaders: RfidReaderTable;
  rfidTaps: RfidTapTable;
  rfidTapRefusals: RfidTapRefusalTable;
  attendanceRecords: AttendanceRecordTable;
  schoolHolidays: SchoolHolidayTable;
  jobRuns: JobRunTable;
  appSettings: AppSettingTable;
  smsDevices: SmsDeviceTable;
  smsDeviceUsage: SmsDeviceUsageTable;
  facebookPages: FacebookPageTable;
  messengerOptInLinks: MessengerOptInLinkTable;
  smsNotifications: SmsNotificationTable;
  notificationOutbox: NotificationOutboxTable;
  inquiries: InquiryTable;
  systems: SystemTable;
  orders: OrderTable;
}

export type SuperAdminRow = Selectable<SuperAdminTable>;
export type AdminRow = Selectable<AdminTable>;
export type SchoolRow = Selectable<SchoolTable>;
export type StudentRow = Selectable<StudentTable>;
export type SystemRow = Selectable<SystemTable>;
export type NewSystemLog = Insertable<SystemLogTable>;
export type SchoolUpdate = Updateable<SchoolTable>;
