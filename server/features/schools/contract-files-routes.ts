import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { contractFileSchema } from '@domain/schools';
import { idParams, idPath } from '@domain/validation';
import type { UploadSpec } from '@core/uploads/upload-pipeline';
import { CONTRACT_KINDS } from '@core/uploads/uploads';
import { CONTRACT_FILE_MAX_BYTES, MB } from '@domain/files';
import { CONTRACT_FILE_NOT_FOUND, deleteContractFile, listContractFiles, uploadContractFiles } from './contract-files';
import { SCHOOL_NOT_FOUND } from './service';

/** A school's contract files: `files`, PDF/DOC/DOCX/images ≤ 10 MB each, 10 at a time, 50 MB together. */
const CONTRACT_FILES_UPLOAD: UploadSpec = {
  files: { files: { label: 'Contract file', kinds: CONTRACT_KINDS, maxBytes: CONTRACT_FILE_MAX_BYTES, maxFiles: 10 } },
  maxTotalBytes: 50 * MB,
};

const fileList = { 200: apiSuccess(z.array(contractFileSchema)) };
const school = idParams(SCHOOL_NOT_FOUND);

/** A school's contract files (the paths are the API's own). */
const contractFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/schools/:id/contract-files',
    { schema: { summary: "A school's contract files", params: school, response: fileList } },
    async (request) => ({ success: true as const, data: await listContractFiles(app.db, request.params.id) }),
  );

  /** multipart with `files` repeated; returns the school's new list. */
  app.post(
    '/schools/:id/contract-files',
    {
      schema: {
        summary: 'Upload contract files (multipart `files`)',
        params: school,
        body: z.object({}),
        response: { 201: fileList[200] },
      },
      config: { upload: CONTRACT_FILES_UPLOAD },
    },
    async (request, reply) => {
      const data = await uploadContractFiles(app.db, request.upload, request.params.id, request.actor());
      return reply.status(201).send({ success: true, data, message: 'Contract files uploaded successfully' });
    },
  );

  app.delete(
    '/contract-files/:fileId',
    {
      schema: {
        summary: 'Delete a contract file',
        params: z.object({ fileId: idPath(CONTRACT_FILE_NOT_FOUND) }),
        response: fileList,
      },
    },
    async (request) => {
      const data = await deleteContractFile(app.db, app.uploads, request.params.fileId, request.actor());
      return { success: true as const, data, message: 'Contract file deleted successfully' };
    },
  );
};
export default contractFileRoutes;
