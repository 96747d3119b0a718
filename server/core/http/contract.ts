import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors';
import { closeAfterReply, receiveMultipart, UploadBatch, type UploadSpec } from '../uploads/upload-pipeline';

/*
 * The API's contract (docs/CONVENTIONS.md "Declaring a route"): route schemas are zod schemas
 * (validated and serialised by fastify-type-provider-zod), a route reads only the content types it is
 * for, and routes that take files get them through the one upload pipeline.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes files (multipart/form-data); see server/core/uploads/upload-pipeline.ts. */
    upload?: UploadSpec;
    /**
     * The top `message` of a 400 for an invalid body when it is not simply the first field's message
     * (e.g. 'Please fill in all required fields'); `errors` keeps every field's message.
     */
    validationMessage?: (body: Record<string, unknown>, errors: Record<string, string>) => string | undefined;
  }
  interface FastifyRequest {
    /** The checked files of an upload route (empty for a JSON body); null on other routes. */
    upload: UploadBatch;
  }
}

const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';

const mediaType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
export const hasBody = (request: FastifyRequest) =>
  request.headers['content-type'] !== undefined ||
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

async function finishUpload(request: FastifyRequest, reply: FastifyReply) {
  await request.upload?.finish(reply.statusCode < 400);
}

/**
 * Replies are written by fast-json-stringify from the JSON Schema of the route's zod response schema: it writes
 * only the declared properties of an object, so an undeclared column never leaves the server, and it is as fast
 * as JSON.stringify (zod's own encode costs several times more per reply: docs/benchmarks.md). Response
 * schemas therefore hold no transforms. `additionalProperties: false` is left out: fast-json-stringify would
 * then refuse (500) a nullable object that has extra columns instead of leaving them out.
 */
export function compileReplySerializer({ schema }: { schema: unknown }) {
  const json = z.toJSONSchema(schema as z.ZodType, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: (ctx) => {
      const json = ctx.jsonSchema as Record<string, unknown>;
      if (json.additionalProperties === false) delete json.additionalProperties;
      // X | null as `type: [x, 'null']`: fast-json-stringify checks a type list inline, an anyOf with a validator.
      const anyOf = json.anyOf as Array<Record<string, unknown>> | undefined;
      const other = anyOf?.length === 2 ? anyOf.find((s) => s.type !== 'null') : undefined;
      if (other && anyOf!.some((s) => s.type === 'null') && typeof other.type === 'string') {
        delete json.anyOf;
        Object.assign(json, other, { type: [other.type, 'null'] });
      }
    },
  });
  return fastJson(json as object);
}

/** A route option that takes one hook or a list of them, as a list. */
const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

export const contractPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileReplySerializer);
  // Temporary files live beside the upload folder (same file system, so storing is a rename), never under it.
  const tempDir = path.join(path.dirname(app.config.uploadDir), '.incoming-uploads');

  app.decorateRequest('upload', null as unknown as UploadBatch);

  // The two hooks every request passes are callback hooks (no promise and no extra tick per request).
  // API replies are personal or change at any moment: no browser or proxy keeps a copy.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  // Before the body is read: a route takes JSON, or (when it declares files) multipart too. 415 otherwise.
  // Global, not per route: a body sent to an unknown /api URL is refused the same way.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/') || !hasBody(request)) return done(null, payload);
    const upload = request.routeOptions.config.upload;
    const type = mediaType(request);
    if (type === JSON_TYPE || (upload && type === MULTIPART_TYPE)) return done(null, payload);
    closeAfterReply(reply);
    done(
      new AppError(415, upload ? `Send the request as ${MULTIPART_TYPE} or ${JSON_TYPE}` : `Send the request as ${JSON_TYPE}`),
    );
  });

  // The upload pipeline's hooks go on the routes that declare files, and only there: the other requests
  // (every list and page of the console) do not pass through four hooks that would do nothing for them.
  app.addHook('onRoute', (route) => {
    const upload = route.config?.upload;
    if (!upload) return;
    const receive = async (request: FastifyRequest, reply: FastifyReply) => {
      request.upload = new UploadBatch(app.uploads, tempDir);
      if (!request.isMultipart()) return;
      try {
        request.body = await receiveMultipart(request, upload, request.upload);
      } catch (err) {
        // The rest of the body (maybe a large file) is not read: the connection closes after the reply.
        closeAfterReply(reply);
        throw err;
      }
    };
    // Commit or roll back the request's files before the reply leaves (a test, or the next request, sees the result).
    const finishBeforeReply = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      await finishUpload(request, reply);
      return payload;
    };
    const abandon = async (request: FastifyRequest) => {
      await request.upload?.finish(false);
    };
    route.preValidation = [receive, ...hookList(route.preValidation)];
    route.onSend = [finishBeforeReply, ...hookList(route.onSend)];
    // A request whose reply never got as far as onSend (client gone) still leaves nothing behind.
    route.onResponse = [finishUpload, ...hookList(route.onResponse)];
    route.onRequestAbort = [abandon, ...hookList(route.onRequestAbort)];
  });
});
