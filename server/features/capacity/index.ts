import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { capacityRoutes } from './routes';

/**
 * A school's SMS capacity, read from the outbox: its phones × rate, its queue now, its last school morning and the
 * phones it would have needed (GET /capacity in both consoles), and why each waiting message waits (SMS History).
 */
export const capacityFeature: Feature = {
  name: 'capacity',
  superAdmin: [capacityRoutes(SUPER_ADMIN_SCOPE)],
  admin: [capacityRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { waitingReasons, type WaitingMessage } from './service';
