import { decideUncertainMessage } from './sms-history-api';
import type { SmsNotification } from '@domain/sms-history';
import { actionFailure, type ActionResult } from '@kit/form/action';

/**
 * An admin's decision on an UNCERTAIN message of SMS History. No state of its own: the screen puts
 * the answered row in place of the old one (a second admin's decision arrives as a live `sms:sent` row).
 */
export async function decideUncertain(
  row: SmsNotification,
  decision: 'resend' | 'dismiss',
): Promise<ActionResult<SmsNotification>> {
  try {
    const res = await decideUncertainMessage(row.id, decision);
    return { ok: true, message: res.message ?? 'Done', data: res.data };
  } catch (err) {
    return actionFailure(err, `Failed to ${decision} message`);
  }
}
