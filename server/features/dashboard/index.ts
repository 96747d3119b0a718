import type { Feature } from '@core/feature';
import dashboardRoutes from './routes';

/** The dashboard feature: its routes (server/features/index.ts lists it). */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  superAdmin: [dashboardRoutes],
};
