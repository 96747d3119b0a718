import type { Feature } from '@core/feature';
import schoolRoutes from './routes';
import contractFileRoutes from './contract-files-routes';

/** The schools feature: its routes (server/features/index.ts lists it). */
export const schoolsFeature: Feature = {
  name: 'schools',
  superAdmin: [schoolRoutes, contractFileRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { SCHOOL_NOT_FOUND, requireSchool } from './service';
