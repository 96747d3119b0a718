import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradeCreateSchema, gradeSchema, gradesQuerySchema, gradeUpdateSchema } from '@domain/grades';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { createGrade, getGrade, GRADE_NOT_FOUND, listGrades, updateGrade } from './grades';

const params = idParams(GRADE_NOT_FOUND);
const oneGrade = { 200: apiSuccess(gradeSchema) };

/** Spec §7 grades: by school (?schoolId=), one, create, edit/deactivate. */
const gradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grades',
    {
      schema: {
        summary: "A school's grades",
        querystring: gradesQuerySchema,
        response: { 200: apiSuccess(z.array(gradeSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listGrades(app.db, request.query.schoolId) }),
  );

  app.post(
    '/grades',
    { schema: { summary: 'Create a grade', body: gradeCreateSchema, response: { 201: apiSuccess(gradeSchema) } } },
    async (request, reply) => {
      const data = await createGrade(app.db, request.body, request.actor());
      return reply.status(201).send({ success: true, data, message: 'Grade created successfully!' });
    },
  );

  app.get('/grades/:id', { schema: { summary: 'One grade', params, response: oneGrade } }, async (request) => ({
    success: true as const,
    data: await getGrade(app.db, request.params.id),
  }));

  app.patch(
    '/grades/:id',
    { schema: { summary: 'Edit or deactivate a grade', params, body: gradeUpdateSchema, response: oneGrade } },
    async (request) => {
      const data = await updateGrade(app.db, request.params.id, request.body, request.actor());
      return { success: true as const, data, message: 'Grade updated successfully' };
    },
  );
};
export default gradeRoutes;
