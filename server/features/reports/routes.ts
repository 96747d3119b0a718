import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams, idPath } from '@domain/validation';
import { safeFilename } from '@shared/csv';
import { SF2_MESSAGES, sf2ChoicesSchema, sf2FormSchema, sf2QuerySchema, sf2ZipQuerySchema } from '@domain/sf2';
import { sf4FormSchema, sf4QuerySchema } from '@domain/sf4';
import { sf1FormSchema, sf1QuerySchema } from '@domain/sf1';
import { assertSf1Fileable, sectionSf1, sf1Filename } from './sf1-data';
import { sf1Pdf } from './sf1-pdf';
import { sf1Xlsx } from './sf1-xlsx';
import { schoolSf4 } from './sf4';
import { sf4Xlsx } from './sf4-xlsx';
import type { SchoolScope } from '@core/http/school-scope';
import { badRequest } from '@core/http/errors';
import { requireSchool, SCHOOL_NOT_FOUND } from '../schools';
import { assertFileable, renderSf2, schoolSf2Zip, sectionSf2, sf2Choices, sf2Filename } from './sf2-service';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** A file download instead of the declared JSON reply (the JSON serializer leaves buffers and streams alone). */
const sendFile = (reply: FastifyReply, contentType: string, filename: string, body: Buffer | Readable) =>
  reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${filename}"`).send(body);

const sectionParams = z.object({ schoolId: idPath(SCHOOL_NOT_FOUND), sectionId: idPath(SF2_MESSAGES.sectionNotFound) });

/**
 * DepEd School Form 2: a section's month as data (preview), XLSX or PDF; the whole school as a ZIP. School Form 1 of a
 * section's school year and School Form 4 of the school's month likewise.
 * The same routes serve a school admin with VIEW_REPORTS: `scope` keeps them to the admin's own school
 * (another school is 404; a section of another school is 404 'Section not found', the services read by school).
 */
const reportRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const opts = () => ({ defaultTimeZone: app.config.schoolTimezone, now: app.clock.now() });
    const config = scope.permission('VIEW_REPORTS');
    const schoolOf = (request: FastifyRequest, id: number) => scope.school(request, id)!;

    app.get(
      '/schools/:id/sf2/choices',
      {
        schema: {
          summary: 'What the School Form 2 screen offers: grades and sections with the school’s today',
          params: idParams(SCHOOL_NOT_FOUND),
          response: { 200: apiSuccess(sf2ChoicesSchema) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await sf2Choices(app.db, schoolOf(request, request.params.id), opts()),
      }),
    );

    app.get(
      '/schools/:schoolId/sections/:sectionId/sf2',
      {
        schema: {
          summary: 'School Form 2 of a section and month: ?format=json (preview), xlsx or pdf',
          params: sectionParams,
          querystring: sf2QuerySchema,
          response: { 200: apiSuccess(sf2FormSchema) },
        },
        config,
      },
      async (request, reply) => {
        const { sectionId } = request.params;
        const schoolId = schoolOf(request, request.params.schoolId);
        const form = await sectionSf2(app.db, schoolId, sectionId, request.query.month, opts());
        const format = request.query.format;
        if (format === 'json') return { success: true as const, data: form };
        assertFileable([form]);
        return sendFile(reply, CONTENT_TYPES[format], sf2Filename(form, format), await renderSf2(form, format));
      },
    );

    app.get(
      '/schools/:schoolId/sections/:sectionId/sf1',
      {
        schema: {
          summary: 'School Form 1 (School Register) of a section for the school year: ?format=json (preview), xlsx or pdf',
          params: sectionParams,
          querystring: sf1QuerySchema,
          response: { 200: apiSuccess(sf1FormSchema) },
        },
        config,
      },
      async (request, reply) => {
        const schoolId = schoolOf(request, request.params.schoolId);
        const form = await sectionSf1(app.db, schoolId, request.params.sectionId, {
          ...opts(),
          schoolYear: request.query.schoolYear,
        });
        const format = request.query.format;
        if (format === 'json') return { success: true as const, data: form };
        assertSf1Fileable(form);
        const file = format === 'xlsx' ? await sf1Xlsx(form) : await sf1Pdf(form);
        return sendFile(reply, CONTENT_TYPES[format], sf1Filename(form, format), file);
      },
    );

    app.get(
      '/schools/:id/sf2.zip',
      {
        schema: {
          summary: "Every section's School Form 2 of a month, in one ZIP (?format=xlsx or pdf)",
          params: idParams(SCHOOL_NOT_FOUND),
          querystring: sf2ZipQuerySchema,
          response: { 200: apiSuccess(z.null()) },
        },
        config,
      },
      async (request, reply) => {
        const { month, format } = request.query;
        const schoolId = schoolOf(request, request.params.id);
        const { stream } = await schoolSf2Zip(app.db, schoolId, month, format, {
          ...opts(),
          onError: (err) => request.log.error({ err }, 'SF2 ZIP failed midway'),
        });
        const school = await requireSchool(app.db, schoolId);
        return sendFile(reply, 'application/zip', safeFilename(`SF2-${school.name}-${month}-${format}.zip`), stream);
      },
    );

    app.get(
      '/schools/:id/sf4',
      {
        schema: {
          summary: "School Form 4 of a school and month: each section's registered learners, attendance and movements",
          params: idParams(SCHOOL_NOT_FOUND),
          querystring: sf4QuerySchema,
          response: { 200: apiSuccess(sf4FormSchema) },
        },
        config,
      },
      async (request, reply) => {
        const { month, format } = request.query;
        const form = await schoolSf4(app.db, schoolOf(request, request.params.id), month, opts());
        if (format === 'json') return { success: true as const, data: form };
        if (!form.header.schoolId) throw badRequest(SF2_MESSAGES.noSchoolId);
        const name = safeFilename(`SF4-${form.header.schoolName}-${month}.xlsx`);
        return sendFile(reply, CONTENT_TYPES.xlsx, name, await sf4Xlsx(form));
      },
    );
  };
export default reportRoutes;
