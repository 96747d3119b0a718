import type { Feature } from '@core/feature';
import reportRoutes from './routes';

/** The reports feature (issue #23: DepEd School Form 2): its routes (server/features/index.ts lists it). */
export const reportsFeature: Feature = {
  name: 'reports',
  superAdmin: [reportRoutes],
};

// What other features may use of it: its door (a school admin's routes call these with their own school).
export { sectionSf2, renderSf2, schoolSf2Zip, sf2Filename } from './sf2-service';
export { buildSf2 } from './sf2-form';
