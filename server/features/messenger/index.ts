import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import messengerWebhookRoutes from './webhook-routes';
import messengerOptInRoutes from './opt-in-routes';

/** Messenger: the Send API client, a parent's (or learner's) opt-in link, and the webhook that binds it. */
export const messengerFeature: Feature = {
  name: 'messenger',
  open: [{ routes: messengerWebhookRoutes, prefix: '/api/webhooks' }],
  superAdmin: [messengerOptInRoutes(SUPER_ADMIN_SCOPE)],
  admin: [messengerOptInRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { sendMessengerText, testPageToken, type PageDeps } from './client';
export { messengerOptIn, newOptInLink, type LinkTerms } from './opt-in';
