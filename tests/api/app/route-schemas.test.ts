import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { createTestApp } from '../../helpers/app';
import { compileReplySerializer } from '@core/http/contract';
import { apiSuccess } from '@domain/api';
import { adminSchema } from '@domain/admins';
import { DOCS_PREFIX, OPENAPI_PATH } from '@core/http/openapi';

/*
 * Every API route declares its contract (docs/CONVENTIONS.md "Declaring a route"): zod schemas for its
 * path params, its body (when it takes one) and its success reply. The route table is collected with the
 * app's onRoute hook, so a route added anywhere without schemas fails here.
 */

const routes: RouteOptions[] = [];
const t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
afterAll(() => t.close());

/** Routes that take no body at all (nothing to declare). */
const NO_BODY = new Set([
  'POST /api/super-admin/logout',
  'POST /api/student/logout',
  'POST /api/student/messenger/links',
  'POST /api/super-admin/archived-students/:id/restore',
  'POST /api/admin/logout',
  'POST /api/admin/archived-students/:id/restore',
  'POST /api/super-admin/facebook-pages/:id/test',
  'POST /api/super-admin/rfid-readers/:id/rotate-token',
  'POST /api/admin/facebook-pages/:id/test',
  'POST /api/admin/rfid-readers/:id/rotate-token',
  'POST /api/super-admin/rfid-readers/:id/pairing-code',
  'POST /api/admin/rfid-readers/:id/pairing-code',
  'POST /api/super-admin/rfid-readers/:id/unpair',
  'POST /api/admin/rfid-readers/:id/unpair',
  'POST /api/super-admin/students/:id/messenger-opt-in/links',
  'POST /api/admin/students/:id/messenger-opt-in/links',
  'POST /api/super-admin/sms-history/:id/resend',
  'POST /api/super-admin/sms-history/:id/dismiss',
  'POST /api/super-admin/students/:id/reset-slip',
  'POST /api/admin/students/:id/reset-slip',
  'POST /api/super-admin/admins/:id/reset-slip',
  'POST /api/super-admin/students/:id/password-slip',
  'POST /api/admin/students/:id/password-slip',
  'POST /api/super-admin/schools/:id/school-year/rollovers/:rolloverId/undo',
  'POST /api/admin/schools/:id/school-year/rollovers/:rolloverId/undo',
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
  // The OpenAPI document and its reference page describe the API; they are not part of it.
  const api = routes.filter((r) => r.url.startsWith('/api/') && r.url !== OPENAPI_PATH && !r.url.startsWith(DOCS_PREFIX));
  const entries = api.flatMap((r) =>
    methods(r)
      .filter((m) => m !== 'HEAD')
      .map((m) => ({ r, m, key: `${m} ${r.url}` })),
  );

  it('finds the route table', () => {
    expect(entries.length).toBeGreaterThan(30);
  });

  it('names what a route without schemas lacks', () => {
    const bare = { method: 'POST', url: '/api/super-admin/things/:id', handler: () => null } as RouteOptions;
    expect(missing(bare, 'POST')).toEqual([
      'a zod response schema for its 2xx reply',
      'a zod params schema',
      'a zod body schema',
    ]);
    const jsonSchema = { ...bare, schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } } as RouteOptions;
    expect(missing(jsonSchema, 'POST')).toContain('body declared as something other than zod');
  });

  it('has params, body and response schemas on every route', () => {
    const problems = entries.flatMap(({ r, m, key }) => missing(r, m).map((what) => `${key} lacks ${what}`));
    expect(problems).toEqual([]);
  });
});

describe('replies are written from their response schema', () => {
  it('drops every column the schema does not declare, at any depth', () => {
    const serialize = compileReplySerializer({ schema: apiSuccess(z.array(adminSchema)) });
    const admin = {
      id: 7,
      email: 'a@school.ph',
      firstName: 'Ana',
      lastName: 'Cruz',
      phoneNumber: null,
      employeeId: 'E-7',
      department: null,
      position: null,
      permissions: { VIEW_STUDENTS: true },
      profilePictureUrl: null,
      schoolId: 3,
      school: { name: 'Central', acronym: 'CS', contractAmount: 5000 },
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      passwordHash: 'scrypt$secret',
      tokenHash: 'abc',
    };
    const sent = JSON.parse(serialize({ success: true, data: [admin], internal: 1 }) as string);
    const { passwordHash: _hash, tokenHash: _token, ...declared } = admin;
    expect(sent).toEqual({ success: true, data: [{ ...declared, school: { name: 'Central', acronym: 'CS' } }] });
  });
});
