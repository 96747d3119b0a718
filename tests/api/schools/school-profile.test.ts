import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../helpers/admins';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, logsOf } from '../../helpers/schools';
import { SCHOOL_PROFILE_ONLY } from '@domain/schools';

/*
 * A school admin with MANAGE_SCHOOL_PROFILE edits their own school's profile fields and logo through the
 * one upload pipeline (content and size checked as the super admin's edit); the rest stays the super admin's.
 */

let t: TestApp;
let schoolA: number;
let schoolB: number;
let token: string;

const adminToken = async (schoolId: number, permissions: string[]) => (await signedInAdmin(t.app, schoolId, permissions)).token;

const patch = (id: number, data: Record<string, unknown>, logo?: { filename: string; content: Buffer }) =>
  as(token)(t.app, {
    method: 'PATCH',
    url: `/api/admin/schools/${id}`,
    ...multipart([{ name: 'data', value: JSON.stringify(data) }, ...(logo ? [{ name: 'logo', ...logo }] : [])]),
  });
const stored = (id: number) => t.app.db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  const root = await loginSuperAdmin(t.app);
  schoolA = (await createSchool(t.app, root, { name: 'Profile School A', contractNumber: 'C-1' })).id;
  schoolB = (await createSchool(t.app, root, { name: 'Profile School B' })).id;
  token = await adminToken(schoolA, ['MANAGE_SCHOOL_PROFILE']);
});
afterAll(() => t.close());

describe(`school profile (${dbKind})`, () => {
  it('reads and edits the own school only; logged as the admin, in the school', async () => {
    const own = await as(token)(t.app, { method: 'GET', url: `/api/admin/schools/${schoolA}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('Profile School A');
    for (const res of [
      await as(token)(t.app, { method: 'GET', url: `/api/admin/schools/${schoolB}` }),
      await patch(schoolB, { name: 'Taken over' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('School not found');
    }
    expect((await stored(schoolB)).name).toBe('Profile School B');

    const res = await patch(schoolA, { name: 'Profile School A (Main)', contactNumber: '(02) 8123 4567', website: 'psa.edu.ph' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'School updated successfully',
      data: { name: 'Profile School A (Main)', contactNumber: '(02) 8123 4567', website: 'psa.edu.ph', contractNumber: 'C-1' },
    });
    const log = (await logsOf(t.app, 'UPDATE_SCHOOL'))[0]!;
    expect(log).toMatchObject({ userRole: 'ADMIN', schoolId: schoolA, entityId: String(schoolA) });
    expect(log.details.changes.name).toEqual({ from: 'Profile School A', to: 'Profile School A (Main)' });
  });

  it("refuses the super admin's fields with a 400 naming them, changing nothing", async () => {
    const before = await stored(schoolA);
    for (const data of [
      { contractNumber: 'C-999' },
      { isActive: false },
      { acronym: 'NEW' },
      { studentCount: 5000 },
      { name: 'Ok', contractAmount: 1 },
    ]) {
      const res = await patch(schoolA, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toBe(SCHOOL_PROFILE_ONLY);
      expect(Object.values(res.json().errors)).toEqual([SCHOOL_PROFILE_ONLY]);
    }
    expect(await stored(schoolA)).toEqual(before);
  });

  it('changes the logo through the upload pipeline: by content, at most 2 MB, the old file removed', async () => {
    const first = await patch(schoolA, {}, { filename: 'logo.png', content: fixture('pixel.png') });
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().data.logoUrl as string;
    expect(firstUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    const second = await patch(schoolA, {}, { filename: 'logo.gif', content: fixture('pixel.gif') });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.logoUrl).toMatch(/\.gif$/);
    expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(firstUrl)))).toBe(false);

    const fake = await patch(schoolA, {}, { filename: 'logo.png', content: fixture('not-an-image.txt') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/Logo "logo.png" must be one of: JPG, PNG, GIF, WEBP/);
    const big = Buffer.concat([fixture('pixel.png'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await patch(schoolA, {}, { filename: 'big.png', content: big });
    expect(tooBig.statusCode).toBe(413);
    expect((await stored(schoolA)).logoUrl).toBe(second.json().data.logoUrl);
  });

  it('needs MANAGE_SCHOOL_PROFILE', async () => {
    const other = await adminToken(schoolA, ['VIEW_STUDENTS']);
    const res = await as(other)(t.app, { method: 'PATCH', url: `/api/admin/schools/${schoolA}`, payload: { name: 'X' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to edit the school profile');
  });
});
