import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { as, multipart } from './app';
import { nowIso } from '@core/time/time';

export const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));

/** Files currently in the test app's upload folder. */
export const uploadedFiles = (uploadDir: string) => (fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir).sort() : []);

/** POST /api/super-admin/schools as multipart (data JSON + optional logo); returns the response. */
export function postSchool(
  app: FastifyInstance,
  token: string,
  data: Record<string, unknown>,
  logo?: { filename: string; content: Buffer },
) {
  const body = multipart([{ name: 'data', value: JSON.stringify(data) }, ...(logo ? [{ name: 'logo', ...logo }] : [])]);
  return as(token)(app, { method: 'POST', url: '/api/super-admin/schools', ...body });
}

let seq = 0;
/** Creates a school through the API and returns it (unique acronym per call). */
export async function createSchool(app: FastifyInstance, token: string, data: Record<string, unknown> = {}) {
  seq += 1;
  const res = await postSchool(app, token, { name: `Test School ${seq}`, acronym: `TS${seq}`, ...data });
  if (res.statusCode !== 201) throw new Error(`create school failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string; acronym: string; logoUrl: string | null };
}

/** Inserts a student row directly (counts must come from real rows, not from the API under test). */
export async function insertStudent(
  app: FastifyInstance,
  schoolId: number,
  flags: { isActive?: 0 | 1; isArchived?: 0 | 1 } = {},
) {
  seq += 1;
  const now = nowIso();
  const row = await app.db
    .insertInto('students')
    .values({
      firstName: 'Stu',
      lastName: `Dent${seq}`,
      email: `student${seq}@school.test`,
      passwordHash: 'x',
      lrn: String(100000000000 + seq),
      parentPhone: '+639171234567',
      schoolId,
      isActive: flags.isActive ?? 1,
      isArchived: flags.isArchived ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an admin row directly; returns its id. */
export async function insertAdmin(app: FastifyInstance, schoolId: number | null, isActive: 0 | 1 = 1): Promise<number> {
  seq += 1;
  const now = nowIso();
  const row = await app.db
    .insertInto('admins')
    .values({
      email: `admin${seq}@school.test`,
      passwordHash: 'x',
      firstName: 'Ad',
      lastName: `Min${seq}`,
      employeeId: `E-${seq}`,
      schoolId,
      isActive,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest system-log entries of an action, details parsed. */
export async function logsOf(app: FastifyInstance, action: string) {
  const rows = await app.db.selectFrom('systemLogs').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }));
}
