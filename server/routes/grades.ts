import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GRADE_MESSAGES, gradeCreateSchema, gradeUpdateSchema } from '../../src/domain/grades';
import { idField } from '../../src/domain/validation';
import { readBody } from '../lib/multipart';
import { idParam } from '../lib/query';
import { createGrade, getGrade, GRADE_NOT_FOUND, listGrades, updateGrade } from '../services/grades';

const bySchool = z.object({ schoolId: idField(GRADE_MESSAGES.schoolId) });

/** Spec §7 grades: by school (?schoolId=), one, create, edit/deactivate. */
export default async function gradeRoutes(app: FastifyInstance) {
  app.get('/grades', async (request) => {
    const { schoolId } = bySchool.parse(request.query ?? {});
    return { success: true, data: await listGrades(app.db, schoolId) };
  });

  app.post('/grades', async (request, reply) => {
    const { fields } = await readBody(request);
    const data = await createGrade(app.db, gradeCreateSchema.parse(fields), request.actor());
    return reply.status(201).send({ success: true, data, message: 'Grade created successfully!' });
  });

  app.get('/grades/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, GRADE_NOT_FOUND);
    return { success: true, data: await getGrade(app.db, id) };
  });

  app.patch('/grades/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id, GRADE_NOT_FOUND);
    const { fields } = await readBody(request);
    const data = await updateGrade(app.db, id, gradeUpdateSchema.parse(fields), request.actor());
    return { success: true, data, message: 'Grade updated successfully' };
  });
}
