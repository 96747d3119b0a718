import type { Executor } from '@core/db/index';
import { markNeedsReauth } from '../devices';
import { sendMessengerText } from '../messenger';
import { beginAttempt, type OutboxRow } from './claim';
import type { Outcome, SendDeps } from './deliver-sms';
import type { ChannelPayload } from './payloads';

export const MESSENGER_REASONS = {
  notConnected: 'Parent has not connected Messenger yet',
  noPage: 'No active Facebook page for this school',
  reauth: 'Facebook page needs reconnection (access token expired or revoked)',
  /** The parent has not written to the page in the last 24 hours (and has no phone for SMS). */
  window: 'Messenger window closed',
  /** History note of a FACEBOOK_MESSENGER_ONLY message that went by SMS instead. */
  bySms: 'Messenger window closed: sent by SMS',
} as const;

/** Messenger's standard messaging window: 24 hours after the person's last message to the page. */
export const MESSENGER_WINDOW_MS = 24 * 3_600_000;

/**
 * One attempt of a Messenger message through the school's active page. 190 marks the page for
 * reconnection (no retry), 4/613 back off longer, the closed window and other refusals are final
 * (with BOTH the parent's SMS goes anyway: see `fallbackToSms` in the worker; FACEBOOK_MESSENGER_ONLY with a closed
 * window goes by SMS instead: `windowClosed` there).
 */
export async function deliverMessenger(
  db: Executor,
  deps: SendDeps,
  row: OutboxRow,
  payload: ChannelPayload,
): Promise<Outcome & { window?: boolean }> {
  if (!row.recipient) return { kind: 'failed', reason: MESSENGER_REASONS.notConnected };
  let q = db.selectFrom('facebookPages').selectAll().where('isActive', '=', 1).where('needsReauth', '=', 0);
  q = payload.schoolId == null ? q.where('schoolId', 'is', null) : q.where('schoolId', '=', payload.schoolId);
  const page = await q.orderBy('id').executeTakeFirst();
  if (!page) return { kind: 'failed', reason: MESSENGER_REASONS.noPage };
  // The webhook records when the parent last wrote to the page (parentMessengerLastAt): past 24 hours Messenger
  // would refuse the message, so it is not tried. Unknown (null) → Messenger decides (its refusal is handled below).
  if (row.studentId != null) {
    const st = await db.selectFrom('students').select('parentMessengerLastAt').where('id', '=', row.studentId).executeTakeFirst();
    const last = st?.parentMessengerLastAt ? Date.parse(st.parentMessengerLastAt) : NaN;
    if (deps.clock.now().getTime() - last > MESSENGER_WINDOW_MS)
      return { kind: 'failed', reason: MESSENGER_REASONS.window, window: true };
  }
  if (!(await beginAttempt(db, row, null, deps.clock.now()))) return { kind: 'lost' };
  const result = await sendMessengerText({
    graphApiUrl: deps.graphApiUrl,
    pageId: page.pageId,
    accessToken: deps.secrets.decrypt(page.accessToken),
    psid: row.recipient,
    text: payload.text,
    messagingType: 'UPDATE',
    timeoutMs: deps.timeoutMs,
  });
  if (result.ok) return { kind: 'sent', pageId: page.id, providerMsgId: result.messageId };
  switch (result.kind) {
    case 'reauth':
      await markNeedsReauth(db, page.id);
      return { kind: 'failed', reason: MESSENGER_REASONS.reauth };
    case 'rate':
      return { kind: 'retry', reason: result.reason, rateLimited: true };
    case 'temporary':
      // No answer at all (code null): it may have arrived, and Messenger has no lookup: never sent again blindly.
      return {
        kind: result.code === null && result.reason.startsWith('Messenger network') ? 'unknown' : 'retry',
        reason: result.reason,
      };
    case 'window':
      return { kind: 'failed', reason: MESSENGER_REASONS.window, window: true };
    default:
      return { kind: 'failed', reason: result.reason };
  }
}
