import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import {
  SYSTEM_LIMITS,
  SYSTEM_MESSAGES,
  systemCreateSchema,
  systemImageParamsSchema,
  systemSchema,
  systemUpdateSchema,
} from '@domain/systems';
import { idParams } from '@domain/validation';
import { imageFile, type UploadSpec } from '@core/uploads/upload-pipeline';
import { MB } from '@domain/files';
import { createSystem, deleteSystem, getSystem, listSystems, removeSystemImage, updateSystem } from './service';

/** Catalogue systems: `images`, up to the catalogue's image limit, each ≤ 5 MB. */
const SYSTEM_IMAGES_UPLOAD: UploadSpec = {
  files: {
    images: imageFile('Image', SYSTEM_LIMITS.imageMb * MB, {
      maxFiles: SYSTEM_LIMITS.images,
      tooMany: SYSTEM_MESSAGES.imagesMax,
    }),
  },
};

const params = idParams(SYSTEM_MESSAGES.notFound);
const oneSystem = { 200: apiSuccess(systemSchema) };

/**
 * /api/super-admin/systems: multipart `data` JSON {name, description, features[, images]}
 * plus repeated `images` file parts. Registered inside the super-admin scope.
 */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/systems',
    { schema: { summary: 'List systems', response: { 200: apiSuccess(z.array(systemSchema)) } } },
    async () => ({
      success: true as const,
      data: await listSystems(app.db),
    }),
  );

  app.get('/systems/:id', { schema: { summary: 'One system', params, response: oneSystem } }, async (request) => ({
    success: true as const,
    data: await getSystem(app.db, request.params.id),
  }));

  app.post(
    '/systems',
    {
      schema: { summary: 'Create a system', body: systemCreateSchema, response: { 201: apiSuccess(systemSchema) } },
      config: { upload: SYSTEM_IMAGES_UPLOAD },
    },
    async (request, reply) => {
      const data = await createSystem(app.db, request.upload, request.body, request.actor());
      return reply.status(201).send({ success: true, data, message: SYSTEM_MESSAGES.created });
    },
  );

  app.put(
    '/systems/:id',
    {
      schema: { summary: 'Replace a system', params, body: systemUpdateSchema, response: oneSystem },
      config: { upload: SYSTEM_IMAGES_UPLOAD },
    },
    async (request) => {
      const data = await updateSystem(app.db, request.upload, request.params.id, request.body, request.actor());
      return { success: true as const, data, message: SYSTEM_MESSAGES.updated };
    },
  );

  app.delete('/systems/:id', { schema: { summary: 'Delete a system', params, response: { 200: apiDone } } }, async (request) => {
    await deleteSystem(app.db, app.uploads, request.params.id, request.actor());
    return { success: true as const, data: null, message: SYSTEM_MESSAGES.deleted };
  });

  app.delete(
    '/systems/:id/images/:imageName',
    { schema: { summary: 'Remove one image of a system', params: systemImageParamsSchema, response: oneSystem } },
    async (request) => {
      const { id, imageName } = request.params;
      const data = await removeSystemImage(app.db, app.uploads, id, imageName, request.actor());
      return { success: true as const, data, message: SYSTEM_MESSAGES.imageRemoved };
    },
  );
};
export default systemRoutes;
