/*
 * Records the school-admin specs seed through the real API: schools whose every day is a school day,
 * students, admins with exactly the given permissions, and an admin's session cookie.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { browserSignIn, E2E_BASE_URL } from './helpers';

export const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
export const PASSWORD = 'Registrar-Gate-2024';
let seq = 0;
/** A number not handed out before in this run (unique names, emails and LRNs). */
export const nextSeq = () => (seq += 1);

export async function call(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put' | 'patch',
  path: string,
  data: unknown,
) {
  const res = await request[method](`${E2E_BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).data;
}

export async function school(request: APIRequestContext, root: string, name: string) {
  seq += 1;
  const created = await call(request, root, 'post', '/api/super-admin/schools', {
    name,
    acronym: `SA${seq.toString(36)}${run.slice(-6)}`.slice(0, 10),
  });
  // Every day is a school day, so the live test does not depend on the calendar or the hour.
  await call(request, root, 'put', `/api/super-admin/schools/${created.id}/attendance-settings`, {
    timeZone: 'Asia/Manila',
    lateCutoff: '23:58',
    absenceCutoff: '23:59',
    schoolDays: [1, 2, 3, 4, 5, 6, 7],
    holidays: [],
  });
  return created.id as number;
}

export async function student(
  request: APIRequestContext,
  root: string,
  schoolId: number,
  first: string,
  last: string,
  card: string,
) {
  seq += 1;
  const created = await call(request, root, 'post', '/api/super-admin/register-student', {
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}.${run}${seq}@students.test`,
    lrn: String(500000000000 + ((Date.now() + seq) % 99999999999)).slice(0, 12),
    parentPhone: '0917 123 4567',
    password: 'Mango-Lantern-58',
    rfidCardId: card,
    schoolId,
  });
  return created.id as number;
}

/** A school admin of `schoolId` with exactly these permissions; returns their email. */
export async function admin(request: APIRequestContext, root: string, schoolId: number, permissions: string[]) {
  seq += 1;
  const email = `registrar.${run}.${seq}@school.test`;
  const created = await call(request, root, 'post', '/api/super-admin/register-admin', {
    email,
    password: PASSWORD,
    firstName: 'Rosa',
    lastName: `Registrar${seq}`,
    employeeId: `REG-${run}-${seq}`,
    schoolId,
  });
  await call(request, root, 'patch', `/api/super-admin/admins/${created.id}/permissions`, {
    permissions: Object.fromEntries(permissions.map((p) => [p, true])),
  });
  return email;
}

export async function adminSession(_page: Page, context: BrowserContext, email: string) {
  await browserSignIn(context, '/api/admin/login', { email, password: PASSWORD });
}

/** A card UID no other spec uses (8 hex digits). */
export const card = () => randomBytes(4).toString('hex').toUpperCase();

export const tap = (readerToken: string, card: string, eventId: string) =>
  fetch(`${E2E_BASE_URL}/api/rfid/taps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, cardUid: card, tappedAt: new Date().toISOString() }),
  });
