import type { Feature } from '@core/feature';
import studentRoutes from './routes';
import studentImportRoutes from './import-routes';

/** The students feature: its routes (server/features/index.ts lists it). */
export const studentsFeature: Feature = {
  name: 'students',
  superAdmin: [studentRoutes, studentImportRoutes],
};
