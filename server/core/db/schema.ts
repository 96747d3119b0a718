import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag, Id } from './schema-columns';
import type {
  AppSettingTable,
  DeviceClaimTable,
  AttendanceDailyCountTable,
  AttendanceRecordTable,
  AttendanceSchoolTotalTable,
  StudentCountTable,
  JobRunTable,
  GatePairingCodeTable,
  RfidReaderTable,
  RfidTapRefusalTable,
  RfidTapTable,
  SchoolHolidayTable,
  SchoolLiftedDayTable,
} from './schema-attendance';
import type {
  FacebookPageTable,
  NotificationOutboxTable,
  SmsAlarmTable,
  SmsDeviceTable,
  SmsDeviceUsageTable,
  SmsNotificationTable,
} from './schema-notifications';
import type { LearnerYearTable, SchoolYearRolloverTable } from './schema-school-year';

export type * from './schema-attendance';
export type * from './schema-notifications';
export type * from './schema-school-year';

/*
 * Kysely table types, in camelCase (the CamelCasePlugin maps them to the snake_case columns of the
 * migrations). Timestamps are ISO-8601 UTC strings, dates 'YYYY-MM-DD', booleans 0/1, JSON as text.
 */

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
  /** Migration 0017: the DepEd School ID, and the school year ('YYYY-MM-DD'). */
  depedSchoolId: string | null;
  schoolYearStart: string | null;
  schoolYearEnd: string | null;
  /** Migration 0038: the school head's name (DepEd forms). */
  schoolHeadName: string | null;
  /** Migration 0032: 1 = global devices take the school's messages when its own phones have no room. */
  allowGlobalOverflow: Flag;
  /** Migration 0035: the language its notices go out in ('en' or 'fil'), and the texts it changed (JSON). */
  noticeLanguage: Generated<string>;
  noticeTemplates: string | null;
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
  /** The class adviser who signs the section's forms (migration 0045). */
  adviserName: string | null;
  isActive: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface StudentTable {
  id: Id;
  firstName: string;
  lastName: string;
  /** optional (migration 0039): the LRN is a learner's identity and sign-in */
  email: string | null;
  passwordHash: string;
  /** 1: the password was generated and handed out on a slip; the learner chooses their own at sign-in (0039) */
  mustChangePassword: Flag;
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
  /** The learner's own Messenger (a link the learner made in the portal; migration 0029): never the guardian's slot */
  learnerMessengerPsid: string | null;
  learnerMessengerBoundAt: string | null;
  learnerMessengerPageId: string | null;
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
  /** Migration 0017: SF2's name, enrolment date (null = registration day) and leaving. */
  middleName: string | null;
  enrolmentDate: string | null;
  leftOn: string | null;
  leftReason: string | null;
  /** Migration 0044: the school transferred in from; the school transferred to, or the drop-out's reason code. */
  transferInFrom: string | null;
  leftDetail: string | null;
  /** Migration 0046: SF1's (School Register) own fields (src/domain/students/register.ts). */
  motherTongue: string | null;
  ethnicGroup: string | null;
  religion: string | null;
  barangay: string | null;
  municipality: string | null;
  province: string | null;
  fatherName: string | null;
  motherMaidenName: string | null;
  guardianRelationship: string | null;
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
  /** Which of the student's Messenger slots the link binds (migration 0029). */
  slot: Generated<'GUARDIAN' | 'LEARNER'>;
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
  /** The absolute end, whatever the use. */
  expiresAt: string;
  /** When the session was last used (refreshed at most about once a minute). */
  lastSeenAt: string;
  /** lastSeenAt plus the role's idle timeout: unused until then, the session ends. */
  idleExpiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** A one-time password reset (an e-mailed link or a printed slip); only the token's hash is kept. */
export interface PasswordResetTable {
  id: Id;
  role: string;
  userId: number;
  kind: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
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
  /** The school of the admin who acted (the school's activity log); null for other actors. */
  schoolId: number | null;
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

export interface BulkJobTable {
  id: Id;
  kind: string;
  schoolId: number | null;
  actorRole: string;
  actorId: number | null;
  status: string;
  total: number;
  done: Generated<number>;
  message: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
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

export interface KnownDeviceTable {
  account: string;
  deviceHash: string;
  lastSeenAt: string;
}

export interface Database {
  knownDevices: KnownDeviceTable;
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
  passwordResets: PasswordResetTable;
  systemLogs: SystemLogTable;
  rfidReaders: RfidReaderTable;
  rfidTaps: RfidTapTable;
  rfidTapRefusals: RfidTapRefusalTable;
  gatePairingCodes: GatePairingCodeTable;
  attendanceRecords: AttendanceRecordTable;
  attendanceDailyCounts: AttendanceDailyCountTable;
  attendanceSchoolTotals: AttendanceSchoolTotalTable;
  studentCounts: StudentCountTable;
  schoolHolidays: SchoolHolidayTable;
  schoolLiftedDays: SchoolLiftedDayTable;
  jobRuns: JobRunTable;
  appSettings: AppSettingTable;
  smsDevices: SmsDeviceTable;
  smsDeviceUsage: SmsDeviceUsageTable;
  smsAlarms: SmsAlarmTable;
  facebookPages: FacebookPageTable;
  messengerOptInLinks: MessengerOptInLinkTable;
  smsNotifications: SmsNotificationTable;
  notificationOutbox: NotificationOutboxTable;
  inquiries: InquiryTable;
  systems: SystemTable;
  orders: OrderTable;
  deviceClaims: DeviceClaimTable;
  bulkJobs: BulkJobTable;
  schoolYearRollovers: SchoolYearRolloverTable;
  learnerYears: LearnerYearTable;
}

export type SuperAdminRow = Selectable<SuperAdminTable>;
export type AdminRow = Selectable<AdminTable>;
export type SchoolRow = Selectable<SchoolTable>;
export type StudentRow = Selectable<StudentTable>;
export type SystemRow = Selectable<SystemTable>;
export type NewSystemLog = Insertable<SystemLogTable>;
export type SchoolUpdate = Updateable<SchoolTable>;
