import type { FastifyInstance } from 'fastify';
import { CONTRACT_FILES_UPLOAD } from '../lib/upload-rules';
import { idParam } from '../lib/query';
import { CONTRACT_FILE_NOT_FOUND, deleteContractFile, listContractFiles, uploadContractFiles } from '../services/contract-files';
import { SCHOOL_NOT_FOUND } from '../services/schools';

/** A school's contract files (paths chosen by issue #5; the spec does not show them). */
export default async function contractFileRoutes(app: FastifyInstance) {
  app.get('/schools/:id/contract-files', async (request) => {
    const schoolId = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    return { success: true, data: await listContractFiles(app.db, schoolId) };
  });

  /** multipart with `files` repeated; returns the school's new list. */
  app.post('/schools/:id/contract-files', { config: { upload: CONTRACT_FILES_UPLOAD } }, async (request, reply) => {
    const schoolId = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    const data = await uploadContractFiles(app.db, request.upload, schoolId, request.actor());
    return reply.status(201).send({ success: true, data, message: 'Contract files uploaded successfully' });
  });

  app.delete('/contract-files/:fileId', async (request) => {
    const fileId = idParam((request.params as { fileId: string }).fileId, CONTRACT_FILE_NOT_FOUND);
    const data = await deleteContractFile(app.db, app.uploads, fileId, request.actor());
    return { success: true, data, message: 'Contract file deleted successfully' };
  });
}
