import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import adminRoutes from './admins/routes';
import authRoutes from './auth/routes';
import dashboardRoutes from './dashboard/routes';
import permissionRoutes from './admins/permissions-routes';
import profileRoutes from './profile/routes';
import schoolRoutes from './schools/routes';
import contractFileRoutes from './schools/contract-files-routes';
import gradeRoutes from './grades-sections/grades-routes';
import inquiryRoutes from './inquiries/routes';
import orderRoutes from './systems/orders-routes';
import systemRoutes from './systems/routes';
import sectionRoutes from './grades-sections/sections-routes';
import systemLogRoutes from './system-logs/routes';
import studentRoutes from './students/routes';
import studentImportRoutes from './students/import-routes';
import smsDeviceRoutes from './devices/sms-devices-routes';
import facebookPageRoutes from './devices/facebook-pages-routes';
import smsHistoryRoutes from './notifications/sms-history-routes';
import smsUncertainRoutes from './notifications/sms-uncertain-routes';
import messengerOptInRoutes from './notifications/messenger-opt-in-routes';
import webhookRoutes from './notifications/webhooks-routes';
import rfidReaderRoutes from './rfid/readers-routes';
import rfidTapRoutes from './rfid/taps-routes';
import zktecoRoutes from './rfid/zkteco-routes';
import attendanceRoutes from './attendance/routes';

/**
 * Every API route. Public and sign-in routes first; everything registered inside the
 * super-admin scope requires a SUPER_ADMIN session (401 without, 403 for other roles).
 */
export async function registerRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { summary: 'Liveness', security: [], response: { 200: apiSuccess(z.object({ status: z.literal('ok') })) } } },
      async () => ({ success: true as const, data: { status: 'ok' as const } }),
    );

  await app.register(authRoutes, { prefix: '/api/super-admin' });
  // Public catalogue, contact form and orders; the inquiry list/detail/delete guard themselves.
  await app.register(inquiryRoutes, { prefix: '/api/inquiries' });
  // Gateway and Messenger callbacks: no session, each verifies its signature.
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  // RFID readers: a reader token (HTTP) or a registered serial number (ZKTeco ADMS), never a session.
  await app.register(rfidTapRoutes);
  await app.register(zktecoRoutes);

  await app.register(
    async (scope) => {
      // onRequest: a request without a super-admin session is refused before its body is even read.
      scope.addHook('onRequest', scope.requireSuperAdmin);
      await scope.register(profileRoutes);
      await scope.register(dashboardRoutes);
      await scope.register(schoolRoutes);
      await scope.register(contractFileRoutes);
      await scope.register(gradeRoutes);
      await scope.register(sectionRoutes);
      await scope.register(systemRoutes);
      await scope.register(orderRoutes);
      await scope.register(adminRoutes);
      await scope.register(permissionRoutes);
      await scope.register(systemLogRoutes);
      await scope.register(studentRoutes);
      await scope.register(studentImportRoutes);
      await scope.register(smsDeviceRoutes);
      await scope.register(facebookPageRoutes);
      await scope.register(smsHistoryRoutes);
      await scope.register(smsUncertainRoutes);
      await scope.register(messengerOptInRoutes);
      await scope.register(rfidReaderRoutes);
      await scope.register(attendanceRoutes);
    },
    { prefix: '/api/super-admin' },
  );
}
