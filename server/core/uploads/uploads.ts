import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type FileKind = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx' | 'csv';

export const IMAGE_KINDS: FileKind[] = ['jpg', 'png', 'gif', 'webp'];
export const CONTRACT_KINDS: FileKind[] = ['pdf', 'doc', 'docx', 'jpg', 'png', 'gif'];
/** CSV imports: UTF-8 text named .csv (text has no signature; see detectFileKind). */
export const CSV_KINDS: FileKind[] = ['csv'];
export const MB = 1024 * 1024;

export const MIME: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
};

export interface StoredFile {
  url: string;
  kind: FileKind;
  mimeType: string;
  size: number;
  originalName: string;
}

export const kindLabel = (kinds: readonly FileKind[]) => kinds.map((k) => k.toUpperCase()).join(', ');

export class UploadStore {
  constructor(private readonly dir: string) {}

  /** Moves a checked temporary file into the folder under a generated name (the upload pipeline's store step). */
  async adopt(tempPath: string, kind: FileKind, size: number, originalName: string): Promise<StoredFile> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind}`;
    const target = path.join(this.dir, name);
    try {
      await fs.rename(tempPath, target);
    } catch (err) {
      // UPLOAD_DIR on another file system than the temporary folder: copy, then drop the temporary file.
      if ((err as { code?: string }).code !== 'EXDEV') throw err;
      await fs.copyFile(tempPath, target, fsConstants.COPYFILE_EXCL);
      await fs.rm(tempPath, { force: true });
    }
    return { url: `/uploads/${name}`, kind, mimeType: MIME[kind], size, originalName };
  }

  /** Removes a previously saved file; unknown or foreign URLs are ignored. */
  async remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith('/uploads/')) return;
    const name = path.basename(url);
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  pathOf(url: string): string {
    return path.join(this.dir, path.basename(url));
  }
}
