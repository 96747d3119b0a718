import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import {
  schoolCreateSchema,
  schoolListQuerySchema,
  schoolProfileSchema,
  schoolSchema,
  schoolUpdateSchema,
} from '@domain/schools';
import type { SchoolScope } from '@core/http/school-scope';
import { idParams } from '@domain/validation';
import { imageFile, type UploadSpec } from '@core/uploads/upload-pipeline';
import { IMAGE_MAX_BYTES } from '@domain/files';
import { textQuery } from '@core/http/query';
import { createSchool, getSchool, listSchools, SCHOOL_NOT_FOUND, updateSchool } from './service';

/** A school's `logo`: one image ≤ 2 MB. */
const LOGO_UPLOAD: UploadSpec = { files: { logo: imageFile('Logo', IMAGE_MAX_BYTES) } };

const params = idParams(SCHOOL_NOT_FOUND);

/**
 * Schools: multipart `data` (JSON) + `logo` (or JSON); the list is an array with live counts. A school
 * admin (MANAGE_SCHOOL_PROFILE) reads and edits their own school only (another is 404), and only its
 * profile fields and logo (schoolProfileSchema); the list and registration stay the super admin's.
 */
export const schoolRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { ...scope.permission('MANAGE_SCHOOL_PROFILE') };
    const own = (request: FastifyRequest, id: number) => scope.owns(request, id, SCHOOL_NOT_FOUND);

    app.get(
      '/schools/:id',
      { schema: { summary: 'One school', params, response: { 200: apiSuccess(schoolSchema) } }, config },
      async (request) => {
        own(request, request.params.id);
        return { success: true as const, data: await getSchool(app.db, request.params.id) };
      },
    );

    app.patch(
      '/schools/:id',
      {
        schema: {
          summary: scope.kind === 'admin' ? "Edit the school's profile and logo" : 'Edit or deactivate a school',
          params,
          body: scope.kind === 'admin' ? schoolProfileSchema : schoolUpdateSchema,
          response: { 200: apiSuccess(schoolSchema) },
        },
        config: { ...config, upload: LOGO_UPLOAD },
      },
      async (request) => {
        own(request, request.params.id);
        const data = await updateSchool(app.db, request.upload, request.params.id, request.body, request.actor());
        return { success: true as const, data, message: 'School updated successfully' };
      },
    );

    if (scope.kind !== 'superAdmin') return;
    app.get(
      '/schools',
      {
        schema: {
          summary: 'List schools',
          querystring: schoolListQuerySchema,
          response: { 200: apiSuccess(z.array(schoolSchema)) },
        },
      },
      async (request) => ({ success: true as const, data: await listSchools(app.db, textQuery(request.query.search)) }),
    );

    app.post(
      '/schools',
      {
        schema: { summary: 'Create a school', body: schoolCreateSchema, response: { 201: apiSuccess(schoolSchema) } },
        config: { upload: LOGO_UPLOAD },
      },
      async (request, reply) => {
        const data = await createSchool(app.db, request.upload, request.body, request.actor());
        return reply.status(201).send({ success: true, data, message: 'School created successfully' });
      },
    );
  };
