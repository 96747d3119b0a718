import type { Generated } from 'kysely';
import type { Flag, Id } from './schema-columns';

/* Tables of the delivery channels (SMS devices, Facebook pages) and the notification outbox (see schema.ts). */

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
  /**
   * Messages a minute the outbox hands the phone (migration 0032; 1–60 through the API, httpSMS's own setting).
   * 0 is httpSMS's "no limit": not paced; only stand-in gateways of tests and benches have it, written directly.
   */
  sendRatePerMinute: Generated<number>;
  /** ISO time before which the phone has no room (the pace, shared by every server process); null = free. */
  nextSendAt: string | null;
  /** Migration 0034: before this ISO time the outbox gives the device nothing (its httpSMS credits are used up). */
  pausedUntil: string | null;
  /** The phone's newest heartbeat known (polled from the gateway, or from its webhooks). */
  heartbeatAt: string | null;
  /** The first hand-over the phone has not followed with a report of a send (sent or delivered webhook) yet. */
  unconfirmedSince: string | null;
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
  /** An admin chose not to resend this UNCERTAIN message */
  dismissedAt: string | null;
  /** What happened besides the status, e.g. 'Messenger window closed: sent by SMS' */
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
  /** The claim that holds this row: only its worker may finish the row */
  leaseToken: string | null;
  /** An attempt recorded before its HTTP call; set when a row is claimed = its outcome is unknown */
  inflightAt: string | null;
  inflightDeviceId: number | null;
  /** The claim's order (urgency class, higher first; round-robin per school; newest event first) */
  schoolId: number | null;
  priority: Generated<number>;
  eventAt: string | null;
  /** An attendance notice not sent by then becomes EXPIRED (null: never expires) */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An SMS alarm (migration 0034): raised while a school's messages stop going out, cleared when they move again. */
export interface SmsAlarmTable {
  id: Id;
  kind: string;
  schoolId: number | null;
  deviceId: number | null;
  /** Set while raised (one raised alarm per condition), null once cleared. */
  openKey: string | null;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  /** The one notice to the school's contact number: PENDING, SENDING, SENT, UNCERTAIN, FAILED, NO_DEVICE, NO_CONTACT. */
  noticeStatus: string;
  noticeDeviceId: number | null;
}
