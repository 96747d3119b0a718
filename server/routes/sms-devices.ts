import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  SMS_DEVICE_MESSAGES,
  smsDeviceCreateSchema,
  smsDeviceListQuerySchema,
  smsDeviceTestSchema,
  smsDeviceUpdateSchema,
} from '../../src/domain/sms-devices';
import { fieldErrors } from '../../src/domain/validation';
import { badRequest } from '../lib/errors';
import { idParam } from '../lib/query';
import {
  createSmsDevice,
  deleteSmsDevice,
  getSmsDevice,
  listSmsDevices,
  revealSmsDeviceKey,
  testSmsDevice,
  updateSmsDevice,
  type DeviceDeps,
} from '../services/sms-devices';

const deviceId = (request: FastifyRequest) => idParam((request.params as { id: string }).id, SMS_DEVICE_MESSAGES.notFound);

/** Spec §7 /api/super-admin/sms-devices: list (?schoolId), create, one, update (PUT), delete, test; plus an audited key reveal. */
export default async function smsDeviceRoutes(app: FastifyInstance) {
  const deps: DeviceDeps = {
    db: app.db,
    secrets: app.secrets,
    gatewayUrl: app.config.smsGatewayUrl,
    timeZone: app.config.schoolTimezone,
    sendTimeoutMs: app.config.outbox.sendTimeoutMs,
  };

  app.get('/sms-devices', async (request) => {
    const { schoolId } = smsDeviceListQuerySchema.parse(request.query ?? {});
    return { success: true, data: await listSmsDevices(deps, schoolId) };
  });

  app.post('/sms-devices', async (request, reply) => {
    const data = await createSmsDevice(deps, smsDeviceCreateSchema.parse(request.body ?? {}), request.actor());
    return reply.status(201).send({ success: true, data, message: 'SMS device created successfully' });
  });

  app.get('/sms-devices/:id', async (request) => ({ success: true, data: await getSmsDevice(deps, deviceId(request)) }));

  app.get('/sms-devices/:id/api-key', async (request) => ({
    success: true,
    data: { apiKey: await revealSmsDeviceKey(deps, deviceId(request), request.actor()) },
  }));

  app.put('/sms-devices/:id', async (request) => {
    const id = deviceId(request);
    const data = await updateSmsDevice(deps, id, smsDeviceUpdateSchema.parse(request.body ?? {}), request.actor());
    return { success: true, data, message: 'SMS device updated successfully' };
  });

  app.delete('/sms-devices/:id', async (request) => {
    await deleteSmsDevice(deps, deviceId(request), request.actor());
    return { success: true, data: null, message: 'SMS device deleted successfully' };
  });

  app.post('/sms-devices/:id/test', async (request) => {
    const id = deviceId(request);
    const parsed = smsDeviceTestSchema.safeParse(request.body ?? {});
    // Spec §8: the screen shows the device-test failure text; the field error says what is wrong.
    if (!parsed.success) throw badRequest(SMS_DEVICE_MESSAGES.testFailed, fieldErrors(parsed.error as ZodError));
    await testSmsDevice(deps, id, parsed.data.testPhoneNumber, request.actor());
    return { success: true, data: null, message: SMS_DEVICE_MESSAGES.testSent };
  });
}
