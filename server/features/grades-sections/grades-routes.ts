import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradeCreateSchema, gradeSchema, gradesQuerySchema, gradeUpdateSchema } from '@domain/grades';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import type { SchoolScope } from '@core/http/school-scope';
import { createGrade, getGrade, GRADE_NOT_FOUND, listGrades, updateGrade } from './grades';

const params = idParams(GRADE_NOT_FOUND);
const oneGrade = { 200: apiSuccess(gradeSchema) };

/** Grades: by school (?schoolId=), one, create, edit/deactivate; a school admin's own school only. */
export const gradeRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const view = scope.permission('VIEW_GRADES_SECTIONS');
    const manage = scope.permission('MANAGE_GRADES_SECTIONS');
    const ownGrade = async (request: FastifyRequest, id: number) => {
      const grade = await getGrade(app.db, id);
      scope.owns(request, grade.schoolId, GRADE_NOT_FOUND);
      return grade;
    };

    app.get(
      '/grades',
      {
        schema: {
          summary: "A school's grades",
          querystring: gradesQuerySchema,
          response: { 200: apiSuccess(z.array(gradeSchema)) },
        },
        config: view,
      },
      async (request) => ({
        success: true as const,
        data: await listGrades(app.db, scope.school(request, request.query.schoolId) ?? request.query.schoolId),
      }),
    );

    app.post(
      '/grades',
      {
        schema: { summary: 'Create a grade', body: gradeCreateSchema, response: { 201: apiSuccess(gradeSchema) } },
        config: manage,
      },
      async (request, reply) => {
        const schoolId = scope.school(request, request.body.schoolId) ?? request.body.schoolId;
        const data = await createGrade(app.db, { ...request.body, schoolId }, request.actor());
        return reply.status(201).send({ success: true, data, message: 'Grade created successfully!' });
      },
    );

    app.get('/grades/:id', { schema: { summary: 'One grade', params, response: oneGrade }, config: view }, async (request) => ({
      success: true as const,
      data: await ownGrade(request, request.params.id),
    }));

    app.patch(
      '/grades/:id',
      { schema: { summary: 'Edit or deactivate a grade', params, body: gradeUpdateSchema, response: oneGrade }, config: manage },
      async (request) => {
        await ownGrade(request, request.params.id);
        const data = await updateGrade(app.db, request.params.id, request.body, request.actor());
        return { success: true as const, data, message: 'Grade updated successfully' };
      },
    );
  };
