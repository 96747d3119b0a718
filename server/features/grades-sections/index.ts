import type { Feature } from '@core/feature';
import gradeRoutes from './grades-routes';
import sectionRoutes from './sections-routes';

/** The grades-sections feature: its routes (server/features/index.ts lists it). */
export const gradesSectionsFeature: Feature = {
  name: 'grades-sections',
  superAdmin: [gradeRoutes, sectionRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { GRADE_NOT_FOUND } from './grades';
export { SECTION_NOT_FOUND } from './sections';
