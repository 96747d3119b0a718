import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, isUniqueViolation } from './errors';
import { fieldErrors } from '@domain/validation';

/*
 * The one error handler: every failure leaves as `{ success: false, message, errors? }` with a
 * precise status; user input never produces a 500, and a 500 never shows internals.
 */

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
/**
 * PostgreSQL refusing a value itself: NUL or untranslatable characters in text, a number out of range,
 * text that is no value of the column's type (a number the driver sent as '1e+308' for an integer).
 */
function isRejectedValue(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '22021' || code === '22P05' || code === '22003' || code === '22P02';
}

/** Fastify's own request errors, in words a client can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
};

/** A route schema's issues → `{ field: first message }` (dotted paths, '_' for the whole value). */
function schemaFieldErrors(validation: Array<{ instancePath: string; message?: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of validation) {
    const key = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
    if (!(key in out)) out[key] = issue.message ?? 'Invalid input';
  }
  return out;
}

export function errorHandler(err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.status(err.statusCode).send({ success: false, message: err.message, errors: err.errors });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = schemaFieldErrors(err.validation);
    const first = Object.values(errors)[0] ?? 'Invalid input';
    // A path that names no record (/schools/abc) is not found, like an unknown id.
    if (err.validationContext === 'params') return reply.status(404).send({ success: false, message: first });
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const custom = err.validationContext === 'body' ? request.routeOptions.config.validationMessage?.(body, errors) : undefined;
    return reply.status(400).send({ success: false, message: custom ?? first, errors });
  }
  if (err instanceof ZodError) {
    const errors = fieldErrors(err);
    return reply.status(400).send({ success: false, message: Object.values(errors)[0] ?? 'Invalid input', errors });
  }
  if (isUniqueViolation(err)) {
    return reply.status(409).send({ success: false, message: 'A record with these details already exists' });
  }
  if (isForeignKeyViolation(err)) {
    return reply.status(400).send({ success: false, message: 'A referenced record does not exist' });
  }
  if (isRejectedValue(err)) {
    return reply.status(400).send({ success: false, message: 'The request has text or numbers that cannot be stored' });
  }
  const { code } = err as FastifyError;
  if (code === 'FST_UNDER_PRESSURE') {
    return reply.status(503).send({ success: false, message: 'The server is busy. Please try again in a moment.' });
  }
  const fastifyMessage = code ? FASTIFY_MESSAGES[code] : undefined;
  if (fastifyMessage)
    return reply.status((err as FastifyError).statusCode ?? 400).send({ success: false, message: fastifyMessage });
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(err)) {
    const message =
      (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.message.includes('JSON')
        ? 'Malformed JSON body'
        : err.message;
    return reply.status(status).send({ success: false, message });
  }
  // A reply that does not match its declared schema is our bug: logged in full, answered without internals.
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ success: false, message: 'Something went wrong on our side. Please try again.' });
}

/** What Node's HTTP layer refuses before Fastify has a request, as status and message (else 400). */
const CONNECTION_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive within the time allowed'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler`: a connection whose request never became one (not whole within
 * REQUEST_TIMEOUT_MS, e.g. an upload trickling in; headers too large; not HTTP). There is no reply object,
 * so the answer is written on the socket as Fastify's default does, but in the one failure shape (the
 * default sends `{ error, message, statusCode }`), and the connection is closed.
 */
export function connectionErrorHandler(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CONNECTION_ERRORS[err.code ?? ''] ?? [400, 'Malformed request'];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
