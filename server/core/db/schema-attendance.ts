import type { Generated } from 'kysely';
import type { Flag, Id } from './schema-columns';

/* Tables of readers, taps, attendance and the jobs that run once across processes (see schema.ts). */

export interface RfidReaderTable {
  id: Id;
  name: string;
  location: string | null;
  schoolId: number | null;
  tokenHash: string;
  /** Last 4 characters of the token, so a list can tell tokens apart without revealing them. */
  tokenHint: string | null;
  /** 'HTTP' (POST /api/rfid/taps), 'ZKTECO' (ADMS push to /iclock/cdata) or 'GATE' (the /gate page, paired by code). */
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
  /** The staff member who created the reader or last set its token (0027); null before it was kept. */
  tokenSetBy: number | null;
  /** tokenSetBy's role: SUPER_ADMIN or ADMIN. */
  tokenSetByRole: string | null;
}

/** A gate station's single-use pairing code (migration 0037): its hash, expiry and use. */
export interface GatePairingCodeTable {
  id: Id;
  readerId: number;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  createdBy: number | null;
  createdByRole: string | null;
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

/** Records per local day, status and school (0 = none), kept by triggers (migration 0022): read-only for the app. */
export interface AttendanceDailyCountTable {
  date: string;
  status: string;
  schoolId: number;
  n: number;
}

/** Records per school (0 = none), kept by the same triggers. */
export interface AttendanceSchoolTotalTable {
  schoolId: number;
  n: number;
}

/** Students per archive state, active flag and school (0: none), kept by triggers (migration 0023). */
export interface StudentCountTable {
  isArchived: number;
  isActive: number;
  schoolId: number;
  n: number;
}

/** A no-class day (migration 0017 adds kind and grade levels; null grade levels = the whole school). */
export interface SchoolHolidayTable {
  schoolId: number;
  date: string;
  name: string;
  kind: Generated<string>;
  /** JSON list of grade levels, or null */
  gradeLevels: string | null;
  /** The first day of the period declared at once that this day belongs to (null: a day of its own). */
  spanStart: string | null;
}

/** Holidays a school lifted (classes are held): the year's holiday load leaves them out. */
export interface SchoolLiftedDayTable {
  schoolId: number;
  date: string;
  name: string;
  liftedAt: string;
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

/** A school's claim on a reader serial or Facebook Page ID another school holds (migration 0028). */
export interface DeviceClaimTable {
  id: Id;
  /** RFID_READER | FACEBOOK_PAGE */
  kind: string;
  value: string;
  schoolId: number;
  adminId: number | null;
  adminName: string;
  /** OPEN | GRANTED | REFUSED */
  status: Generated<string>;
  createdAt: string;
  resolvedAt: string | null;
  resolvedByName: string | null;
}
