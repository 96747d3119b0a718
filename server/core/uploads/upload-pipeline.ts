import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError, badRequest, tooLarge } from '../http/errors';
import { IMAGE_KINDS, MB, kindLabel, type FileKind, type StoredFile, type UploadStore } from './uploads';

/*
 * THE upload pipeline: receive → check → store → commit, or remove every file on failure.
 * A route that takes files declares them in `config.upload`; the body streams part by part, each file
 * into a temporary file while its limits are counted (a request that breaks one is stopped there), then
 * each file is judged by its content. The handler gets the checked files from `request.upload` and
 * moves the ones it keeps into the upload folder with `store()`. When the reply is an error, every file
 * the request stored is removed again; when it succeeds, the files it `replaced()` are removed.
 */

/** What one file field of a route accepts. */
export interface FileRule {
  /** Names the file in messages: 'Profile picture', 'Logo', 'Image', 'Contract file' */
  label: string;
  kinds: readonly FileKind[];
  maxBytes: number;
  /** how many files this field may carry (default 1) */
  maxFiles?: number;
  /** the 400 message when more are sent (default 'At most N files: <label>') */
  tooMany?: string;
}

/** An image field (JPG, PNG, GIF, WebP by content): pictures, logos, catalogue images. */
export const imageFile = (label: string, maxBytes: number, more: Partial<FileRule> = {}): FileRule => ({
  label,
  kinds: IMAGE_KINDS,
  maxBytes,
  ...more,
});

/** `config.upload` of a route: its file fields and the limit on all file bytes of one request. */
export interface UploadSpec {
  files: Record<string, FileRule>;
  /** default: the sum of every field's maxFiles × maxBytes */
  maxTotalBytes?: number;
}

/** A checked file waiting in the temporary folder. */
export interface ReceivedFile {
  field: string;
  fileName: string;
  size: number;
  kind: FileKind;
  tempPath: string;
}

/** Plain (non-file) fields of a multipart body: enough for any form, far below what would hurt. */
const FIELD_LIMITS = { fields: 60, fieldSize: 100 * 1024 };

/** file-type's answer → our kinds. OLE2 compound files ('cfb') are legacy Word documents here. */
const KIND_OF: Record<string, FileKind> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  cfb: 'doc',
  docx: 'docx',
};

/** Largest file judged as text (the CSV import's limit; bigger ones are cut off before this runs). */
const TEXT_MAX_BYTES = 5 * MB;

/**
 * The real type of a file from its content (never from the browser's claim). Text has no signature, so a
 * file without one counts as CSV only when it is named .csv AND is UTF-8 text without NUL bytes.
 */
export async function detectFileKind(filePath: string, fileName = ''): Promise<FileKind | null> {
  const type = await fileTypeFromFile(filePath);
  if (type) return KIND_OF[type.ext] ?? null;
  if (!/\.csv$/i.test(fileName)) return null;
  const stat = await fsp.stat(filePath);
  if (stat.size > TEXT_MAX_BYTES) return null;
  const bytes = await fsp.readFile(filePath);
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'csv';
  } catch {
    return null;
  }
}

const maxMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * The multipart `data` part and field names follow the rule Fastify's JSON parser applies
 * (onProtoPoisoning 'error'): `{"__proto__":{…}}` merged into the fields would become their prototype.
 */
function refuseProtoKeys(key: string, value: unknown): unknown {
  const constructorPrototype = key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value;
  if (key === '__proto__' || constructorPrototype) throw badRequest('The request body has a forbidden property name');
  return value;
}

/** The files of one request, from the temporary folder to the upload folder (or gone). */
export class UploadBatch {
  readonly received: ReceivedFile[] = [];
  private readonly stored: string[] = [];
  private readonly replacedUrls: string[] = [];
  private finished = false;

  constructor(
    private readonly store_: UploadStore,
    private readonly tempDir: string,
  ) {}

  /** The first checked file of a field (undefined when none was sent). */
  file(field: string): ReceivedFile | undefined {
    return this.received.find((f) => f.field === field);
  }

  /** Every checked file of a field, in the order they were sent. */
  files(field: string): ReceivedFile[] {
    return this.received.filter((f) => f.field === field);
  }

  /** Moves a checked file into the upload folder under a generated name; removed again if the request fails. */
  async store(file: ReceivedFile): Promise<StoredFile> {
    const stored = await this.store_.adopt(file.tempPath, file.kind, file.size, file.fileName);
    this.stored.push(stored.url);
    return stored;
  }

  /** A file the request replaces or deletes: removed once the request has succeeded, kept if it fails. */
  replaced(url: string | null | undefined): void {
    if (url) this.replacedUrls.push(url);
  }

  /** Commit (remove replaced files) or roll back (remove stored files); temporary files go either way. */
  async finish(succeeded: boolean): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await Promise.all(this.received.map((f) => fsp.rm(f.tempPath, { force: true })));
    const remove = succeeded ? this.replacedUrls : this.stored;
    await Promise.all(remove.map((url) => this.store_.remove(url)));
  }

  /** A new temporary file path (the folder is private to the server, never served). */
  async tempFile(): Promise<string> {
    await fsp.mkdir(this.tempDir, { recursive: true });
    return path.join(this.tempDir, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.part`);
  }
}

/** What a service needs of a request's files. */
export type FileBatch = Pick<UploadBatch, 'file' | 'files' | 'store' | 'replaced'>;

/**
 * Stores the file of a single-file field, if one was sent, and marks `replacedUrl` for removal once the
 * request succeeds. Returns the new URL (undefined when no file came: the field stays as it is).
 */
export async function storeFile(files: FileBatch, field: string, replacedUrl?: string | null): Promise<string | undefined> {
  const file = files.file(field);
  if (!file) return undefined;
  const stored = await files.store(file);
  files.replaced(replacedUrl);
  return stored.url;
}

/** Lets bytes pass while `check(chunkLength)` finds no broken limit; else breaks the stream with its error. */
function byteLimit(check: (n: number) => AppError | null) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const broken = check(chunk.length);
      if (broken) done(broken);
      else done(null, chunk);
    },
  });
}

/**
 * Reads a multipart body by the route's UploadSpec: files stream to temporary files within their limits
 * and are checked by content; the `data` JSON part and plain fields become the body the route's schema
 * validates. Throws 400/413 (AppError) at the first broken rule; files received so far are in `batch`.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  spec: UploadSpec,
  batch: UploadBatch,
): Promise<Record<string, unknown>> {
  const rules = Object.entries(spec.files);
  const maxFiles = rules.reduce((n, [, r]) => n + (r.maxFiles ?? 1), 0);
  const largest = Math.max(...rules.map(([, r]) => r.maxBytes));
  const maxTotal = spec.maxTotalBytes ?? rules.reduce((n, [, r]) => n + (r.maxFiles ?? 1) * r.maxBytes, 0);
  const fields: Record<string, unknown> = {};
  const perField = new Map<string, number>();
  let total = 0;
  try {
    // busboy's own limits sit just above ours, so ours (with their messages) trigger first.
    const limits = { ...FIELD_LIMITS, files: maxFiles + 1, fileSize: largest + 1, parts: maxFiles + FIELD_LIMITS.fields + 1 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        if (!rule)
          throw badRequest(`Unexpected file field "${part.fieldname}"`, { [part.fieldname]: 'No file is expected here' });
        const count = (perField.get(part.fieldname) ?? 0) + 1;
        perField.set(part.fieldname, count);
        if (count > (rule.maxFiles ?? 1)) {
          const message = rule.tooMany ?? `At most ${rule.maxFiles ?? 1} files: ${rule.label}`;
          throw badRequest(message, { [part.fieldname]: message });
        }
        const fileName = part.filename || 'file';
        const tempPath = await batch.tempFile();
        const entry: ReceivedFile = { field: part.fieldname, fileName, size: 0, kind: 'pdf', tempPath };
        batch.received.push(entry);
        await pipeline(
          part.file,
          byteLimit((n) => {
            entry.size += n;
            total += n;
            if (entry.size > rule.maxBytes)
              return tooLarge(`${rule.label} "${fileName}" is too large (max ${maxMb(rule.maxBytes)})`);
            if (total > maxTotal) return tooLarge(`The files are too large together (max ${maxMb(maxTotal)})`);
            return null;
          }),
          fs.createWriteStream(tempPath, { flags: 'wx' }),
        );
        // A file input left empty still sends a part: no name, no bytes. It is not a file.
        if (entry.size === 0 && !part.filename) {
          batch.received.pop();
          perField.set(part.fieldname, count - 1);
          await fsp.rm(tempPath, { force: true });
          continue;
        }
        const kind = await detectFileKind(tempPath, fileName);
        if (!kind || !rule.kinds.includes(kind)) {
          throw badRequest(`${rule.label} "${fileName}" must be one of: ${kindLabel(rule.kinds)}`, {
            [part.fieldname]: `Allowed file types: ${kindLabel(rule.kinds)}`,
          });
        }
        entry.kind = kind;
      } else if (part.fieldname === 'data') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value), refuseProtoKeys);
        } catch (err) {
          throw err instanceof AppError ? err : badRequest('The data part must be valid JSON');
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          throw badRequest('The data part must be a JSON object');
        Object.assign(fields, parsed);
      } else {
        refuseProtoKeys(part.fieldname, part.value);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err, maxFiles);
  }
  return fields;
}

/** Whatever the multipart parser throws is about the request: a 413 for its limits, else 400. */
function multipartError(err: unknown, maxFiles: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return tooLarge(`Too many files (max ${maxFiles})`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('Too many form fields');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('File is too large');
  // busboy's plain Errors too (e.g. "Multipart: Boundary not found"): the body is unreadable.
  return badRequest('Invalid multipart request');
}

/** After a refused upload the rest of the body is not worth reading: close the connection after the reply. */
export function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close');
}
