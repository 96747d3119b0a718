import type { Feature } from '@core/feature';
import systemRoutes from './routes';
import orderRoutes from './orders-routes';

/** The systems feature: its routes (server/features/index.ts lists it). */
export const systemsFeature: Feature = {
  name: 'systems',
  superAdmin: [systemRoutes, orderRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { createOrder } from './orders';
export { listSystems } from './service';
