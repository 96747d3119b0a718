import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { badRequest, tooLarge } from '../lib/errors';

export type FileKind = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx';

export const IMAGE_KINDS: FileKind[] = ['jpg', 'png', 'gif', 'webp'];
export const CONTRACT_KINDS: FileKind[] = ['pdf', 'doc', 'docx', 'jpg', 'png', 'gif'];
export const MB = 1024 * 1024;

const MIME: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

/** The real type of a file from its first bytes (never from its name or the browser's claim). */
export function detectKind(buf: Buffer, fileName = ''): FileKind | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // OLE2 compound file: legacy .doc
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // ZIP container holding word/ → .docx
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) && (buf.includes('word/') || /\.docx$/i.test(fileName))) return 'docx';
  return null;
}

export interface IncomingFile {
  field: string;
  fileName: string;
  buffer: Buffer;
}

export interface StoredFile {
  url: string;
  kind: FileKind;
  mimeType: string;
  size: number;
  originalName: string;
}

const kindLabel = (kinds: FileKind[]) => kinds.map((k) => k.toUpperCase()).join(', ');

/** Checks type (by content) and size; throws 400/413 with a message before anything is written. */
export function checkFile(file: IncomingFile, kinds: FileKind[], maxBytes: number, label = 'File'): FileKind {
  if (file.buffer.length > maxBytes) {
    throw tooLarge(`${label} "${file.fileName}" is too large (max ${Math.round(maxBytes / MB)} MB)`);
  }
  const kind = detectKind(file.buffer, file.fileName);
  if (!kind || !kinds.includes(kind)) {
    throw badRequest(`${label} "${file.fileName}" must be one of: ${kindLabel(kinds)}`, {
      [file.field]: `Allowed file types: ${kindLabel(kinds)}`,
    });
  }
  return kind;
}

export class UploadStore {
  constructor(private readonly dir: string) {}

  /** Saves under a generated name; returns the public URL (/uploads/…). Call checkFile first. */
  async save(file: IncomingFile, kind: FileKind): Promise<StoredFile> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind}`;
    await fs.writeFile(path.join(this.dir, name), file.buffer, { flag: 'wx' });
    return { url: `/uploads/${name}`, kind, mimeType: MIME[kind], size: file.buffer.length, originalName: file.fileName };
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
