import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import type { Feature } from '@core/feature';
import { adminGuard, assertRoutePermission } from '@core/auth/admin-scope';
import { adminsFeature } from './admins';
import { alarmsFeature } from './alarms';
import { attendanceFeature } from './attendance';
import { authFeature } from './auth';
import { calendarFeature } from './calendar';
import { capacityFeature } from './capacity';
import { dashboardFeature } from './dashboard';
import { devicesFeature } from './devices';
import { gradesSectionsFeature } from './grades-sections';
import { inquiriesFeature } from './inquiries';
import { messagesFeature } from './messages';
import { messengerFeature } from './messenger';
import { outboxFeature } from './outbox';
import { profileFeature } from './profile';
import { reportsFeature } from './reports';
import { rfidFeature } from './rfid';
import { schoolsFeature } from './schools';
import { schoolYearFeature } from './school-year';
import { studentsFeature } from './students';
import { studentPortalFeature } from './student-portal';
import { systemLogsFeature } from './system-logs';
import { systemsFeature } from './systems';

/** Every feature of the server, each in server/features/<name>/ with its routes, services and jobs. */
export const FEATURES: Feature[] = [
  authFeature,
  profileFeature,
  dashboardFeature,
  schoolsFeature,
  gradesSectionsFeature,
  systemsFeature,
  inquiriesFeature,
  adminsFeature,
  systemLogsFeature,
  studentsFeature,
  devicesFeature,
  outboxFeature,
  capacityFeature,
  alarmsFeature,
  messagesFeature,
  messengerFeature,
  rfidFeature,
  attendanceFeature,
  calendarFeature,
  reportsFeature,
  schoolYearFeature,
  studentPortalFeature,
];

/** Every column of every feature that names uploaded files (the upload audit keeps their files). */
export const UPLOAD_COLUMNS = FEATURES.flatMap((feature) => feature.uploads ?? []);

/**
 * Every API route. Routes whose callers prove themselves first (sign-in, the public catalogue and forms, gateway
 * and Messenger callbacks, RFID readers); everything else inside the super-admin scope, which requires a
 * SUPER_ADMIN session (401 without, 403 for other roles); the school-admin console's routes inside the /api/admin
 * scope, which requires an ADMIN session and the route's permission (server/core/auth/admin-scope.ts).
 */
export async function registerRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { summary: 'Liveness', security: [], response: { 200: apiSuccess(z.object({ status: z.literal('ok') })) } } },
      async () => ({ success: true as const, data: { status: 'ok' as const } }),
    );
  for (const feature of FEATURES) for (const { routes, prefix } of feature.open ?? []) await app.register(routes, { prefix });
  await app.register(
    async (scope) => {
      // onRequest: a request without a super-admin session is refused before its body is even read.
      scope.addHook('onRequest', scope.requireSuperAdmin);
      for (const feature of FEATURES) for (const routes of feature.superAdmin ?? []) await scope.register(routes);
    },
    { prefix: '/api/super-admin' },
  );
  await app.register(
    async (scope) => {
      // A route without its permission fails the start; the guard reads the admin's CURRENT school and
      // permissions on every request, before the body is read.
      scope.addHook('onRoute', assertRoutePermission);
      scope.addHook('onRequest', adminGuard(scope));
      for (const feature of FEATURES) for (const routes of feature.admin ?? []) await scope.register(routes);
    },
    { prefix: '/api/admin' },
  );
}
