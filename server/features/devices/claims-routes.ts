import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  DEVICE_CLAIM_MESSAGES,
  deviceClaimListQuerySchema,
  deviceClaimResolveSchema,
  deviceClaimSchema,
} from '@domain/devices/device-claims';
import { listClaims, resolveClaim } from './claims';

/**
 * The super admin's device claims (Device Management): schools' requests for a reader serial or Facebook Page ID
 * another school holds. Served under /api/super-admin only: a school admin never sees who holds a value.
 */
const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/device-claims',
    {
      schema: {
        summary: 'Claims on reader serials and Facebook Page IDs held by another school (open ones first)',
        querystring: deviceClaimListQuerySchema,
        response: { 200: apiSuccess(z.array(deviceClaimSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listClaims(app.db, request.query) }),
  );

  app.post(
    '/device-claims/:id/resolve',
    {
      schema: {
        summary: 'Grant a claim (the record moves to the claiming school) or refuse it',
        params: idParams(DEVICE_CLAIM_MESSAGES.notFound),
        body: deviceClaimResolveSchema,
        response: { 200: apiSuccess(deviceClaimSchema) },
      },
    },
    async (request) => {
      const { claim, message } = await resolveClaim(app.db, request.params.id, request.body.decision, request.actor());
      return { success: true as const, data: claim, message };
    },
  );
};
export default claimRoutes;
