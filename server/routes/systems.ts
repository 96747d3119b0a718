import type { FastifyInstance } from 'fastify';
import { SYSTEM_MESSAGES, systemCreateSchema, systemUpdateSchema } from '../../src/domain/systems';
import { SYSTEM_IMAGES_UPLOAD } from '../lib/upload-rules';
import { bodyFields, idParam } from '../lib/query';
import { createSystem, deleteSystem, getSystem, listSystems, removeSystemImage, updateSystem } from '../services/systems';

/**
 * /api/super-admin/systems (spec §7): multipart `data` JSON {name, description, features[, images]}
 * plus repeated `images` file parts. Registered inside the super-admin scope.
 */
export default async function systemRoutes(app: FastifyInstance) {
  const systemId = (params: unknown) => idParam((params as { id: string }).id, SYSTEM_MESSAGES.notFound);

  app.get('/systems', async () => ({ success: true, data: await listSystems(app.db) }));

  app.get('/systems/:id', async (request) => ({ success: true, data: await getSystem(app.db, systemId(request.params)) }));

  app.post('/systems', { config: { upload: SYSTEM_IMAGES_UPLOAD } }, async (request, reply) => {
    const input = systemCreateSchema.parse(bodyFields(request.body));
    const data = await createSystem(app.db, request.upload, input, request.actor());
    return reply.status(201).send({ success: true, data, message: SYSTEM_MESSAGES.created });
  });

  app.put('/systems/:id', { config: { upload: SYSTEM_IMAGES_UPLOAD } }, async (request) => {
    const id = systemId(request.params);
    const input = systemUpdateSchema.parse(bodyFields(request.body));
    const data = await updateSystem(app.db, request.upload, id, input, request.actor());
    return { success: true, data, message: SYSTEM_MESSAGES.updated };
  });

  app.delete('/systems/:id', async (request) => {
    await deleteSystem(app.db, app.uploads, systemId(request.params), request.actor());
    return { success: true, data: null, message: SYSTEM_MESSAGES.deleted };
  });

  app.delete('/systems/:id/images/:imageName', async (request) => {
    const id = systemId(request.params);
    const { imageName } = request.params as { imageName: string };
    const data = await removeSystemImage(app.db, app.uploads, id, imageName, request.actor());
    return { success: true, data, message: SYSTEM_MESSAGES.imageRemoved };
  });
}
