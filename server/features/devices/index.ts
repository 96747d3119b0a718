import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { smsDeviceRoutes } from './sms-devices-routes';
import { facebookPageRoutes } from './facebook-pages-routes';
import claimRoutes from './claims-routes';

/** The devices feature: the same routes for the super admin (every school) and a school admin (their own). */
export const devicesFeature: Feature = {
  name: 'devices',
  superAdmin: [smsDeviceRoutes(SUPER_ADMIN_SCOPE), facebookPageRoutes(SUPER_ADMIN_SCOPE), claimRoutes],
  admin: [smsDeviceRoutes(ADMIN_SCOPE), facebookPageRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { markNeedsReauth } from './facebook-pages';
export { refuseTaken } from './claims';
export { findSmsByRequestId, lastHeartbeat, sendSms } from './sms-gateway';
export type { SmsSendResult } from './sms-gateway';
