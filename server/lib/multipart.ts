import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge } from './errors';
import type { IncomingFile } from '../services/uploads';

export interface ParsedBody {
  /** JSON body, or the multipart `data` JSON part merged with plain text fields */
  fields: Record<string, unknown>;
  files: IncomingFile[];
}

/** Upper bound for one uploaded file at the transport level; each route checks its own tighter limit. */
export const MAX_MULTIPART_FILE = 10 * 1024 * 1024;

/**
 * The rule Fastify's JSON body parser applies (onProtoPoisoning/onConstructorPoisoning 'error'), for the
 * multipart `data` part and field names too: `{"__proto__":{"isActive":false}}` merged into the fields
 * would otherwise become their prototype, and the schema would read isActive from it.
 */
function refuseProtoKeys(key: string, value: unknown): unknown {
  const constructorPrototype = key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value;
  if (key === '__proto__' || constructorPrototype) throw badRequest('The request body has a forbidden property name');
  return value;
}

/**
 * Reads a JSON or multipart/form-data body the way the console sends it (spec §7: a `data` part
 * holding JSON plus file parts, or plain fields). Files are buffered (they are small and checked
 * by content before being written).
 */
export async function readBody(request: FastifyRequest): Promise<ParsedBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body != null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest('Invalid request body');
    return { fields: (body as Record<string, unknown>) ?? {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_MULTIPART_FILE, files: 20, fields: 60 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, fileName: part.filename || 'file', buffer });
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
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('File is too large (max 10 MB)');
    // Whatever else the parser throws is about the request (busboy's plain Errors too, e.g.
    // "Multipart: Boundary not found" for a content-type without a boundary): the body is unreadable.
    throw badRequest('Invalid multipart request');
  }
  return { fields, files };
}
