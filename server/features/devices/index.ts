import type { Feature } from '@core/feature';
import smsDeviceRoutes from './sms-devices-routes';
import facebookPageRoutes from './facebook-pages-routes';

/** The devices feature: its routes (server/features/index.ts lists it). */
export const devicesFeature: Feature = {
  name: 'devices',
  superAdmin: [smsDeviceRoutes, facebookPageRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { markNeedsReauth } from './facebook-pages';
export type { PageDeps } from './facebook-pages';
export { sendMessengerText } from './messenger';
export { findSmsByRequestId, sendSms } from './sms-gateway';
