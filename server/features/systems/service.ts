import path from 'node:path';
import type { Selectable } from 'kysely';
import { isPostgres, type DB, type Executor } from '@core/db/index';
import type { SystemTable } from '@core/db/schema';
import { badRequest, notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import type { UploadStore } from '@core/uploads/uploads';
import type { FileBatch } from '@core/uploads/upload-pipeline';
import { fileUrl } from '@domain/files';
import { SYSTEM_LIMITS, SYSTEM_MESSAGES, type System, type SystemCreateInput, type SystemUpdateInput } from '@domain/systems';

/** The multipart field the console sends images in (repeated `images` parts). */
export const SYSTEM_IMAGE_FIELD = 'images';

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Row → System (`_id` and `id`, lists as arrays, images as /uploads/… URLs). */
function toSystem(row: Selectable<SystemTable>): System {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    features: jsonList(row.features),
    images: jsonList(row.images)
      .map((p) => fileUrl(p))
      .filter((p): p is string => p !== null),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every system, newest first (public catalogue and console). */
export async function listSystems(db: Executor): Promise<System[]> {
  const rows = await db.selectFrom('systems').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toSystem);
}

export async function getSystem(db: Executor, id: number): Promise<System> {
  const row = await db.selectFrom('systems').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SYSTEM_MESSAGES.notFound);
  return toSystem(row);
}

/**
 * The system inside a transaction that is about to change it: locked on PostgreSQL (FOR UPDATE), so two
 * concurrent edits run one after the other and each sees the other's images; SQLite transactions are
 * serialised already (one connection, the write lock).
 */
async function lockSystem(trx: Executor, id: number): Promise<System> {
  let query = trx.selectFrom('systems').selectAll().where('id', '=', id);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(SYSTEM_MESSAGES.notFound);
  return toSystem(row);
}

/** Stores the request's new images (checked by the pipeline) once the count with the kept ones is allowed. */
async function storeImages(files: FileBatch, keptCount: number): Promise<string[]> {
  const images = files.files(SYSTEM_IMAGE_FIELD);
  if (keptCount + images.length > SYSTEM_LIMITS.images) {
    throw badRequest(SYSTEM_MESSAGES.imagesMax, { images: SYSTEM_MESSAGES.imagesMax });
  }
  const urls: string[] = [];
  for (const image of images) urls.push((await files.store(image)).url);
  return urls;
}

const removeAll = (uploads: UploadStore, urls: string[]) => Promise.all(urls.map((u) => uploads.remove(u)));

export async function createSystem(db: DB, files: FileBatch, input: SystemCreateInput, actor: Actor): Promise<System> {
  const images = await storeImages(files, 0);
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('systems')
      .values({
        name: input.name,
        description: input.description,
        features: JSON.stringify(input.features),
        images: JSON.stringify(images),
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(trx, actor, {
      action: 'CREATE_SYSTEM',
      entity: 'System',
      entityId: row.id,
      details: { name: input.name, features: input.features, images },
    });
    return row.id;
  });
  return getSystem(db, id);
}

/**
 * Replaces name, description and features; keeps the listed current images (absent list → all),
 * adds the new ones, and deletes the files of the images no longer listed.
 * Paths that are not this system's images are ignored (they may have been removed meanwhile).
 */
export async function updateSystem(
  db: DB,
  files: FileBatch,
  id: number,
  input: SystemUpdateInput,
  actor: Actor,
): Promise<System> {
  // Read and write in one transaction: an edit that read the images before another edit committed would
  // write back references to files the other one removed.
  const removed = await db.transaction().execute(async (trx) => {
    const before = await lockSystem(trx, id);
    const wanted = input.images ? new Set(input.images.map((p) => fileUrl(p))) : null;
    const kept = wanted ? before.images.filter((url) => wanted.has(url)) : before.images;
    const added = await storeImages(files, kept.length);
    const after = { name: input.name, description: input.description, features: input.features, images: [...kept, ...added] };
    await trx
      .updateTable('systems')
      .set({ ...after, features: JSON.stringify(after.features), images: JSON.stringify(after.images), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_SYSTEM',
      entity: 'System',
      entityId: id,
      details: { changes: diff({ ...before }, after) },
    });
    return before.images.filter((url) => !kept.includes(url));
  });
  for (const url of removed) files.replaced(url);
  return getSystem(db, id);
}

/** Deletes the system and its image files; its orders keep the system's name (system_id becomes null). */
export async function deleteSystem(db: DB, uploads: UploadStore, id: number, actor: Actor): Promise<void> {
  const before = await getSystem(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('systems').where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: 'DELETE_SYSTEM',
      entity: 'System',
      entityId: id,
      details: { name: before.name, images: before.images },
    });
  });
  await removeAll(uploads, before.images);
}

/** DELETE /systems/{id}/images/{imageName}: imageName is the file name of one of the system's images. */
export async function removeSystemImage(
  db: DB,
  uploads: UploadStore,
  id: number,
  imageName: string,
  actor: Actor,
): Promise<System> {
  const url = await db.transaction().execute(async (trx) => {
    const before = await lockSystem(trx, id);
    const found = before.images.find((u) => path.posix.basename(u) === imageName);
    if (!found) throw notFound(SYSTEM_MESSAGES.imageNotFound);
    const images = before.images.filter((u) => u !== found);
    await trx
      .updateTable('systems')
      .set({ images: JSON.stringify(images), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, { action: 'REMOVE_SYSTEM_IMAGE', entity: 'System', entityId: id, details: { image: found } });
    return found;
  });
  await uploads.remove(url);
  return getSystem(db, id);
}

/** Each system's image URLs, for the upload audit (a list that cannot be read names nothing). */
export async function systemImageUrls(db: Executor): Promise<Array<{ id: number; url: string }>> {
  const urls: Array<{ id: number; url: string }> = [];
  for (const row of await db.selectFrom('systems').select(['id', 'images']).execute()) {
    let images: unknown = [];
    try {
      images = JSON.parse(row.images);
    } catch {
      // A row whose list cannot be read references nothing we could keep.
    }
    if (Array.isArray(images)) for (const url of images) if (typeof url === 'string') urls.push({ id: row.id, url });
  }
  return urls;
}
