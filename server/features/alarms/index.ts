import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { alarmRoutes } from './routes';
import { setupAlarms } from './setup';

/**
 * SMS alarms: a periodic check on the server's clock raises an alarm when a school's messages stop going out (no
 * device can take them, a phone's credits are used up, a phone is silent or offline, the queue waits too long),
 * tells the school once by SMS through another working phone, and clears it when sending moves again.
 */
export const alarmsFeature: Feature = {
  name: 'alarms',
  setup: setupAlarms,
  superAdmin: [alarmRoutes(SUPER_ADMIN_SCOPE)],
  admin: [alarmRoutes(ADMIN_SCOPE)],
};

export type { AlarmChecker } from './check';
