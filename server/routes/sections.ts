import type { FastifyInstance } from 'fastify';
import { sectionCreateSchema, sectionUpdateSchema } from '../../src/domain/grades';
import { readBody } from '../lib/multipart';
import { idParam } from '../lib/query';
import { createSection, listSections, SECTION_NOT_FOUND, updateSection } from '../services/sections';
import { SCHOOL_NOT_FOUND } from '../services/schools';
import { GRADE_NOT_FOUND } from '../services/grades';

/** Spec §7 sections: create, list by school and grade, edit/deactivate. */
export default async function sectionRoutes(app: FastifyInstance) {
  app.post('/sections', async (request, reply) => {
    const { fields } = await readBody(request);
    const data = await createSection(app.db, sectionCreateSchema.parse(fields), request.actor());
    return reply.status(201).send({ success: true, data, message: 'Section created successfully!' });
  });

  app.get('/sections/:schoolId/:gradeId', async (request) => {
    const params = request.params as { schoolId: string; gradeId: string };
    const schoolId = idParam(params.schoolId, SCHOOL_NOT_FOUND);
    const gradeId = idParam(params.gradeId, GRADE_NOT_FOUND);
    return { success: true, data: await listSections(app.db, schoolId, gradeId) };
  });

  app.patch('/sections/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, SECTION_NOT_FOUND);
    const { fields } = await readBody(request);
    const data = await updateSection(app.db, id, sectionUpdateSchema.parse(fields), request.actor());
    return { success: true, data, message: 'Section updated successfully' };
  });
}
