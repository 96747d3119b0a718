import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/index';

/**
 * Where a feature's rows name uploaded files: each feature declares its own (`Feature.uploads`,
 * server/core/feature.ts) and app.ts hands them all to the audit. A file no declared column names is an orphan,
 * so a new column that names files must be declared with its feature.
 */
export interface UploadColumn {
  /** The table, as the audit reports a row whose file is missing. */
  table: string;
  /** Every row's id with each upload URL it names (a row naming several comes once per URL). */
  urls(db: Executor): Promise<Array<{ id: number; url: string | null }>>;
}

/** Keeps the upload folder and the database in step: every URL under /uploads/ the declared columns name. */
async function referencedUrls(db: Executor, columns: UploadColumn[]): Promise<Array<{ table: string; id: number; url: string }>> {
  const refs: Array<{ table: string; id: number; url: string }> = [];
  for (const column of columns)
    for (const r of await column.urls(db)) if (r.url) refs.push({ table: column.table, id: r.id, url: r.url });
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
export async function auditUploads(
  db: Executor,
  uploadDir: string,
  columns: UploadColumn[],
  now = Date.now(),
): Promise<UploadAuditReport> {
  const refs = await referencedUrls(db, columns);
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
export function scheduleUploadAudit(
  db: Executor,
  uploadDir: string,
  columns: UploadColumn[],
  log: FastifyBaseLogger,
  everyMs = 24 * 60 * 60 * 1000,
) {
  const run = async () => {
    try {
      const report = await auditUploads(db, uploadDir, columns);
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
