import type { Feature } from '@core/feature';
import studentPortalRoutes from './routes';

/**
 * The student and parent portal: /api/student/… . Open routes as far as the app wiring is concerned
 * (the learner signs in here); every route but login/logout checks a STUDENT session itself (routes.ts).
 */
export const studentPortalFeature: Feature = {
  name: 'student-portal',
  open: [{ routes: studentPortalRoutes, prefix: '/api/student' }],
};

// What other features may use of it: the learner's sign-in (POST /api/login signs a learner in through it).
export { StudentAuth } from './auth';
