import type { Feature } from '@core/feature';
import webhookRoutes from './webhooks-routes';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { smsHistoryRoutes } from './sms-history-routes';
import smsUncertainRoutes from './sms-uncertain-routes';
import messengerOptInRoutes from './messenger-opt-in-routes';
import { setupNotifications } from './setup';

/** The notifications feature: its routes and the work it runs with the server (server/features/index.ts lists it). */
export const notificationsFeature: Feature = {
  name: 'notifications',
  setup: setupNotifications,
  open: [{ routes: webhookRoutes, prefix: '/api/webhooks' }],
  superAdmin: [smsHistoryRoutes(SUPER_ADMIN_SCOPE), smsUncertainRoutes, messengerOptInRoutes],
  admin: [smsHistoryRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { intentColumns, openAttendanceIntent, writeNotificationIntent } from './intents';
export type { NotificationIntent } from './intents';
export { cancelUnsentNotices } from './cancel';
export { messengerOptIn, newOptInLink } from './messenger-opt-in';
