import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import {
  importEventSchema,
  importPreviewSchema,
  importTemplateCsv,
  importUploadSchema,
  IMPORT_MAX_BYTES,
  type ImportEvent,
} from '@domain/students/import';
import type { UploadSpec } from '@core/uploads/upload-pipeline';
import { CSV_KINDS } from '@core/uploads/uploads';
import { analyseImport, toPreview } from './import';
import { commitImport } from './import-commit';
import type { SchoolScope } from '@core/http/school-scope';
import { unavailability } from '@core/http/not-available';

/** Student CSV import: `file`, one UTF-8 .csv ≤ 5 MB (read from the temporary file, never stored). */
const STUDENT_CSV_UPLOAD: UploadSpec = { files: { file: { label: 'CSV file', kinds: CSV_KINDS, maxBytes: IMPORT_MAX_BYTES } } };

/**
 * CSV import of students for one school (multipart: `schoolId` + `file`, through the upload pipeline).
 * - GET  students/import/template → the CSV template;
 * - POST students/import/preview  → every row's verdict (nothing written);
 * - POST students/import/commit   → checks the file again, then streams NDJSON lines (`ImportEvent`:
 *   progress while checking, hashing and saving, the summary last). A bad file is an ordinary 4xx before the
 *   stream starts; a failure while writing is an `error` line (the one transaction rolled back).
 * The browser shows upload progress (ky's onUploadProgress) and then the streamed progress.
 * A school admin imports into their own school only, with MANAGE_STUDENTS.
 */
export const studentImportRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const upload = { body: importUploadSchema };
    const config = { upload: STUDENT_CSV_UPLOAD, ...scope.permission('MANAGE_STUDENTS') };

    app.get(
      '/students/import/template',
      {
        schema: { summary: 'The student CSV import template', response: { 200: z.string() } },
        config: scope.permission('MANAGE_STUDENTS'),
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="students-import-template.csv"')
          .header('cache-control', 'no-store')
          .send(importTemplateCsv()),
    );

    app.post(
      '/students/import/preview',
      {
        schema: {
          summary: 'Check a student CSV file (nothing is written)',
          ...upload,
          response: { 200: apiSuccess(importPreviewSchema) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: toPreview(
          await analyseImport(
            app.db,
            scope.school(request, request.body.schoolId) ?? request.body.schoolId,
            request.upload.file('file'),
            unavailability(app, request),
          ),
        ),
      }),
    );

    app.post(
      '/students/import/commit',
      {
        schema: {
          summary: 'Import the valid rows of a student CSV file (NDJSON progress lines, the summary last)',
          ...upload,
          response: { 200: importEventSchema },
        },
        config,
      },
      async (request, reply) => {
        const schoolId = scope.school(request, request.body.schoolId) ?? request.body.schoolId;
        const analysis = await analyseImport(app.db, schoolId, request.upload.file('file'), unavailability(app, request));
        const stream = new PassThrough();
        const emit = (event: ImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
        const ctx = {
          db: app.db,
          actor: request.actor(),
          scryptCost: app.config.scryptCost,
          defaultTimeZone: app.config.schoolTimezone,
          now: app.clock.now(),
        };
        commitImport(ctx, analysis, emit)
          .then((summary) => emit({ type: 'summary', summary }))
          .catch((err: unknown) => {
            request.log.error({ err }, 'student import failed');
            emit({ type: 'error', message: 'The import failed and nothing was imported. Please try again.' });
          })
          .finally(() => stream.end());
        // The declared schema describes each line; the reply itself is the stream of them.
        return (reply as FastifyReply)
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
