import type { RoutePermission } from '@domain/admins/console';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiFailureSchema } from '@domain/api';
import type { Role } from '@domain/auth/roles';
import type { UploadSpec } from '../uploads/upload-pipeline';

/*
 * The OpenAPI 3.1 document generated from the routes' zod schemas (GET /api/openapi.json) and its
 * reference page (/api/docs, Swagger UI). On by default; API_DOCS=0 leaves both out. Every operation is
 * secured by the bearer session token unless its route declares `security: []` (the public calls).
 *
 * Both are for staff: the map of every route and field helps an attacker more than a visitor. Without a
 * session the document answers 401 and the page sends the browser to /login; a learner's session is 403.
 * PUBLIC_API_DOCS=1 opens both to anyone (a public integration sandbox).
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export const API_DOCS_MESSAGES = {
  signIn: 'Sign in as a super admin or school admin to read the API documentation',
  staffOnly: 'The API documentation is for super admins and school admins',
} as const;
const STAFF: ReadonlySet<Role> = new Set<Role>(['SUPER_ADMIN', 'ADMIN']);

const failure = z.toJSONSchema(apiFailureSchema, { target: 'draft-2020-12' });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: failure } } });

/** The failures an operation can answer, from what it takes (every one has the shape). */
function errorResponses(route: RouteOptions, secured: boolean, schema: Record<string, unknown>) {
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(String(route.method)) && schema.body !== undefined;
  const out: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params)
    out[400] = errorResponse('Invalid input: `message` and `errors` by field');
  if (secured) {
    out[401] = errorResponse('No session, or it expired or was revoked');
    const permission = (route.config as { permission?: string } | undefined)?.permission;
    out[403] = errorResponse(
      !permission
        ? 'The session is not a super admin’s'
        : permission === 'OWN_ACCOUNT'
          ? 'The session is not a school admin’s'
          : `The session is not a school admin’s, or the admin lacks ${permission} (“You do not have permission to …”), or has no school`,
    );
  }
  if (schema.params) out[404] = errorResponse('No such record (or, for a school admin, another school’s)');
  if (takesBody) {
    out[409] = errorResponse('Conflicts with an existing record (a duplicate)');
    out[413] = errorResponse('The body or a file is too large');
    out[415] = errorResponse('Content type not accepted by this route');
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) out[429] = errorResponse('Rate limited');
  out[500] = errorResponse('Unexpected server error (no internals)');
  return out;
}

/** Multipart routes: the body may also come as multipart/form-data with these file fields. */
function describeUpload(body: Record<string, unknown>, upload: UploadSpec) {
  const properties = { ...((body.properties as Record<string, unknown>) ?? {}) };
  for (const [field, rule] of Object.entries(upload.files)) {
    const file = {
      type: 'string',
      format: 'binary',
      description: `${rule.label}: ${rule.kinds.join(', ')} (checked by content)`,
    };
    properties[field] = (rule.maxFiles ?? 1) > 1 ? { type: 'array', items: file, maxItems: rule.maxFiles } : file;
  }
  return { ...body, properties };
}

/*
 * The document: 401 without a session, 403 for a session that is not staff (request.auth, however it came).
 * These routes are registered before the app's error handler, so the hooks answer in the API's failure shape
 * themselves.
 */
async function staffOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return reply.code(401).send({ success: false, message: API_DOCS_MESSAGES.signIn });
  if (!STAFF.has(request.auth.role)) return reply.code(403).send({ success: false, message: API_DOCS_MESSAGES.staffOnly });
}

/** The page and its files: a browser without a session goes to the sign-in page; other sessions as above. */
async function staffPage(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return reply.redirect('/login', 302);
  return staffOnly(request, reply);
}

export const openapiPlugin = fp(async (app: FastifyInstance, { open }: { open: boolean }) => {
  const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Upgraded Solutions platform API',
        version: '1.0.0',
        description:
          'Replies are `{ success: true, data, message? }`; failures `{ success: false, message, errors?: { field: message } }`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The token a sign-in route (POST /api/super-admin/login; for /api/admin routes POST /api/admin/login) returns in ' +
              'data.token when asked with the header X-Session-Token: bearer (without it a browser gets HttpOnly cookies instead)',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: false,
    transform: (doc) => {
      const { route } = doc;
      if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX) || route.url === OPENAPI_PATH) {
        return { schema: { ...(doc.schema ?? {}), hide: true }, url: doc.url };
      }
      const out = zodTransform(doc) as { schema: Record<string, unknown>; url: string };
      const schema = out.schema;
      const secured = !Array.isArray(schema.security) || (schema.security as unknown[]).length > 0;
      schema.response = {
        ...errorResponses(route, secured, doc.schema as Record<string, unknown>),
        ...(schema.response as object),
      };
      // zod drops the examples of an input schema that holds a transform; carry them over by hand.
      const bodyMeta = doc.schema?.body ? z.globalRegistry.get(doc.schema.body as z.ZodType) : undefined;
      if (bodyMeta?.examples && schema.body) schema.body = { ...(schema.body as object), examples: bodyMeta.examples };
      // A body parsed by hand (a transform over unknown) names the schema integrators should read.
      if (bodyMeta?.openapiBody instanceof z.ZodType) {
        const { $schema: _drop, ...body } = z.toJSONSchema(bodyMeta.openapiBody, { io: 'input' });
        schema.body = body;
      }
      // A school-admin route names the permission it demands, for integrators and the console's authors.
      const permission = (route.config as { permission?: RoutePermission } | undefined)?.permission;
      if (permission) {
        schema['x-permission'] = permission;
        const needs =
          permission === 'OWN_ACCOUNT'
            ? 'Any signed-in school admin (their own account).'
            : `Requires the ${permission} permission; answers for the admin's own school only (another school's record is 404).`;
        schema.description = schema.description ? `${String(schema.description)}\n\n${needs}` : needs;
        schema.tags = ['School admin'];
      }
      const upload = (route.config as { upload?: UploadSpec } | undefined)?.upload;
      if (upload && schema.body) {
        schema.body = describeUpload(schema.body as Record<string, unknown>, upload);
        schema.consumes = ['multipart/form-data', 'application/json'];
      }
      return out;
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true }, onRequest: open ? [] : [staffOnly] }, async () => app.swagger());

  // Swagger UI's page loads its own script and style files from /api/docs/static: the site's CSP allows them.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true },
    ...(open ? {} : { uiHooks: { onRequest: staffPage } }),
  });
});
