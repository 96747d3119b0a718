import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_DOCS_MESSAGES } from '@core/http/openapi';
import { as, createTestApp, loginSuperAdmin, WANT_TOKEN } from '../../helpers/app';
import { PUBLIC_ROUTES } from '../../helpers/audit-app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';

/*
 * The OpenAPI 3.1 document at GET /api/openapi.json is valid, lists every API route with a
 * summary, its security and its error responses, has the sign-in example, and /api/docs shows it.
 * API_DOCS=0 turns both off. Both are for staff (a super admin's or school admin's session) unless
 * PUBLIC_API_DOCS=1.
 */

const routes: RouteOptions[] = [];
const t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
const off = await createTestApp({ apiDocs: false });
const open = await createTestApp({ publicApiDocs: true });
afterAll(async () => {
  await t.close();
  await off.close();
  await open.close();
});
const root = await loginSuperAdmin(t.app);
const asRoot = as(root);

type Operation = { summary?: string; security?: unknown[]; responses: Record<string, unknown>; requestBody?: unknown };
const docRes = await asRoot(t.app, { method: 'GET', url: '/api/openapi.json' });
const doc = docRes.json() as { openapi: string; paths: Record<string, Record<string, Operation>>; security: unknown[] };

const isDocsRoute = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
const apiOperations = routes
  .filter((r) => r.url.startsWith('/api/') && !isDocsRoute(r.url))
  .flatMap((r) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD')
      .map((method) => ({ method, url: r.url })),
  );
/** Fastify's /a/:id → OpenAPI's /a/{id} */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(docRes.statusCode).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route with a summary and its error responses', () => {
    expect(apiOperations.length).toBeGreaterThan(30);
    const problems = apiOperations.flatMap(({ method, url }) => {
      const op = operation(method, url);
      if (!op) return [`${method} ${url} is missing`];
      const out: string[] = [];
      if (!op.summary) out.push(`${method} ${url} has no summary`);
      if (!Object.keys(op.responses).some((code) => code.startsWith('2'))) out.push(`${method} ${url} has no success response`);
      if (!op.responses['500']) out.push(`${method} ${url} lists no error response`);
      if (url.includes(':') && !op.responses['404']) out.push(`${method} ${url} lists no 404`);
      return out;
    });
    expect(problems).toEqual([]);
    // …and nothing that is not an API route.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(apiOperations.map(({ method, url }) => `${method} ${openapiPath(url)}`).sort());
  });

  it('secures every operation with the bearer token except the public calls', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { method, url } of apiOperations) {
      const op = operation(method, url)!;
      const isPublic = PUBLIC_ROUTES.has(`${method} ${url}`) || PUBLIC_ROUTES.has(`${method} ${url}/`);
      expect(op.security, `${method} ${url}`).toEqual(isPublic ? [] : undefined);
      if (!isPublic) expect(op.responses['401'], `${method} ${url}`).toBeDefined();
    }
  });

  it('shows an integrator how to sign in', () => {
    const login = operation('POST', '/api/super-admin/login')!;
    const body = JSON.stringify(login.requestBody);
    expect(body).toContain('superadmin@example.com');
    expect(JSON.stringify(login.responses['200'])).toContain('"token"');
    expect(JSON.stringify(login.responses['200'])).toContain('SUPER_ADMIN');
  });

  it('shows a reader integrator both tap bodies: one tap or a batch of up to 500, with examples', () => {
    const taps = operation('POST', '/api/rfid/taps')! as {
      requestBody: { content: { 'application/json': { schema: { anyOf: Record<string, unknown>[] } } } };
    };
    const [one, batch] = taps.requestBody.content['application/json'].schema.anyOf as [
      { required: string[]; examples: unknown[] },
      { properties: { events: { maxItems: number } }; examples: unknown[] },
    ];
    expect(one.required).toEqual(['eventId', 'cardUid', 'tappedAt']);
    expect(batch.properties.events.maxItems).toBe(500);
    expect(one.examples).toHaveLength(1);
    expect(batch.examples).toHaveLength(1);
  });

  it('documents the file fields of upload routes as multipart', () => {
    const create = operation('POST', '/api/super-admin/schools')! as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> };
    };
    expect(Object.keys(create.requestBody.content)).toEqual(['multipart/form-data', 'application/json']);
    expect(create.requestBody.content['multipart/form-data']!.schema.properties.logo!.format).toBe('binary');
  });

  it('serves the reference page at /api/docs under the site CSP', async () => {
    const page = await asRoot(t.app, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    // Its scripts are files of this site, which the policy allows.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await asRoot(t.app, { method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });

  it('is for staff: no session is 401 (the page sends a browser to /login), a learner is 403, a school admin reads it', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: API_DOCS_MESSAGES.signIn });
    expect(anonymous.headers['content-type']).toMatch(/application\/json/);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/login');
    // The page's own copies of the document and its files are behind the same door.
    for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(302);

    const schoolId = (await createSchool(t.app, root)).id;
    const learner = await createStudent(t.app, root, schoolId);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      headers: WANT_TOKEN,
      payload: { email: learner.email, password: 'Mango-Lantern-58' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const asLearner = as(login.json().data.token);
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/json']) {
      const res = await asLearner(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(API_DOCS_MESSAGES.staffOnly);
    }

    const admin = as((await signedInAdmin(t.app, schoolId, [])).token);
    const doc = await admin(t.app, { method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect((await admin(t.app, { method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });

  it('is open to anyone with PUBLIC_API_DOCS=1', async () => {
    const doc = await open.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    const page = await open.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('is off with API_DOCS=0', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
  });

  it('names the permission of every school-admin route', () => {
    const admin = routes.filter((r) => r.url.startsWith('/api/admin/') && !/\/(login|logout)$/.test(r.url));
    expect(admin.length).toBeGreaterThan(20);
    for (const r of admin) {
      const permission = (r.config as { permission?: string }).permission;
      for (const method of [r.method].flat().filter((m) => m !== 'HEAD')) {
        const op = operation(method, r.url) as Operation & { 'x-permission'?: string; description?: string; tags?: string[] };
        expect(op['x-permission'], `${method} ${r.url}`).toBe(permission);
        expect(op.tags, `${method} ${r.url}`).toEqual(['School admin']);
        expect(op.description, `${method} ${r.url}`).toContain(permission === 'OWN_ACCOUNT' ? 'their own account' : permission);
      }
    }
  });
});
