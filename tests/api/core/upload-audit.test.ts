import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { auditUploads, ORPHAN_GRACE_MS } from '@core/uploads/upload-audit';
import { UPLOAD_COLUMNS } from '../../../server/features/index';
import { fixture, uploadedFiles } from '../../helpers/schools';

describe(`upload folder audit (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => t.close());

  const post = async (url: string, data: object, file: { name: string; filename: string }) => {
    const res = await as(token)(t.app, {
      method: 'POST',
      url,
      ...multipart([
        { name: 'data', value: JSON.stringify(data) },
        { ...file, content: fixture('pixel.png'), contentType: 'image/png' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  it('removes old files no record references, keeps referenced and fresh ones, and reports records whose file is gone', async () => {
    const school = await post(
      '/api/super-admin/schools',
      { name: 'Audit High', acronym: 'AUD' },
      { name: 'logo', filename: 'l.png' },
    );
    const system = await post(
      '/api/super-admin/systems',
      { name: 'Audit Gate', description: 'Gate', features: ['x'] },
      { name: 'images', filename: 'g.png' },
    );
    const dir = t.config.uploadDir;
    const old = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    const orphan = path.join(dir, 'orphan-old.png');
    const fresh = path.join(dir, 'orphan-fresh.png');
    fs.writeFileSync(orphan, fixture('pixel.png'));
    fs.writeFileSync(fresh, fixture('pixel.png'));
    for (const f of [
      orphan,
      ...uploadedFiles(dir)
        .filter((n) => n !== 'orphan-fresh.png')
        .map((n) => path.join(dir, n)),
    ]) {
      fs.utimesSync(f, old, old);
    }
    // A record whose file was deleted behind the app's back.
    const admin = await post(
      '/api/super-admin/register-admin',
      { email: 'pic@school.test', password: 'Tamarind-Gate-42', firstName: 'Pia', lastName: 'Pic', employeeId: 'P-1' },
      { name: 'profilePicture', filename: 'p.png' },
    );
    fs.rmSync(path.join(dir, path.basename(admin.profilePictureUrl)));

    const report = await auditUploads(t.app.db, dir, UPLOAD_COLUMNS);
    expect(report.removed).toEqual(['/uploads/orphan-old.png']);
    expect(report.missing).toEqual([{ table: 'admins', id: admin.id, url: admin.profilePictureUrl }]);
    const left = uploadedFiles(dir);
    expect(left).toContain('orphan-fresh.png');
    expect(left).toContain(path.basename(school.logoUrl));
    expect(left).toContain(path.basename(system.images[0]));
    expect(left).not.toContain('orphan-old.png');
  });
});
