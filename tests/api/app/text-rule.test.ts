import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { dbKind } from '../../helpers/app';
import { routeKey, startAuditApp, type AuditRoute } from '../../helpers/audit-app';
import { MUTATIONS, validRequest, type MutationSpec } from '../../helpers/audit-cases';
import { ROLLOVER_MESSAGES } from '@domain/school-year';
import { BROKEN_TEXT_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@domain/validation';
import { CORRECTION_MESSAGES } from '@domain/attendance';
import { DEVICE_CLAIM_MESSAGES } from '@domain/devices/device-claims';
import { RESET_MESSAGES } from '@domain/auth/password-reset';
import { NOTICE_TEMPLATE_MESSAGES } from '@domain/notice-templates';
import { MOVEMENT_MESSAGES } from '@domain/students/movement';

/*
 * One text rule for every name and free text the console or the API takes. This walks every
 * create/update route's valid payload and puts U+202E (right-to-left override: 'gpj.exe' shown as 'exe.jpg'),
 * U+0000 and a lone surrogate (U+D800, half of a character) into each text field in turn: each is a 400 naming
 * that field with the rule's message (its own message for the broken character), and
 * nothing is written. Passwords are secrets, not text anyone reads, so they keep every character; webhook
 * bodies are the providers' and are validated as theirs.
 */

const audit = await startAuditApp();
afterAll(() => audit.close());

const routes = new Map(audit.routes.map((r) => [routeKey(r), r]));
const PASSWORD = /password$/i;
/**
 * Fields with a format of their own (an e-mail, a date, a phone number, a code): a character outside it
 * makes the value malformed, refused with that field's format message.
 */
const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Please enter a valid email address',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  contractDate: 'Must be 10 characters or less',
  contractExpiryDate: 'Must be 10 characters or less',
  timeZone: 'Choose a valid time zone (e.g. Asia/Manila)',
  lateCutoff: 'Late cutoff must be a time (HH:MM)',
  absenceCutoff: 'Absence cutoff must be a time (HH:MM)',
  phoneNumber: 'Please enter a valid phone number',
  parentPhone: 'Please enter a valid phone number',
  testPhoneNumber: 'Please enter a valid phone number',
  lrn: 'LRN must be a 12-digit number',
  requestId: 'Request ID must be a UUID',
  start: 'School year start must be a valid date (YYYY-MM-DD)',
  end: 'School year end must be a valid date (YYYY-MM-DD)',
  'year.start': 'School year start must be a valid date (YYYY-MM-DD)',
  'year.end': 'School year end must be a valid date (YYYY-MM-DD)',
  kind: 'Choose holiday, class suspension or school event',
  status: 'Status must be one of: pending, confirmed, in_progress, completed, cancelled',
  'additionalPermissions.0.name': 'Permission names must be UPPER_SNAKE_CASE (e.g. VIEW_STUDENTS)',
  // A list filter's school, as its query string gives it.
  'filter.schoolId': 'School must be a positive whole number',
};
/** A field whose format is the route's own (a field name other routes use differently). */
const ROUTE_FORMAT_MESSAGES: Record<string, string> = {
  'POST /api/super-admin/schools/:id/school-year/rollover sections.0.action': ROLLOVER_MESSAGES.action,
  'POST /api/super-admin/schools/:id/school-year/rollover/preview sections.0.action': ROLLOVER_MESSAGES.action,
  'POST /api/admin/schools/:id/school-year/rollover sections.0.action': ROLLOVER_MESSAGES.action,
  'POST /api/admin/schools/:id/school-year/rollover/preview sections.0.action': ROLLOVER_MESSAGES.action,
  'POST /api/super-admin/attendance/:id/correct status': CORRECTION_MESSAGES.status,
  'POST /api/admin/attendance/:id/correct status': CORRECTION_MESSAGES.status,
  'POST /api/super-admin/attendance/:id/correct arrivalTime': CORRECTION_MESSAGES.arrivalTime,
  'POST /api/admin/attendance/:id/correct arrivalTime': CORRECTION_MESSAGES.arrivalTime,
  'POST /api/super-admin/device-claims/:id/resolve decision': DEVICE_CLAIM_MESSAGES.decision,
  ...Object.fromEntries(
    ['super-admin', 'admin'].flatMap((console) => {
      const key = `PATCH /api/${console}/schools/:id/notice-templates`;
      return [
        [`${key} language`, NOTICE_TEMPLATE_MESSAGES.language],
        [`${key} templates.0.language`, NOTICE_TEMPLATE_MESSAGES.language],
        [`${key} templates.0.kind`, NOTICE_TEMPLATE_MESSAGES.kind],
      ];
    }),
  ),
  ...Object.fromEntries(
    ['super-admin', 'admin'].map((console) => [`POST /api/${console}/students/:id/movement kind`, MOVEMENT_MESSAGES.kind]),
  ),
  // A reset code is not text: a changed one is simply not a valid code.
  'POST /api/password-reset token': RESET_MESSAGES.unknown,
};
/** Optional formatted fields check the text rule before their format: the text rule's message. */
const TEXT_RULE_FIRST = new Set([
  'POST /api/super-admin/schools email',
  // A learner's e-mail is optional (the LRN is the learner's identity).
  'POST /api/super-admin/register-student email',
  'POST /api/admin/register-student email',
  'POST /api/super-admin/register-admin phoneNumber',
  'POST /api/super-admin/sms-devices phoneNumber',
  'POST /api/admin/sms-devices phoneNumber',
]);

type Leaf = { path: (string | number)[]; value: string };
function textLeaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => textLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textLeaves(v, [...path, k]));
  return [];
}
function withValue(fields: Record<string, unknown>, path: (string | number)[], value: string) {
  const copy = structuredClone(fields);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** The caller a route takes: the school admin for /api/admin, the learner for the portal, else the super admin. */
async function sessionFor(key: string, spec: MutationSpec): Promise<string | null> {
  if (spec.session === 'none') return null;
  if (spec.session === 'learner' || key.includes(' /api/student/')) return (await audit.learner()).token;
  if (spec.session === 'schoolAdmin' || key.includes(' /api/admin/')) return audit.schoolAdmin();
  return audit.token;
}

const cases = Object.entries(MUTATIONS).filter(
  ([, spec]) => spec.fields && spec.body !== 'none' && !spec.sign && spec.action !== 'LOGIN' && spec.action !== 'LOGOUT',
);

describe(`text fields refuse control and text-direction characters on every create/update route (${dbKind})`, () => {
  it('walks routes that take names and texts', () => {
    expect(cases.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'POST /api/super-admin/schools',
        'POST /api/super-admin/register-admin',
        'POST /api/super-admin/grades',
        'POST /api/super-admin/sections',
        'POST /api/super-admin/register-student',
        'POST /api/super-admin/sms-devices',
        'POST /api/super-admin/facebook-pages',
        'POST /api/super-admin/rfid-readers',
        'POST /api/super-admin/systems',
        'POST /api/inquiries/orders',
        'POST /api/inquiries',
        'POST /api/super-admin/sms-history/messages',
      ]),
    );
  });

  it.each(cases)('%s', async (key, spec: MutationSpec) => {
    const route = routes.get(key) as AuditRoute;
    const fx = await audit.ensure();
    const fields = spec.fields!(fx);
    const problems: string[] = [];
    // Signed in before the snapshots: a new session row is not data the refused request wrote.
    const token = await sessionFor(key, spec);
    const leaves = textLeaves(fields).filter((leaf) => !PASSWORD.test(String(leaf.path.at(-1))));
    for (const leaf of leaves) {
      const field = leaf.path.join('.');
      for (const [label, bad] of [
        ['U+202E', '\u202E'],
        ['U+0000', '\u0000'],
        ['lone U+D800', '\uD800'],
      ]) {
        const value = `${leaf.value.slice(0, 1)}${bad}${leaf.value.slice(1)}`;
        const request: InjectOptions = await validRequest(
          route,
          { ...spec, fields: () => withValue(fields, leaf.path, value) },
          fx,
        );
        const before = await audit.snapshot();
        const res = await audit.send(token, request);
        const rule = bad === '\uD800' ? BROKEN_TEXT_MESSAGE : UNSAFE_TEXT_MESSAGE;
        const expected = TEXT_RULE_FIRST.has(`${key} ${field}`)
          ? rule
          : (ROUTE_FORMAT_MESSAGES[`${key} ${field}`] ?? FORMAT_MESSAGES[field] ?? rule);
        const body = res.json() as { errors?: Record<string, string> };
        if (res.statusCode !== 400) problems.push(`${field} with ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (body.errors?.[field] !== expected)
          problems.push(`${field} with ${label}: errors.${field} = ${JSON.stringify(body.errors?.[field])}`);
        if ((await audit.changes(before)).tables.length) problems.push(`${field} with ${label}: wrote data`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
