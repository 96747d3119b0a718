import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sectionCreateSchema, sectionSchema, sectionsParamsSchema, sectionUpdateSchema } from '@domain/grades';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import type { SchoolScope } from '@core/http/school-scope';
import { createSection, getSection, listSections, SECTION_NOT_FOUND, updateSection } from './sections';

/** Sections: create, list by school and grade, edit/deactivate; a school admin's own school only. */
export const sectionRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = scope.permission('MANAGE_GRADES_SECTIONS');
    app.post(
      '/sections',
      {
        schema: { summary: 'Create a section', body: sectionCreateSchema, response: { 201: apiSuccess(sectionSchema) } },
        config: manage,
      },
      async (request, reply) => {
        const schoolId = scope.school(request, request.body.schoolId) ?? request.body.schoolId;
        const data = await createSection(app.db, { ...request.body, schoolId }, request.actor());
        return reply.status(201).send({ success: true, data, message: 'Section created successfully!' });
      },
    );

    app.get(
      '/sections/:schoolId/:gradeId',
      {
        schema: {
          summary: "A grade's sections",
          params: sectionsParamsSchema,
          response: { 200: apiSuccess(z.array(sectionSchema)) },
        },
        config: scope.permission('VIEW_GRADES_SECTIONS'),
      },
      async (request) => {
        const schoolId = scope.school(request, request.params.schoolId) ?? request.params.schoolId;
        return { success: true as const, data: await listSections(app.db, schoolId, request.params.gradeId) };
      },
    );

    app.patch(
      '/sections/:id',
      {
        schema: {
          summary: 'Edit, move or deactivate a section',
          params: idParams(SECTION_NOT_FOUND),
          body: sectionUpdateSchema,
          response: { 200: apiSuccess(sectionSchema) },
        },
        config: manage,
      },
      async (request) => {
        scope.owns(request, (await getSection(app.db, request.params.id)).schoolId, SECTION_NOT_FOUND);
        const data = await updateSection(app.db, request.params.id, request.body, request.actor());
        return { success: true as const, data, message: 'Section updated successfully' };
      },
    );
  };
