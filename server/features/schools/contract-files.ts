import type { DB, Executor } from '@core/db/index';
import { badRequest, notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { writeLog, type Actor } from '@core/audit-log';
import type { StoredFile, UploadStore } from '@core/uploads/uploads';
import type { FileBatch } from '@core/uploads/upload-pipeline';
import { requireSchool } from './service';
import { fileUrl } from '@domain/files';

export const CONTRACT_FILE_NOT_FOUND = 'Contract file not found';

/** Contract file (id, fileUrl, createdAt) plus what the list shows (name, type, size). */
export async function listContractFiles(db: Executor, schoolId: number) {
  await requireSchool(db, schoolId);
  const rows = await db
    .selectFrom('contractFiles')
    .select(['id', 'schoolId', 'fileUrl', 'originalName', 'mimeType', 'size', 'createdAt'])
    .where('schoolId', '=', schoolId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, fileUrl: fileUrl(r.fileUrl) ?? r.fileUrl }));
}
export type ContractFile = Awaited<ReturnType<typeof listContractFiles>>[number];

/**
 * Adds several files at once, all or nothing: the pipeline checked every file (type by content, size)
 * before this runs, and removes the stored ones again if this fails. Returns the school's new list.
 */
export async function uploadContractFiles(db: DB, files: FileBatch, schoolId: number, actor: Actor): Promise<ContractFile[]> {
  await requireSchool(db, schoolId);
  const received = files.files('files');
  if (received.length === 0)
    throw badRequest('Please choose at least one contract file', { files: 'Please choose at least one contract file' });
  const stored: StoredFile[] = [];
  for (const file of received) stored.push(await files.store(file));
  await db.transaction().execute(async (trx) => {
    for (const s of stored) {
      const row = await trx
        .insertInto('contractFiles')
        .values({
          schoolId,
          fileUrl: s.url,
          originalName: s.originalName.slice(0, 255),
          mimeType: s.mimeType,
          size: s.size,
          createdAt: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLog(trx, actor, {
        action: 'UPLOAD_CONTRACT_FILE',
        entity: 'ContractFile',
        entityId: row.id,
        details: { schoolId, fileUrl: s.url, originalName: s.originalName, mimeType: s.mimeType, size: s.size },
      });
    }
  });
  return listContractFiles(db, schoolId);
}

/** Deletes the record and its file; returns the school's remaining list. */
export async function deleteContractFile(db: DB, uploads: UploadStore, fileId: number, actor: Actor): Promise<ContractFile[]> {
  const file = await db.selectFrom('contractFiles').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!file) throw notFound(CONTRACT_FILE_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contractFiles').where('id', '=', fileId).execute();
    await writeLog(trx, actor, {
      action: 'DELETE_CONTRACT_FILE',
      entity: 'ContractFile',
      entityId: fileId,
      details: { schoolId: file.schoolId, fileUrl: file.fileUrl, originalName: file.originalName },
    });
  });
  await uploads.remove(fileUrl(file.fileUrl));
  return listContractFiles(db, file.schoolId);
}
