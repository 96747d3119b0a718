import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { createTestApp } from '../helpers/app';

/*
 * Every API route declares its contract (docs/CONVENTIONS.md "Declaring a route"): zod schemas for its
 * path params, its body (when it takes one) and its success reply. The route table is collected with the
 * app's onRoute hook, so a route added anywhere without schemas fails here.
 */

const routes: RouteOptions[] = [];
const t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
afterAll(() => t.close());

/** Routes that take no body at all (nothing to declare). */
const NO_BODY = new Set(['POST /api/super-admin/logout', 'POST /api/super-admin/rfid-readers/:id/rotate-token']);

/** Routes still reading their input by hand; issue #9 empties this list. */
const PENDING = new Set<string>([
  'GET /api/health',
  'GET /api/inquiries/systems',
  'POST /api/inquiries/',
  'POST /api/inquiries/orders',
  'GET /api/inquiries/',
  'GET /api/inquiries/:id',
  'DELETE /api/inquiries/:id',
  'GET /api/super-admin/profile',
  'PATCH /api/super-admin/profile',
  'GET /api/super-admin/dashboard-stats',
  'GET /api/super-admin/schools',
  'POST /api/super-admin/schools',
  'GET /api/super-admin/schools/:id',
  'PATCH /api/super-admin/schools/:id',
  'GET /api/super-admin/schools/:id/contract-files',
  'POST /api/super-admin/schools/:id/contract-files',
  'DELETE /api/super-admin/contract-files/:fileId',
  'GET /api/super-admin/systems',
  'GET /api/super-admin/systems/:id',
  'POST /api/super-admin/systems',
  'PUT /api/super-admin/systems/:id',
  'DELETE /api/super-admin/systems/:id',
  'DELETE /api/super-admin/systems/:id/images/:imageName',
  'GET /api/super-admin/orders',
  'PATCH /api/super-admin/orders/:id/status',
  'POST /api/super-admin/register-admin',
  'GET /api/super-admin/admins',
  'GET /api/super-admin/admins/:id',
  'PATCH /api/super-admin/admins/:id',
  'DELETE /api/super-admin/admins/:id',
  'PATCH /api/super-admin/admins/:id/permissions',
  'GET /api/super-admin/permissions',
  'POST /api/super-admin/permissions/sync',
  'GET /api/super-admin/system-logs',
  'GET /api/super-admin/system-logs/filters',
]);

const isZod = (v: unknown) => v instanceof z.ZodType;
const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);

/** What a route lacks; [] when its contract is complete. */
function missing(r: RouteOptions, method: string): string[] {
  const schema = (r.schema ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const success = Object.entries(response).filter(([code]) => /^2\d\d$/.test(code));
  if (success.length === 0 || !success.every(([, s]) => isZod(s))) out.push('a zod response schema for its 2xx reply');
  if (r.url.includes(':') && !isZod(schema.params)) out.push('a zod params schema');
  const key = `${method} ${r.url}`;
  if (['POST', 'PUT', 'PATCH'].includes(method) && !NO_BODY.has(key) && !isZod(schema.body)) out.push('a zod body schema');
  for (const part of ['querystring', 'body', 'params'] as const) {
    if (schema[part] !== undefined && !isZod(schema[part])) out.push(`${part} declared as something other than zod`);
  }
  return out;
}

describe('every API route declares its schemas', () => {
  const api = routes.filter((r) => r.url.startsWith('/api/'));
  const entries = api.flatMap((r) =>
    methods(r)
      .filter((m) => m !== 'HEAD')
      .map((m) => ({ r, m, key: `${m} ${r.url}` })),
  );

  it('finds the route table', () => {
    expect(entries.length).toBeGreaterThan(30);
  });

  it('has params, body and response schemas on every route', () => {
    const problems = entries
      .filter(({ key }) => !PENDING.has(key))
      .flatMap(({ r, m, key }) => missing(r, m).map((what) => `${key} lacks ${what}`));
    expect(problems).toEqual([]);
  });

  it('lists no route as pending that is complete or gone', () => {
    const byKey = new Map(entries.map((e) => [e.key, e]));
    const stale = [...PENDING].filter((key) => !byKey.has(key) || missing(byKey.get(key)!.r, byKey.get(key)!.m).length === 0);
    expect(stale).toEqual([]);
  });
});
