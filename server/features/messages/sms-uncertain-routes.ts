import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { smsNotificationSchema } from '@domain/sms-history';
import { SMS_UNCERTAIN_MESSAGES, smsNotificationParams } from '@domain/sms-history';
import { decideUncertain } from './sms-uncertain';

/** Resend or Dismiss an UNCERTAIN message of SMS History (super-admin scope; both logged). */
const smsUncertainRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const decision of ['resend', 'dismiss'] as const) {
    app.post(
      `/sms-history/:id/${decision}`,
      {
        schema: {
          summary:
            decision === 'resend'
              ? 'Send an UNCERTAIN message again (the admin checked it did not arrive)'
              : 'Dismiss an UNCERTAIN message (it is not resent)',
          params: smsNotificationParams,
          response: { 200: apiSuccess(smsNotificationSchema) },
        },
      },
      async (request) => {
        const data = await decideUncertain(
          app.db,
          request.params.id,
          decision,
          request.actor(),
          app.config.schoolTimezone,
          app.clock.now(),
        );
        if (decision === 'resend') app.outbox.kick();
        app.realtime.emitToSchool(data.schoolId, 'sms:sent', data);
        if (data.student) app.realtime.emitToStudent(data.student.id, 'sms:sent', { id: data.id });
        const message = decision === 'resend' ? SMS_UNCERTAIN_MESSAGES.resent : SMS_UNCERTAIN_MESSAGES.dismissed;
        return { success: true as const, data, message };
      },
    );
  }
};
export default smsUncertainRoutes;
