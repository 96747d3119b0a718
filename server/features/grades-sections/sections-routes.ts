import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sectionCreateSchema, sectionSchema, sectionsParamsSchema, sectionUpdateSchema } from '@domain/grades';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { createSection, listSections, SECTION_NOT_FOUND, updateSection } from './sections';

/** Spec §7 sections: create, list by school and grade, edit/deactivate. */
const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sections',
    { schema: { summary: 'Create a section', body: sectionCreateSchema, response: { 201: apiSuccess(sectionSchema) } } },
    async (request, reply) => {
      const data = await createSection(app.db, request.body, request.actor());
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
    },
    async (request) => ({
      success: true as const,
      data: await listSections(app.db, request.params.schoolId, request.params.gradeId),
    }),
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
    },
    async (request) => {
      const data = await updateSection(app.db, request.params.id, request.body, request.actor());
      return { success: true as const, data, message: 'Section updated successfully' };
    },
  );
};
export default sectionRoutes;
