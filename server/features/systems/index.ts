import type { Feature } from '@core/feature';
import systemRoutes from './routes';
import orderRoutes from './orders-routes';
import { systemImageUrls } from './service';

/** The systems feature: its routes (server/features/index.ts lists it). */
export const systemsFeature: Feature = {
  name: 'systems',
  superAdmin: [systemRoutes, orderRoutes],
  uploads: [{ table: 'systems', urls: systemImageUrls }],
};

// What other features may use of it: its door (lint allows no other way in).
export { createOrder } from './orders';
export { listSystems } from './service';
