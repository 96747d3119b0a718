import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, logsOf, uploadedFiles } from '../../helpers/schools';
import { createSession, findSession } from '@core/auth/sessions';
import { verifyPassword } from '@core/auth/passwords';
import { PERMISSION_CATALOGUE } from '@domain/admins';

const PNG = fixture('pixel.png');

describe(`admin management API (${dbKind})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let schoolId: number;

  const register = (data: Record<string, unknown>, file?: { filename: string; content: Buffer }) =>
    call(t.app, {
      method: 'POST',
      url: '/api/super-admin/register-admin',
      ...multipart([{ name: 'data', value: JSON.stringify(data) }, ...(file ? [{ name: 'profilePicture', ...file }] : [])]),
    });
  const patch = (id: number, data: Record<string, unknown>, file?: { filename: string; content: Buffer }) =>
    call(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/admins/${id}`,
      ...multipart([{ name: 'data', value: JSON.stringify(data) }, ...(file ? [{ name: 'profilePicture', ...file }] : [])]),
    });
  let seq = 0;
  const valid = () => {
    seq += 1;
    return {
      email: `admin${seq}@school.test`,
      password: 'Tamarind-Gate-42',
      firstName: 'Ada',
      lastName: `Lovelace${seq}`,
      employeeId: `E-${seq}`,
    };
  };
  const createOne = async (extra: Record<string, unknown> = {}) => {
    const res = await register({ ...valid(), ...extra });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; email: string; profilePictureUrl: string | null };
  };
  const count = async (table: 'admins' | 'systemLogs') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploaded = () => uploadedFiles(t.config.uploadDir);
  /** The log entries of one admin for an action, oldest first. */
  const logsFor = async (action: string, entityId: number) =>
    (await logsOf(t.app, action)).filter((l) => l.entityId === String(entityId)).reverse();

  beforeAll(async () => {
    t = await createTestApp();
    const token = await loginSuperAdmin(t.app);
    call = as(token);
    schoolId = (await createSchool(t.app, token, { name: 'Rizal High School', acronym: 'RHS' })).id;
  });
  afterAll(async () => t.close());

  describe('POST /register-admin', () => {
    it('answers missing required fields with the alert text and a message per field, writing nothing', async () => {
      const before = await count('admins');
      const res = await register({ email: '', phoneNumber: '123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Please fill in all required fields',
        errors: {
          email: 'Email is required',
          password: 'Password is required',
          firstName: 'First name is required',
          lastName: 'Last name is required',
          employeeId: 'Employee ID is required',
        },
      });
      expect(await count('admins')).toBe(before);
    });

    it('rejects a short password and a malformed email with their own messages', async () => {
      const short = await register({ ...valid(), password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters long');
      const email = await register({ ...valid(), email: 'not an email' });
      expect(email.json()).toMatchObject({
        message: 'Please enter a valid email address',
        errors: { email: 'Please enter a valid email address' },
      });
    });

    it('creates an admin with a picture and a school; never returns the password hash; logs it without secrets', async () => {
      const input = {
        ...valid(),
        email: 'Mixed.Case@School.test',
        department: 'Registrar',
        position: 'Head',
        schoolId: String(schoolId),
      };
      const res = await register(input, { filename: 'me.png', content: PNG });
      expect(res.statusCode).toBe(201);
      const admin = res.json().data;
      expect(admin).toMatchObject({
        email: 'mixed.case@school.test',
        firstName: 'Ada',
        employeeId: input.employeeId,
        department: 'Registrar',
        position: 'Head',
        phoneNumber: null,
        schoolId,
        school: { name: 'Rizal High School', acronym: 'RHS' },
        isActive: true,
      });
      expect(Object.keys(admin.permissions).sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.name).sort());
      expect(Object.values(admin.permissions).every((v) => v === false)).toBe(true);
      expect(admin.profilePictureUrl).toMatch(/^\/uploads\/.+\.png$/);
      expect(JSON.stringify(admin)).not.toMatch(/password|scrypt/i);
      const file = await t.app.inject({ method: 'GET', url: admin.profilePictureUrl });
      expect(file.statusCode).toBe(200);

      const [log] = await logsFor('CREATE_ADMIN', admin.id);
      expect(log.details.changes.email).toEqual({ from: null, to: 'mixed.case@school.test' });
      expect(JSON.stringify(log)).not.toMatch(/Tamarind-Gate-42|scrypt/);
    });

    it('refuses a common password or the email as the password with a clear message, saving nothing', async () => {
      const before = await count('admins');
      const common = await register({ ...valid(), password: 'qwertyuiop' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({
        success: false,
        message: 'This password is too common or easy to guess. Please choose a stronger one.',
        errors: { password: 'This password is too common or easy to guess. Please choose a stronger one.' },
      });
      const data = valid();
      const same = await register({ ...data, password: data.email.toUpperCase() });
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual({ password: 'Password must not be the same as the email address' });
      const short = await register({ ...valid(), password: 'Ab1!' });
      expect(short.json().errors).toEqual({ password: 'Password must be at least 8 characters long' });
      expect(await count('admins')).toBe(before);
    });

    it('answers a duplicate email (any case) with 409 Email already in use', async () => {
      const first = await createOne();
      const res = await register({ ...valid(), email: first.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Email already in use',
        errors: { email: 'Email already in use' },
      });
    });

    it('rejects an unknown school, an invalid school id and unknown permissions with 400; so is a name with a NUL character', async () => {
      const unknown = await register({ ...valid(), schoolId: 999999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: 'School not found', errors: { schoolId: 'School not found' } });
      const junk = await register({ ...valid(), schoolId: 'abc' });
      expect(junk.statusCode).toBe(400);
      expect(junk.json().errors.schoolId).toBe('Please select a valid school');
      const nul = await register({ ...valid(), firstName: 'A\u0000B' });
      expect(nul.statusCode, nul.body).toBe(400);
      expect(nul.json().errors).toEqual({ firstName: 'Must not contain control or text-direction characters' });
      const perms = await register({ ...valid(), permissions: { NOT_A_PERMISSION: true } });
      expect(perms.statusCode).toBe(400);
      expect(perms.json().message).toBe('Unknown permission: NOT_A_PERMISSION');
    });

    it('rejects a picture that is not an image (400) or over 2 MB (413) and saves nothing', async () => {
      const admins = await count('admins');
      const files = uploaded().length;
      const text = await register(valid(), { filename: 'evil.png', content: fixture('not-an-image.txt') });
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toMatch(/Profile picture .* must be one of: JPG, PNG, GIF, WEBP/);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const large = await register(valid(), { filename: 'big.png', content: big });
      expect(large.statusCode).toBe(413);
      expect(await count('admins')).toBe(admins);
      expect(uploaded().length).toBe(files);
    });
  });

  describe('GET /admins and /admins/{id}', () => {
    it('lists active admins as { admins } with their school, without password hashes', async () => {
      const res = await call(t.app, { method: 'GET', url: '/api/super-admin/admins' });
      expect(res.statusCode).toBe(200);
      const { admins } = res.json().data;
      expect(admins.length).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/passwordHash|scrypt/);
      const withSchool = admins.find((a: { schoolId: number | null }) => a.schoolId === schoolId);
      expect(withSchool.school).toEqual({ name: 'Rizal High School', acronym: 'RHS' });
      expect(admins.find((a: { schoolId: number | null }) => a.schoolId === null).school).toBeNull();
    });

    it('gets one admin; unknown, junk and out-of-range ids are 404', async () => {
      const admin = await createOne();
      const one = await call(t.app, { method: 'GET', url: `/api/super-admin/admins/${admin.id}` });
      expect(one.json().data.email).toBe(admin.email);
      for (const id of ['999999', 'abc', '0', '99999999999']) {
        const res = await call(t.app, { method: 'GET', url: `/api/super-admin/admins/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Admin not found' });
      }
    });
  });

  describe('PATCH /admins/{id}', () => {
    it('updates the given fields, clears an emptied optional field, and logs old → new', async () => {
      const admin = await createOne({ phoneNumber: '09171234567', department: 'IT' });
      const res = await patch(admin.id, { email: admin.email, firstName: 'Grace', phoneNumber: '', schoolId });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ firstName: 'Grace', phoneNumber: null, department: 'IT', schoolId });
      const [log] = await logsFor('UPDATE_ADMIN', admin.id);
      expect(log.details.changes).toEqual({
        firstName: { from: 'Ada', to: 'Grace' },
        phoneNumber: { from: '09171234567', to: null },
        schoolId: { from: null, to: schoolId },
      });
    });

    it('keeps the email read-only (400 when different) and validates like the form', async () => {
      const admin = await createOne();
      const email = await patch(admin.id, { email: 'other@school.test' });
      expect(email.statusCode).toBe(400);
      expect(email.json().message).toBe('Email cannot be changed');
      const blank = await patch(admin.id, { firstName: '  ' });
      expect(blank.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: { firstName: 'First name is required' },
      });
      const short = await patch(admin.id, { newPassword: 'abc' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters long');
      expect((await patch(admin.id, { schoolId: 424242 })).json().message).toBe('School not found');
      expect((await patch(999999, { firstName: 'X' })).statusCode).toBe(404);
    });

    it('replaces the password with newPassword and revokes that admin’s sessions; empty keeps it', async () => {
      const admin = await createOne();
      const { token } = await createSession(t.app.db, 'ADMIN', admin.id);
      const hash = async () =>
        (await t.app.db.selectFrom('admins').select('passwordHash').where('id', '=', admin.id).executeTakeFirstOrThrow())
          .passwordHash;
      const original = await hash();

      expect((await patch(admin.id, { newPassword: '', lastName: 'Kept' })).statusCode).toBe(200);
      expect(await hash()).toBe(original);
      expect(await findSession(t.app.db, token)).not.toBeNull();

      const weak = await patch(admin.id, { newPassword: 'iloveyou1' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual({
        newPassword: 'This password is too common or easy to guess. Please choose a stronger one.',
      });
      const same = await patch(admin.id, { newPassword: admin.email });
      expect(same.json().errors).toEqual({ newPassword: 'Password must not be the same as the email address' });
      expect(await hash()).toBe(original);
      expect(await findSession(t.app.db, token)).not.toBeNull();

      expect((await patch(admin.id, { newPassword: 'BrandNew123' })).statusCode).toBe(200);
      expect(await verifyPassword('BrandNew123', await hash())).toBe(true);
      expect(await findSession(t.app.db, token)).toBeNull();
      const logs = await logsFor('UPDATE_ADMIN', admin.id);
      const last = logs[logs.length - 1];
      expect(last.details).toMatchObject({ changes: { password: '[REDACTED]' }, sessionsRevoked: 1 });
      expect(JSON.stringify(logs)).not.toMatch(/BrandNew123|scrypt/);
    });

    it('replaces the picture and removes the old file; a bad picture changes nothing', async () => {
      const admin = await createOne();
      const first = (await patch(admin.id, {}, { filename: 'a.png', content: PNG })).json().data.profilePictureUrl;
      expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(first)))).toBe(true);
      const second = (await patch(admin.id, {}, { filename: 'b.gif', content: fixture('pixel.gif') })).json().data
        .profilePictureUrl;
      expect(second).toMatch(/\.gif$/);
      expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(first)))).toBe(false);
      expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(second)))).toBe(true);

      const files = uploaded().length;
      const bad = await patch(admin.id, { firstName: 'Changed' }, { filename: 'c.png', content: fixture('not-an-image.txt') });
      expect(bad.statusCode).toBe(400);
      const now = (await call(t.app, { method: 'GET', url: `/api/super-admin/admins/${admin.id}` })).json().data;
      expect(now).toMatchObject({ firstName: 'Ada', profilePictureUrl: second });
      expect(uploaded().length).toBe(files);
    });
  });

  describe('DELETE /admins/{id}', () => {
    it('deactivates the admin, revokes its sessions, keeps the record and logs it once', async () => {
      const admin = await createOne();
      const { token } = await createSession(t.app.db, 'ADMIN', admin.id);
      const res = await call(t.app, { method: 'DELETE', url: `/api/super-admin/admins/${admin.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: admin.id, isActive: false });
      expect(await findSession(t.app.db, token)).toBeNull();
      const row = await t.app.db.selectFrom('admins').select('isActive').where('id', '=', admin.id).executeTakeFirst();
      expect(row?.isActive).toBe(0);

      const list = (await call(t.app, { method: 'GET', url: '/api/super-admin/admins' })).json().data.admins;
      expect(list.some((a: { id: number }) => a.id === admin.id)).toBe(false);
      const all = (await call(t.app, { method: 'GET', url: '/api/super-admin/admins?includeInactive=true' })).json().data.admins;
      expect(all.find((a: { id: number }) => a.id === admin.id)?.isActive).toBe(false);

      expect((await call(t.app, { method: 'DELETE', url: `/api/super-admin/admins/${admin.id}` })).statusCode).toBe(200);
      const logs = await logsFor('DELETE_ADMIN', admin.id);
      expect(logs).toHaveLength(1);
      expect(logs[0].details).toMatchObject({ changes: { isActive: { from: true, to: false } }, sessionsRevoked: 1 });
      expect((await call(t.app, { method: 'DELETE', url: '/api/super-admin/admins/999999' })).statusCode).toBe(404);
    });

    it('reactivates a deactivated admin with PATCH isActive', async () => {
      const admin = await createOne();
      await call(t.app, { method: 'DELETE', url: `/api/super-admin/admins/${admin.id}` });
      const res = await patch(admin.id, { isActive: true });
      expect(res.json().data.isActive).toBe(true);
    });
  });

  describe('PATCH /admins/{id}/permissions', () => {
    it('merges the given permissions, returns the full map and logs each change', async () => {
      const admin = await createOne();
      const url = `/api/super-admin/admins/${admin.id}/permissions`;
      const res = await call(t.app, { method: 'PATCH', url, payload: { permissions: { VIEW_STUDENTS: true, SEND_SMS: true } } });
      expect(res.statusCode).toBe(200);
      const perms = res.json().data.permissions;
      expect(perms).toMatchObject({ VIEW_STUDENTS: true, SEND_SMS: true, MANAGE_STUDENTS: false });
      expect(Object.keys(perms)).toHaveLength(PERMISSION_CATALOGUE.length);
      await call(t.app, { method: 'PATCH', url, payload: { permissions: { SEND_SMS: false } } });
      const after = (await call(t.app, { method: 'GET', url: `/api/super-admin/admins/${admin.id}` })).json().data.permissions;
      expect(after).toMatchObject({ VIEW_STUDENTS: true, SEND_SMS: false });
      const logs = await logsFor('UPDATE_ADMIN_PERMISSIONS', admin.id);
      expect(logs.map((l) => l.details.changes)).toEqual([
        { VIEW_STUDENTS: { from: false, to: true }, SEND_SMS: { from: false, to: true } },
        { SEND_SMS: { from: true, to: false } },
      ]);
    });

    it('rejects unknown names, bad values and a missing map with 400, changing nothing', async () => {
      const admin = await createOne();
      const url = `/api/super-admin/admins/${admin.id}/permissions`;
      const logs = await count('systemLogs');
      const unknown = await call(t.app, {
        method: 'PATCH',
        url,
        payload: { permissions: { VIEW_STUDENTS: true, DROP_TABLES: true } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Unknown permission: DROP_TABLES');
      const value = await call(t.app, { method: 'PATCH', url, payload: { permissions: { VIEW_STUDENTS: 'yes' } } });
      expect(value.statusCode).toBe(400);
      expect(value.json().message).toBe('Permission values must be true or false');
      const missing = await call(t.app, { method: 'PATCH', url, payload: {} });
      expect(missing.json().message).toBe('Permissions are required');
      expect(await count('systemLogs')).toBe(logs);
      const perms = (await call(t.app, { method: 'GET', url: `/api/super-admin/admins/${admin.id}` })).json().data.permissions;
      expect(perms.VIEW_STUDENTS).toBe(false);
      const gone = await call(t.app, {
        method: 'PATCH',
        url: '/api/super-admin/admins/999999/permissions',
        payload: { permissions: {} },
      });
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('access', () => {
    const routes = [
      { method: 'GET', url: '/api/super-admin/admins' },
      { method: 'GET', url: '/api/super-admin/admins/1' },
      { method: 'POST', url: '/api/super-admin/register-admin', payload: {} },
      { method: 'PATCH', url: '/api/super-admin/admins/1', payload: {} },
      { method: 'DELETE', url: '/api/super-admin/admins/1' },
      { method: 'PATCH', url: '/api/super-admin/admins/1/permissions', payload: { permissions: {} } },
    ] as const;

    it('answers no session with 401 and an ADMIN session with 403', async () => {
      const admin = await createOne();
      const { token } = await createSession(t.app.db, 'ADMIN', admin.id);
      const before = await count('admins');
      for (const r of routes) {
        expect((await t.app.inject(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
        expect((await as(token)(t.app, r)).statusCode, `${r.method} ${r.url}`).toBe(403);
      }
      expect(await count('admins')).toBe(before);
    });
  });
});
