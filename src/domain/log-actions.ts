/**
 * System-log actions in words ("Created RFID reader", not CREATE_RFID_READER): the log stores codes (filters and the
 * CSV keep them), screens show these. LABELS names what a rule would say badly; any other code reads as its verb in
 * the past tense followed by its words ("UPDATE_NOTICE_TEMPLATES" → "Updated notice templates"), so a new action is
 * readable before anyone names it here.
 */
const LABELS: Record<string, string> = {
  LOGIN: 'Signed in',
  LOGOUT: 'Signed out',
  LOGIN_FAILED: 'Sign-in failed',
  CHANGE_PASSWORD: 'Changed password',
  PASSWORD_RESET: 'Reset password',
  PASSWORD_RESET_REQUESTED: 'Asked for a password reset',
  ISSUE_RESET_SLIP: 'Issued a password slip',
  SMS_SENT: 'SMS sent',
  SMS_DELIVERED: 'SMS delivered',
  SMS_FAILED: 'SMS failed',
  SMS_ALARM_RAISED: 'SMS alarm raised',
  SMS_ALARM_CLEARED: 'SMS alarm cleared',
  SMS_ALARM_NOTICE: 'Sent SMS alarm notice',
  RFID_LATE_REPLAY: 'Late tap replayed',
  REFUSED_READER_NETWORK: 'Refused reader (network not allowed)',
  REFUSED_ZKTECO_SERIAL: 'Refused ZKTeco reader (unknown serial)',
  REFUSED_ZKTECO_INACTIVE: 'Refused ZKTeco reader (inactive)',
  MESSENGER_OPT_IN_REFUSED: 'Messenger link refused',
  CREATE_MESSENGER_OPT_IN: 'Created Messenger link',
  CONNECT_PARENT_MESSENGER: "Connected guardian's Messenger",
  CONNECT_LEARNER_MESSENGER: "Connected learner's Messenger",
  UNBIND_PARENT_MESSENGER: "Disconnected guardian's Messenger",
  EXCUSE_ATTENDANCE: 'Marked attendance excused',
  MARK_ABSENCES: 'Marked absences',
  ARCHIVE_STUDENTS_MATCHING: 'Archived students matching a filter',
  MESSAGE_STUDENTS_MATCHING: 'Messaged guardians of students matching a filter',
  SEND_GROUP_MESSAGE: 'Messaged a class',
  SEND_CUSTOM_MESSAGE: 'Sent message to a guardian',
  SEND_FACEBOOK_TEST_MESSAGE: 'Sent Facebook test message',
  DECLARE_NO_CLASS_DAY: 'Declared no-class day',
  ROLL_OVER_SCHOOL_YEAR: 'Rolled the school year over',
  UNDO_SCHOOL_YEAR_ROLLOVER: 'Undid the school year rollover',
  REMOVE_NO_CLASS_DAY: 'Removed no-class day',
  ASSIGN_UNKNOWN_CARD: 'Assigned unknown card',
  CREATE_GATE_PAIRING_CODE: 'Created gate pairing code',
  REVEAL_SMS_DEVICE_KEY: 'Revealed SMS device key',
  REVEAL_FACEBOOK_PAGE_TOKEN: 'Revealed Facebook page token',
};

/** Verbs the codes start with, in the past tense. */
const PAST: Record<string, string> = {
  ADD: 'Added',
  APPROVE: 'Approved',
  ARCHIVE: 'Archived',
  ASSIGN: 'Assigned',
  CANCEL: 'Cancelled',
  CHANGE: 'Changed',
  CLAIM: 'Claimed',
  CLEAR: 'Cleared',
  CONNECT: 'Connected',
  CORRECT: 'Corrected',
  CREATE: 'Created',
  DECLARE: 'Declared',
  DELETE: 'Deleted',
  DISABLE: 'Disabled',
  DISMISS: 'Dismissed',
  EDIT: 'Edited',
  ENABLE: 'Enabled',
  EXCUSE: 'Excused',
  EXPORT: 'Exported',
  GENERATE: 'Generated',
  GRANT: 'Granted',
  IMPORT: 'Imported',
  ISSUE: 'Issued',
  LIFT: 'Lifted',
  LINK: 'Linked',
  MARK: 'Marked',
  MESSAGE: 'Messaged',
  MOVE: 'Moved',
  PAIR: 'Paired',
  RECORD: 'Recorded',
  REFUSE: 'Refused',
  REMOVE: 'Removed',
  RESEND: 'Resent',
  RESET: 'Reset',
  RESTORE: 'Restored',
  RETIRE: 'Retired',
  REVEAL: 'Revealed',
  ROTATE: 'Rotated',
  SEND: 'Sent',
  SET: 'Set',
  SYNC: 'Synced',
  TEST: 'Tested',
  UNBIND: 'Unbound',
  UNLINK: 'Unlinked',
  UNPAIR: 'Unpaired',
  UPDATE: 'Updated',
  UPLOAD: 'Uploaded',
};

/** Words kept in capitals; the others read in lower case. */
const ACRONYMS = new Set(['RFID', 'SMS', 'LRN', 'ID', 'CSV', 'SF1', 'SF2', 'SF4', 'PDF', 'API', 'ZKTECO']);
const SPELLED: Record<string, string> = { ZKTECO: 'ZKTeco', FACEBOOK: 'Facebook', MESSENGER: 'Messenger', DEPED: 'DepEd' };

const word = (w: string) => SPELLED[w] ?? (ACRONYMS.has(w) ? w : w.toLowerCase());

/** The words of a log action; '' for none. */
export function logActionLabel(action: string | null | undefined): string {
  const code = (action ?? '').trim();
  if (!code) return '';
  const named = LABELS[code.toUpperCase()];
  if (named) return named;
  const [first = '', ...rest] = code
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const verb = PAST[first];
  const words = verb ? [verb, ...rest.map(word)] : [first, ...rest].map(word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
