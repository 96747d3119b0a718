import type { FastifyRequest } from 'fastify';
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
} from '@domain/devices/sms-devices';
import { idParams } from '@domain/validation';
import { confirmPasswordSchema } from '@domain/auth';
import { confirmStaffPassword } from '@core/auth/confirm-password';
import { notFound } from '@core/http/errors';
import { SCHOOL_NOT_FOUND, type SchoolScope } from '@core/http/school-scope';
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

/**
 * /api/super-admin/sms-devices: list (?schoolId), create, one, update (PUT), delete, test; plus an audited
 * key reveal. The same routes serve a school admin (MANAGE_SMS_DEVICES): only their school's devices
 * (a global device or another school's is 404), and a device they add or edit stays in their school.
 */
export const smsDeviceRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_SMS_DEVICES');
    const deps: DeviceDeps = {
      db: app.db,
      secrets: app.secrets,
      gatewayUrl: app.config.smsGatewayUrl,
      timeZone: app.config.schoolTimezone,
      sendTimeoutMs: app.config.outbox.sendTimeoutMs,
      clock: app.clock,
    };
    /** The admin scope answers 404 unless the device is of the admin's school. */
    const mine = async (request: FastifyRequest, id: number) => {
      if (scope.kind === 'admin') scope.owns(request, (await getSmsDevice(deps, id)).schoolId, SMS_DEVICE_MESSAGES.notFound);
    };
    /** The school a list names; an admin's is always their own (another one, or 'global', is 404). */
    const listed = (request: FastifyRequest, requested: number | 'global' | undefined) => {
      if (scope.kind === 'superAdmin') return requested;
      if (requested === 'global') throw notFound(SCHOOL_NOT_FOUND);
      return scope.school(request, requested);
    };
    /** The school a device is written to; an admin's device stays in their school (another one named is 404). */
    const placed = (request: FastifyRequest, requested: number | null) =>
      scope.kind === 'superAdmin' ? requested : (scope.school(request, requested) ?? null);

    app.get(
      '/sms-devices',
      {
        schema: {
          summary: 'SMS devices (optionally of one school, or global)',
          querystring: smsDeviceListQuerySchema,
          response: { 200: apiSuccess(z.array(smsDeviceSchema)) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await listSmsDevices(deps, listed(request, request.query.schoolId)),
      }),
    );

    app.post(
      '/sms-devices',
      {
        schema: { summary: 'Add an SMS device', body: smsDeviceCreateSchema, response: { 201: apiSuccess(smsDeviceSchema) } },
        config,
      },
      async (request, reply) => {
        const body = { ...request.body, schoolId: placed(request, request.body.schoolId) };
        const data = await createSmsDevice(deps, body, request.actor());
        return reply.status(201).send({ success: true, data, message: 'SMS device created successfully' });
      },
    );

    app.get(
      '/sms-devices/:id',
      { schema: { summary: 'One SMS device', params, response: oneDevice }, config },
      async (request) => {
        await mine(request, request.params.id);
        return { success: true as const, data: await getSmsDevice(deps, request.params.id) };
      },
    );

    app.post(
      '/sms-devices/:id/api-key',
      {
        schema: {
          summary: "Reveal a device's API key (asks the caller's password again; logged)",
          body: confirmPasswordSchema,
          params,
          response: { 200: apiSuccess(smsDeviceKeySchema) },
        },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        await confirmStaffPassword(app.db, app.config, request.auth!, request.body.password, request.actor().ip);
        return { success: true as const, data: { apiKey: await revealSmsDeviceKey(deps, request.params.id, request.actor()) } };
      },
    );

    app.put(
      '/sms-devices/:id',
      { schema: { summary: 'Update an SMS device', params, body: smsDeviceUpdateSchema, response: oneDevice }, config },
      async (request) => {
        await mine(request, request.params.id);
        const body =
          request.body.schoolId === undefined
            ? request.body
            : { ...request.body, schoolId: placed(request, request.body.schoolId) };
        const data = await updateSmsDevice(deps, request.params.id, body, request.actor());
        return { success: true as const, data, message: 'SMS device updated successfully' };
      },
    );

    app.delete(
      '/sms-devices/:id',
      { schema: { summary: 'Delete an SMS device', params, response: { 200: apiDone } }, config },
      async (request) => {
        await mine(request, request.params.id);
        await deleteSmsDevice(deps, request.params.id, request.actor());
        return { success: true as const, data: null, message: 'SMS device deleted successfully' };
      },
    );

    app.post(
      '/sms-devices/:id/test',
      {
        schema: { summary: 'Send a test SMS through the device', params, body: smsDeviceTestSchema, response: { 200: apiDone } },
        // The screen shows the device-test failure text; the field error says what is wrong.
        config: { ...config, validationMessage: () => SMS_DEVICE_MESSAGES.testFailed },
      },
      async (request) => {
        await mine(request, request.params.id);
        await testSmsDevice(deps, request.params.id, request.body.testPhoneNumber, request.actor());
        return { success: true as const, data: null, message: SMS_DEVICE_MESSAGES.testSent };
      },
    );
  };
