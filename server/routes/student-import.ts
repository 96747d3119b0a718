import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_MESSAGES, importTemplateCsv, type ImportEvent } from '../../src/domain/student-import';
import { idField } from '../../src/domain/validation';
import { readBody } from '../lib/multipart';
import { analyseImport, toPreview } from '../services/students-import';
import { commitImport } from '../services/students-import-commit';

const importFieldsSchema = z.object({ schoolId: idField(IMPORT_MESSAGES.school) });

/**
 * CSV import of students for one school (multipart: `schoolId` + `file`).
 * - GET  students/import/template → the CSV template;
 * - POST students/import/preview  → every row's verdict (nothing written);
 * - POST students/import/commit   → checks the file again, then streams NDJSON progress lines
 *   (`ImportEvent`: checking, hashing, saving) and the summary last. A bad file is an ordinary 4xx before
 *   the stream starts; a failure while writing is an `error` line (the transaction rolled back).
 */
export default async function studentImportRoutes(app: FastifyInstance) {
  const upload = async (request: FastifyRequest) => {
    const { fields, files } = await readBody(request);
    const { schoolId } = importFieldsSchema.parse(fields);
    return analyseImport(
      app.db,
      schoolId,
      files.find((f) => f.field === 'file'),
    );
  };

  app.get('/students/import/template', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="students-import-template.csv"')
      .header('cache-control', 'no-store')
      .send(importTemplateCsv()),
  );

  app.post('/students/import/preview', async (request) => ({ success: true, data: toPreview(await upload(request)) }));

  app.post('/students/import/commit', async (request, reply) => {
    const analysis = await upload(request);
    const stream = new PassThrough();
    const emit = (event: ImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
    const ctx = { db: app.db, actor: request.actor(), scryptCost: app.config.scryptCost };
    commitImport(ctx, analysis, emit)
      .then((summary) => emit({ type: 'summary', summary }))
      .catch((err: unknown) => {
        request.log.error({ err }, 'student import failed');
        emit({ type: 'error', message: 'The import failed and nothing was imported. Please try again.' });
      })
      .finally(() => stream.end());
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
