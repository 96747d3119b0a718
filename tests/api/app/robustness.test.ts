import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { dbKind, multipart } from '../../helpers/app';
import { MASK } from '@shared/secrets';
import {
  ADMIN_OWN_ROUTES,
  DEVICE_ROUTES,
  isStudentRoute,
  NON_API_ROUTES,
  PUBLIC_ROUTES,
  routeKey,
  startAuditApp,
  type AuditRoute,
  type Snapshot,
} from '../../helpers/audit-app';
import {
  fillUrl,
  HUGE,
  hostileCases,
  MUTATIONS,
  PAYLOAD_SECRETS,
  READ_QUERY,
  REVEAL_ROUTES,
  validRequest,
  type Case,
  type MutationSpec,
} from '../../helpers/audit-cases';

/*
 * Robustness and access audit of EVERY route the app registers (collected with an onRoute hook, so a
 * new route cannot escape): sessions of each role, hostile ids/queries/bodies (never a 5xx; a 4xx has
 * the failure shape and wrote nothing: no row, no file, no log entry but LOGIN_FAILED), one valid call
 * per mutation route (a system-log entry is written) and no secret in any response or log entry.
 */

const audit = await startAuditApp();
afterAll(() => audit.close());

const unique = new Map(audit.routes.map((r) => [routeKey(r), r]));
const allRoutes = [...unique.values()];
const apiRoutes = allRoutes.filter((r) => r.url.startsWith('/api/') && !DEVICE_ROUTES.has(routeKey(r)));
const isRead = (r: AuditRoute) => r.method === 'GET' || r.method === 'HEAD';
/** A request taking longer than this is a denial-of-service risk (e.g. a backtracking pattern). */
const SLOW_MS = 2000;
const SECRET_KEYS = /^(password|passwordHash|newPassword|currentPassword|tokenHash|apiKey|accessToken)$/i;
const secrets = [...audit.secrets, ...PAYLOAD_SECRETS];

async function tokenFor(spec: MutationSpec | undefined, route?: AuditRoute): Promise<string | null> {
  if (spec?.session === 'none') return null;
  // The student portal's routes act for the learner of the session.
  if (spec?.session === 'learner' || (route && isStudentRoute(routeKey(route)))) return (await audit.learner()).token;
  // The school-admin console's routes are called by the admin of the fixtures' school.
  if (spec?.session === 'schoolAdmin' || (!spec && route?.url.startsWith('/api/admin/'))) return audit.schoolAdmin();
  if (spec?.session === 'throwaway') return audit.superSession();
  if (spec?.session === 'other') return (await audit.otherSuperAdmin()).token;
  return audit.token;
}

/** 4xx answers have the API's failure shape. */
function shapeProblems(res: LightMyRequestResponse, method: string): string[] {
  if (res.statusCode < 400 || method === 'HEAD') return [];
  try {
    const body = res.json() as { success?: unknown; message?: unknown };
    if (body.success === false && typeof body.message === 'string' && body.message.trim()) return [];
  } catch {
    // not JSON
  }
  return [`${res.statusCode} without {success:false,message}: ${res.body.slice(0, 150)}`];
}

/** No raw secret, password hash or secret-named field (the `errors` map names fields, it holds messages). */
function secretProblems(text: string, fieldNames = true): string[] {
  const out = secrets.filter((s) => text.includes(s)).map((s) => `contains the secret ${s.slice(0, 6)}…`);
  if (text.includes('scrypt$')) out.push('contains a password hash');
  if (!fieldNames) return out;
  const walk = (value: unknown, path: string): void => {
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (path === '' && k === 'errors') continue;
      // A secret field may only carry its mask (device API keys and page tokens are listed masked).
      if (SECRET_KEYS.test(k) && v !== '[REDACTED]' && !(typeof v === 'string' && v.startsWith(MASK)))
        out.push(`has a ${path}${k} field`);
      walk(v, `${path}${k}.`);
    }
  };
  try {
    walk(JSON.parse(text), '');
  } catch {
    // not JSON (CSV export, empty HEAD answer)
  }
  return out;
}

/** A refused mutation changed nothing; an accepted one that changed data wrote a log entry. */
async function dbProblems(before: Snapshot, status: number): Promise<string[]> {
  const out: string[] = [];
  const refused = status >= 400;
  const after = await audit.changes(before);
  const changed = after.tables.filter((name) => name !== 'system_logs');
  if (after.logRewritten) out.push('system_logs lost or changed rows');
  const filesChanged = JSON.stringify(after.uploadsBefore) !== JSON.stringify(after.uploadsAfter);
  if (refused) {
    if (changed.length) out.push(`${status} but changed ${changed.join(', ')}`);
    if (filesChanged)
      out.push(
        `${status} but the uploads dir changed: ${after.uploadsAfter.filter((f) => !after.uploadsBefore.includes(f)).join(', ')}`,
      );
    const unexpected = after.logActions.filter((action) => action !== 'LOGIN_FAILED');
    if (unexpected.length) out.push(`${status} but logged ${unexpected.join(', ')}`);
  } else if ((changed.length || filesChanged) && after.logActions.length === 0) {
    out.push(`${status} changed ${changed.join(', ') || 'uploads'} without a system-log entry`);
  }
  return out;
}

async function check(route: AuditRoute, spec: MutationSpec | undefined, c: Case): Promise<string[]> {
  const fx = isRead(route) ? audit.fx : await audit.ensure();
  const token = await tokenFor(spec, route);
  const opts = c.opts(fx);
  const before = isRead(route) ? null : await audit.snapshot();
  const started = performance.now();
  const res = await audit.send(token, opts);
  const ms = Math.round(performance.now() - started);
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`${res.statusCode}: ${res.body.slice(0, 200)}`);
  if (c.mustFail && res.statusCode < 400) out.push(`accepted with ${res.statusCode}`);
  if (ms > SLOW_MS) out.push(`took ${ms} ms`);
  out.push(
    ...shapeProblems(res, route.method),
    ...(REVEAL_ROUTES.has(routeKey(route)) && res.statusCode < 300 ? [] : secretProblems(res.body)),
  );
  if (before) out.push(...(await dbProblems(before, res.statusCode)));
  return out.map((p) => `${c.label}: ${p}`);
}

describe(`robustness audit of every route (${dbKind})`, () => {
  it('knows every registered route: public list, mutation payloads and non-API routes match the app', () => {
    const keys = allRoutes.map(routeKey);
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !k.split(' ')[1]!.startsWith('/api/') && !NON_API_ROUTES.has(k))).toEqual([]);
    expect([...PUBLIC_ROUTES].filter((k) => !keys.includes(k))).toEqual([]);
    const mutations = apiRoutes.filter((r) => !isRead(r)).map(routeKey);
    expect(Object.keys(MUTATIONS).sort()).toEqual(mutations.sort());
    // every GET has its HEAD twin in the audit
    for (const r of apiRoutes.filter((x) => x.method === 'GET')) expect(keys).toContain(`HEAD ${r.url}`);
  });

  it('journals every table of the database (so "nothing written" means nothing)', async () => {
    expect(audit.tables.length).toBeGreaterThanOrEqual(20);
    expect(audit.tables).toEqual(expect.arrayContaining(['system_logs', 'sessions', 'schools', 'admins', 'sms_devices']));
    // A write the app did not log is seen in any table; the same values written again are no write.
    const before = await audit.snapshot();
    await audit.app.db.updateTable('smsDevices').set({ name: 'Gateway' }).where('id', '=', audit.fx.deviceId).execute();
    expect(await dbProblems(before, 400)).toEqual([]);
    await audit.app.db.updateTable('smsDevices').set({ name: 'Renamed' }).where('id', '=', audit.fx.deviceId).execute();
    expect(await dbProblems(before, 400)).toEqual(['400 but changed sms_devices']);
    await audit.app.db.updateTable('smsDevices').set({ name: 'Gateway' }).where('id', '=', audit.fx.deviceId).execute();
  });

  describe('sessions: none/expired/revoked → 401, other roles → 403 (public routes stay public)', () => {
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    const refusals: Array<[string, () => Record<string, string>, number]> = [
      ['no token', () => ({}), 401],
      ['garbage token', () => headers('not-a-session'), 401],
      ['10 kB token', () => headers('x'.repeat(10_000)), 401],
      [
        'Basic credentials',
        () => ({ authorization: `Basic ${Buffer.from('root@school.test:SuperSecret123').toString('base64')}` }),
        401,
      ],
      ['expired session', () => headers(audit.tokens.expired), 401],
      ['revoked session', () => headers(audit.tokens.revoked), 401],
      ['deactivated admin', () => headers(audit.tokens.inactiveAdmin), 401],
      ['ADMIN session', () => headers(audit.tokens.admin), 403],
      ['STUDENT session', () => headers(audit.tokens.student), 403],
    ];
    // The student portal's routes: a STUDENT session is the valid one, a super admin's is the other role refused.
    const studentRefusals = refusals.map(([label, header, status]): [string, () => Record<string, string>, number] =>
      label === 'STUDENT session' ? ['SUPER_ADMIN session', () => headers(audit.token), 403] : [label, header, status],
    );

    it.each(apiRoutes)('$method $url', async (route) => {
      const fx = await audit.ensure();
      const spec = MUTATIONS[routeKey(route)];
      const opts: InjectOptions = spec
        ? await validRequest(route, spec, fx)
        : { method: route.method as 'GET', url: fillUrl(route.url, fx) + (READ_QUERY[routeKey(route)] ?? '') };
      if (PUBLIC_ROUTES.has(routeKey(route))) {
        const res = await audit.app.inject(opts);
        expect(res.statusCode, res.body).toBe(route.success ?? 200);
        return;
      }
      const problems: string[] = [];
      for (const [label, header, status] of isStudentRoute(routeKey(route)) ? studentRefusals : refusals) {
        // Any school admin may read and change their own account: admin-authz.test.ts has those cells.
        if (label === 'ADMIN session' && ADMIN_OWN_ROUTES.has(routeKey(route))) continue;
        const before = isRead(route) ? null : await audit.snapshot();
        const res = await audit.app.inject({ ...opts, headers: { ...opts.headers, ...header() } });
        if (res.statusCode !== status) problems.push(`${label}: ${res.statusCode} instead of ${status}`);
        problems.push(...shapeProblems(res, route.method).map((p) => `${label}: ${p}`));
        if (before) problems.push(...(await dbProblems(before, status)).map((p) => `${label}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  });

  describe('hostile input as super admin: never 5xx, clear 4xx, nothing written when refused', () => {
    it.each(apiRoutes)(
      '$method $url',
      async (route) => {
        const spec = MUTATIONS[routeKey(route)];
        await audit.ensure();
        const problems: string[] = [];
        for (const c of hostileCases(route, spec)) problems.push(...(await check(route, spec, c)));
        expect(problems).toEqual([]);
      },
      300_000,
    );
  });

  describe('a valid call of every mutation route writes its system-log entry', () => {
    it.each(Object.entries(MUTATIONS))('%s', async (key, spec) => {
      const route = unique.get(key)!;
      const fx = await audit.ensure(true);
      const token = await tokenFor(spec, route);
      const before = await audit.snapshot();
      const res = await audit.send(token, await validRequest(route, spec, fx));
      // The exact success status the route declares (200, or 201 for a create).
      expect(res.statusCode, res.body).toBe(route.success);
      // A reveal sends the stored secret back: that is what it is for (each call is logged).
      if (!REVEAL_ROUTES.has(routeKey(route))) expect(secretProblems(res.body)).toEqual([]);
      const written = await audit.changes(before);
      if (spec.action) expect(written.logActions).toContain(spec.action);
      else expect(written.logActions).toEqual([]);
      expect(await dbProblems(before, res.statusCode)).toEqual([]);
    });
  });

  it('answers a 100 kB backtracking e-mail at once on the public forms and sign-in', async () => {
    // The public forms refuse a body over 16 KB before parsing it (413); sign-in reads it and refuses the e-mail.
    for (const [url, payload, status] of [
      ['/api/super-admin/login', { email: HUGE, password: 'x' }, 400],
      ['/api/inquiries', { email: HUGE, subject: 's', inquiry: 'i' }, 413],
      ['/api/inquiries/orders', { email: HUGE, systemId: audit.fx.systemId }, 413],
    ] as const) {
      const started = performance.now();
      const res = await audit.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(status);
      expect(performance.now() - started, url).toBeLessThan(SLOW_MS);
    }
  });

  it('signing out of the super-admin console with another role’s session neither revokes it nor logs a LOGOUT', async () => {
    const before = await audit.snapshot();
    const res = await audit.send(audit.tokens.admin, { method: 'POST', url: '/api/super-admin/logout' });
    expect(res.statusCode).toBe(200);
    expect(await dbProblems(before, 400)).toEqual([]); // checked as if refused: nothing may change
    const stillValid = await audit.send(audit.tokens.admin, { method: 'GET', url: '/api/super-admin/profile' });
    expect(stillValid.statusCode).toBe(403);
  });

  it('refuses numbers no integer column holds (SQLite would store a float, PostgreSQL refuse it)', async () => {
    const fx = await audit.ensure();
    for (const [url, payload] of [
      ['/api/super-admin/grades', { schoolId: fx.schoolId, name: 'Huge', level: 1e308 }],
      ['/api/super-admin/sections', { schoolId: fx.schoolId, gradeId: fx.gradeId, name: 'Huge', capacity: 3e9 }],
      [`/api/super-admin/schools/${fx.schoolId}`, { studentCount: '99999999999' }],
    ] as const) {
      const method = url.includes('/schools/') ? 'PATCH' : 'POST';
      const res = await audit.send(audit.token, { method, url, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
  });

  it('refuses __proto__ in a multipart data part as in a JSON body (it would become the fields’ prototype)', async () => {
    const fx = await audit.ensure(true);
    const url = `/api/super-admin/admins/${fx.adminId}`;
    const data = '{"__proto__":{"isActive":false}}';
    const viaJson = await audit.send(audit.token, {
      method: 'PATCH',
      url,
      headers: { 'content-type': 'application/json' },
      payload: data,
    });
    const viaMultipart = await audit.send(audit.token, { method: 'PATCH', url, ...multipart([{ name: 'data', value: data }]) });
    expect([viaJson.statusCode, viaMultipart.statusCode]).toEqual([400, 400]);
    const admin = await audit.app.db
      .selectFrom('admins')
      .select('isActive')
      .where('id', '=', fx.adminId)
      .executeTakeFirstOrThrow();
    expect(admin.isActive).toBe(1);
  });

  it('never stored a secret in the system log', async () => {
    const rows = await audit.app.db.selectFrom('systemLogs').selectAll().execute();
    expect(rows.length).toBeGreaterThan(50);
    // Field names are fine there (details.changes.password is '[REDACTED]'); values are not.
    expect(secretProblems(JSON.stringify(rows), false)).toEqual([]);
  });
});
