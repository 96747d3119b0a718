import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import {
  SMS_DEVICE_MESSAGES,
  smsDeviceCreateSchema,
  smsDeviceKeySchema,
  smsDeviceListQuerySchema,
  smsDeviceSchema,
  smsDeviceTestSchema,
  smsDeviceUpdateSchema,
} from '@domain/sms-devices';
import { idParams } from '@domain/validation';
import {
  createSmsDevice,
  deleteSmsDevice,
  getSmsDevice,
  listSmsDevices,
  revealSmsDeviceKey,
  testSmsDevice,
  updateSmsDevice,
  type DeviceDeps,
} from './sms-devices';

const params = idParams(SMS_DEVICE_MESSAGES.notFound);
const oneDevice = { 200: apiSuccess(smsDeviceSchema) };

/** Spec §7 /api/super-admin/sms-devices: list (?schoolId), create, one, update (PUT), delete, test; plus an audited key reveal. */
const smsDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DeviceDeps = {
    db: app.db,
    secrets: app.secrets,
    gatewayUrl: app.config.smsGatewayUrl,
    timeZone: app.config.schoolTimezone,
    sendTimeoutMs: app.config.outbox.sendTimeoutMs,
  };

  app.get(
    '/sms-devices',
    {
      schema: {
        summary: 'SMS devices (optionally of one school, or global)',
        querystring: smsDeviceListQuerySchema,
        response: { 200: apiSuccess(z.array(smsDeviceSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listSmsDevices(deps, request.query.schoolId) }),
  );

  app.post(
    '/sms-devices',
    { schema: { summary: 'Add an SMS device', body: smsDeviceCreateSchema, response: { 201: apiSuccess(smsDeviceSchema) } } },
    async (request, reply) => {
      const data = await createSmsDevice(deps, request.body, request.actor());
      return reply.status(201).send({ success: true, data, message: 'SMS device created successfully' });
    },
  );

  app.get('/sms-devices/:id', { schema: { summary: 'One SMS device', params, response: oneDevice } }, async (request) => ({
    success: true as const,
    data: await getSmsDevice(deps, request.params.id),
  }));

  app.get(
    '/sms-devices/:id/api-key',
    { schema: { summary: "Reveal a device's API key (logged)", params, response: { 200: apiSuccess(smsDeviceKeySchema) } } },
    async (request) => ({
      success: true as const,
      data: { apiKey: await revealSmsDeviceKey(deps, request.params.id, request.actor()) },
    }),
  );

  app.put(
    '/sms-devices/:id',
    { schema: { summary: 'Update an SMS device', params, body: smsDeviceUpdateSchema, response: oneDevice } },
    async (request) => {
      const data = await updateSmsDevice(deps, request.params.id, request.body, request.actor());
      return { success: true as const, data, message: 'SMS device updated successfully' };
    },
  );

  app.delete(
    '/sms-devices/:id',
    { schema: { summary: 'Delete an SMS device', params, response: { 200: apiDone } } },
    async (request) => {
      await deleteSmsDevice(deps, request.params.id, request.actor());
      return { success: true as const, data: null, message: 'SMS device deleted successfully' };
    },
  );

  app.post(
    '/sms-devices/:id/test',
    {
      schema: { summary: 'Send a test SMS through the device', params, body: smsDeviceTestSchema, response: { 200: apiDone } },
      // Spec §8: the screen shows the device-test failure text; the field error says what is wrong.
      config: { validationMessage: () => SMS_DEVICE_MESSAGES.testFailed },
    },
    async (request) => {
      await testSmsDevice(deps, request.params.id, request.body.testPhoneNumber, request.actor());
      return { success: true as const, data: null, message: SMS_DEVICE_MESSAGES.testSent };
    },
  );
};
export default smsDeviceRoutes;
