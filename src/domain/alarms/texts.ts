/*
 * The SMS alarms' kinds and what the school should do about each: zod-free, so the dashboards' banner renders them
 * without loading the contract's schemas (src/domain/alarms/index.ts).
 */

export const SMS_ALARM_KINDS = ['NO_DEVICE', 'CREDITS_USED_UP', 'DEVICE_SILENT', 'HEARTBEAT_STALE', 'QUEUE_WAIT'] as const;
export type SmsAlarmKind = (typeof SMS_ALARM_KINDS)[number];

/** What the school should do about each kind of alarm (the banner's second line). */
export const SMS_ALARM_HINTS: Record<SmsAlarmKind, string> = {
  NO_DEVICE: 'Add an SMS device in Device Management, or set one to Active.',
  CREDITS_USED_UP:
    'Buy more messages on httpsms.com, then send a test from Device Management: a test that goes through resumes the phone.',
  DEVICE_SILENT: 'Check the phone: unlock it, open the httpSMS app, and keep it charged and on the network.',
  HEARTBEAT_STALE: 'Check that the phone is on, online and running the httpSMS app.',
  QUEUE_WAIT: 'The phones cannot keep up: add a phone in Device Management, or raise their send rate.',
};

/** The one notice to the school's contact number: sent, or why not. */
export const SMS_ALARM_NOTICE_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'UNCERTAIN',
  'FAILED',
  'NO_DEVICE',
  'NO_CONTACT',
] as const;
