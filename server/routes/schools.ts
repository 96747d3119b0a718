import type { FastifyInstance } from 'fastify';
import { schoolCreateSchema, schoolUpdateSchema } from '../../src/domain/schools';
import { LOGO_UPLOAD } from '../lib/upload-rules';
import { bodyFields, idParam, textQuery } from '../lib/query';
import { createSchool, getSchool, listSchools, SCHOOL_NOT_FOUND, updateSchool } from '../services/schools';

/** Spec §7 schools: multipart `data` (JSON) + `logo`; the list is an array with live counts. */
export default async function schoolRoutes(app: FastifyInstance) {
  app.get('/schools', async (request) => {
    const { search } = request.query as { search?: unknown };
    return { success: true, data: await listSchools(app.db, textQuery(search)) };
  });

  app.post('/schools', { config: { upload: LOGO_UPLOAD } }, async (request, reply) => {
    const input = schoolCreateSchema.parse(bodyFields(request.body));
    const data = await createSchool(app.db, request.upload, input, request.actor());
    return reply.status(201).send({ success: true, data, message: 'School created successfully' });
  });

  app.get('/schools/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    return { success: true, data: await getSchool(app.db, id) };
  });

  app.patch('/schools/:id', { config: { upload: LOGO_UPLOAD } }, async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    const input = schoolUpdateSchema.parse(bodyFields(request.body));
    const data = await updateSchool(app.db, request.upload, id, input, request.actor());
    return { success: true, data, message: 'School updated successfully' };
  });
}
