import { atom } from 'nanostores';
import type { SmsAlarm } from '@domain/alarms';
import { subscribeLive } from '@kit/live';
import { fetchSmsAlarms } from './api';

/** The raised SMS alarms this console may see (every school's for the super admin, its own for a school admin). */
export const $smsAlarms = atom<SmsAlarm[]>([]);

/** Loads the raised alarms; a failed load keeps what was shown (the banner is a warning, not the page). */
export async function loadSmsAlarms(): Promise<void> {
  try {
    $smsAlarms.set(await fetchSmsAlarms());
  } catch {
    // The dashboard's own figures report a broken connection; the banner keeps its last rows.
  }
}

/** A raised alarm joins the list (newest first), a cleared one leaves it. */
export function mergeSmsAlarm(list: readonly SmsAlarm[], alarm: SmsAlarm): SmsAlarm[] {
  const rest = list.filter((a) => a.id !== alarm.id);
  return alarm.clearedAt ? rest : [alarm, ...rest];
}

/** Follows alarms raised and cleared live (the `sms:alarm` event). Returns the unsubscribe. */
export function followSmsAlarms(): () => void {
  return subscribeLive('sms:alarm', (alarm) => $smsAlarms.set(mergeSmsAlarm($smsAlarms.get(), alarm)));
}
