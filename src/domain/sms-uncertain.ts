import { idParams } from './validation';

/*
 * Issue #18: a message whose outcome nobody can tell (UNCERTAIN in SMS History) waits for an admin, who either
 * resends it (the parent may get it twice: the admin checked the phone first) or dismisses it (not resent).
 * POST /api/super-admin/sms-history/:id/resend and …/:id/dismiss, no body, answer the history row.
 */
export const SMS_UNCERTAIN_MESSAGES = {
  notFound: 'SMS notification not found',
  notUncertain: 'Only a message whose outcome is unknown (UNCERTAIN) can be resent or dismissed',
  resent: 'Message queued to be sent again',
  dismissed: 'Message dismissed: it will not be resent',
} as const;

export const smsNotificationParams = idParams(SMS_UNCERTAIN_MESSAGES.notFound);

/** Whether the row's Resend and Dismiss actions apply. */
export const isOpenUncertain = (n: { status: string; dismissedAt: string | null }) =>
  n.status === 'UNCERTAIN' && n.dismissedAt == null;
