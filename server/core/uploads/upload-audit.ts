import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/index';

/**
 * Keeps the upload folder and the database in step (issue #13). Every column that names an uploaded file
 * is listed here; a new one must be added, or its files would be taken for orphans.
 */
async function referencedUrls(db: Executor): Promise<Array<{ table: string; id: number; url: string }>> {
  const refs: Array<{ table: string; id: number; url: string }> = [];
  const add = (table: string, rows: Array<{ id: number; url: string | null }>) => {
    for (const r of rows) if (r.url) refs.push({ table, id: r.id, url: r.url });
  };
  add('schools', await db.selectFrom('schools').select(['id', 'logoUrl as url']).execute());
  add('contract_files', await db.selectFrom('contractFiles').select(['id', 'fileUrl as url']).execute());
  add('admins', await db.selectFrom('admins').select(['id', 'profilePictureUrl as url']).execute());
  add('super_admins', await db.selectFrom('superAdmins').select(['id', 'profilePictureUrl as url']).execute());
  add('students', await db.selectFrom('students').select(['id', 'profilePictureUrl as url']).execute());
  for (const row of await db.selectFrom('systems').select(['id', 'images']).execute()) {
    let images: unknown = [];
    try {
      images = JSON.parse(row.images);
    } catch {
      // A row whose list cannot be read references nothing we could keep.
    }
    if (Array.isArray(images))
      add(
        'systems',
        images.filter((u): u is string => typeof u === 'string').map((url) => ({ id: row.id, url })),
      );
  }
  return refs.filter((r) => r.url.startsWith('/uploads/'));
}

export interface UploadAuditReport {
  /** Files no row referenced, removed (older than the grace period only). */
  removed: string[];
  /** Rows that reference a file that is not in the folder. */
  missing: Array<{ table: string; id: number; url: string }>;
}

/** Files younger than this are left alone: their request may not have committed its row yet. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Removes upload files no row references and reports rows whose file is gone. */
export async function auditUploads(db: Executor, uploadDir: string, now = Date.now()): Promise<UploadAuditReport> {
  const refs = await referencedUrls(db);
  const referenced = new Set(refs.map((r) => path.posix.basename(r.url)));
  let names: string[] = [];
  try {
    names = (await fs.readdir(uploadDir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
  }
  const present = new Set(names);
  const removed: string[] = [];
  for (const name of names) {
    if (referenced.has(name)) continue;
    const file = path.join(uploadDir, name);
    const { mtimeMs } = await fs.stat(file);
    if (now - mtimeMs < ORPHAN_GRACE_MS) continue;
    await fs.rm(file, { force: true });
    removed.push(`/uploads/${name}`);
  }
  const missing = refs.filter((r) => !present.has(path.posix.basename(r.url)));
  return { removed, missing };
}

/** Runs the audit now and then daily; results go to the log. Returns the function that stops it. */
export function scheduleUploadAudit(db: Executor, uploadDir: string, log: FastifyBaseLogger, everyMs = 24 * 60 * 60 * 1000) {
  const run = async () => {
    try {
      const report = await auditUploads(db, uploadDir);
      if (report.removed.length) log.info({ removed: report.removed }, 'removed upload files no record references');
      for (const m of report.missing) log.warn(m, 'a record references an upload file that is missing');
    } catch (err) {
      log.error({ err }, 'upload audit failed');
    }
  };
  let done!: () => void;
  const firstRun = new Promise<void>((resolve) => (done = resolve));
  const first = setTimeout(() => void run().then(done), 0);
  const timer = setInterval(run, everyMs);
  timer.unref();
  const stop = () => {
    clearTimeout(first);
    clearInterval(timer);
    done();
  };
  return { stop, firstRun };
}
