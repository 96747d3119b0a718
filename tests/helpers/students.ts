import type { FastifyInstance } from 'fastify';
import { as, multipart } from './app';

let seq = 0;

/** A valid Register Student payload with unique email, LRN and card (override any field). */
export function studentData(schoolId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    firstName: 'Juan',
    lastName: `Cruz${seq}`,
    email: `juan${seq}@students.test`,
    lrn: String(200000000000 + seq),
    parentPhone: '0917 123 4567',
    password: 'Mango-Lantern-58',
    schoolId,
    ...overrides,
  };
}

/** POST register-student as multipart (data JSON + optional picture); returns the response. */
export function postStudent(
  app: FastifyInstance,
  token: string,
  data: Record<string, unknown>,
  picture?: { filename: string; content: Buffer },
) {
  const body = multipart([
    { name: 'data', value: JSON.stringify(data) },
    ...(picture ? [{ name: 'profilePicture', ...picture }] : []),
  ]);
  return as(token)(app, { method: 'POST', url: '/api/super-admin/register-student', ...body });
}

/** Registers a student through the API and returns it. */
export async function createStudent(
  app: FastifyInstance,
  token: string,
  schoolId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await postStudent(app, token, studentData(schoolId, overrides));
  if (res.statusCode !== 201) throw new Error(`register student failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; lrn: string; email: string; rfidCardId: string | null } & Record<string, unknown>;
}

/** Creates a grade and a section in it through the API. */
export async function createGradeAndSection(
  app: FastifyInstance,
  token: string,
  schoolId: number,
  names = { grade: 'Grade 7', section: 'Rizal' },
) {
  const call = as(token);
  const grade = await call(app, {
    method: 'POST',
    url: '/api/super-admin/grades',
    payload: { name: names.grade, level: 7, schoolId },
  });
  if (grade.statusCode !== 201) throw new Error(grade.body);
  const gradeId = grade.json().data.id as number;
  const section = await call(app, {
    method: 'POST',
    url: '/api/super-admin/sections',
    payload: { name: names.section, gradeId, schoolId },
  });
  if (section.statusCode !== 201) throw new Error(section.body);
  return { gradeId, sectionId: section.json().data.id as number };
}
