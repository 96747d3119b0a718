import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import smsWebhookRoutes from './sms-webhook-routes';
import { smsHistoryRoutes } from './sms-history-routes';
import smsUncertainRoutes from './sms-uncertain-routes';

/**
 * The messages parents get, as the consoles see them: SMS History, custom and group messages (queued as outbox
 * intents), uncertain sends an admin settles, and the SMS gateway's delivery webhook.
 */
export const messagesFeature: Feature = {
  name: 'messages',
  open: [{ routes: smsWebhookRoutes, prefix: '/api/webhooks' }],
  superAdmin: [smsHistoryRoutes(SUPER_ADMIN_SCOPE), smsUncertainRoutes],
  admin: [smsHistoryRoutes(ADMIN_SCOPE)],
};
