import type { FastifyInstance } from 'fastify';
import { schoolCreateSchema, schoolUpdateSchema } from '../../src/domain/schools';
import { readBody } from '../lib/multipart';
import { idParam, textQuery } from '../lib/query';
import { createSchool, getSchool, listSchools, SCHOOL_NOT_FOUND, updateSchool } from '../services/schools';

/** Spec §7 schools: multipart `data` (JSON) + `logo`; the list is an array with live counts. */
export default async function schoolRoutes(app: FastifyInstance) {
  app.get('/schools', async (request) => {
    const { search } = request.query as { search?: unknown };
    return { success: true, data: await listSchools(app.db, textQuery(search)) };
  });

  app.post('/schools', async (request, reply) => {
    const { fields, files } = await readBody(request);
    const input = schoolCreateSchema.parse(fields);
    const logo = files.find((f) => f.field === 'logo');
    const data = await createSchool(app.db, app.uploads, input, logo, request.actor());
    return reply.status(201).send({ success: true, data, message: 'School created successfully' });
  });

  app.get('/schools/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    return { success: true, data: await getSchool(app.db, id) };
  });

  app.patch('/schools/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    const { fields, files } = await readBody(request);
    const input = schoolUpdateSchema.parse(fields);
    const logo = files.find((f) => f.field === 'logo');
    const data = await updateSchool(app.db, app.uploads, id, input, logo, request.actor());
    return { success: true, data, message: 'School updated successfully' };
  });
}
