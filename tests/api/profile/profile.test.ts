import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, SUPER_ADMIN, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures', name));
const PNG = fixture('pixel.png');
const GIF = fixture('pixel.gif');

/** A second super admin, inserted directly (there is no API to create one). */
async function insertSuperAdmin(t: TestApp, email: string, password: string): Promise<number> {
  const now = nowIso();
  const row = await t.app.db
    .insertInto('superAdmins')
    .values({
      email,
      passwordHash: await hashPassword(password, 1024),
      firstName: 'Other',
      lastName: 'Admin',
      accessLevel: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const uploadedFiles = (t: TestApp) => (fs.existsSync(t.config.uploadDir) ? fs.readdirSync(t.config.uploadDir).sort() : []);

async function logsOf(t: TestApp, action: string) {
  const rows = await t.app.db.selectFrom('systemLogs').selectAll().where('action', '=', action).orderBy('id').execute();
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }));
}

describe(`GET/PATCH /api/super-admin/profile (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let call: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    call = as(token);
  });
  afterAll(async () => t.close());

  const getProfile = async () => (await call(t.app, { method: 'GET', url: '/api/super-admin/profile' })).json().data;

  it('answers the own profile with the fields and no secrets', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      email: SUPER_ADMIN.email,
      firstName: 'Super',
      lastName: 'Admin',
      isActive: true,
      accessLevel: 3,
      profilePictureUrl: null,
    });
    expect(Object.keys(data).sort()).toEqual(
      [
        'accessLevel',
        'createdAt',
        'email',
        'firstName',
        'id',
        'isActive',
        'lastName',
        'phoneNumber',
        'profilePictureUrl',
        'updatedAt',
      ].sort(),
    );
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/super-admin/profile', payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
  });

  it('updates only the fields given (JSON) and logs what changed', async () => {
    const before = await getProfile();
    const res = await call(t.app, { method: 'PATCH', url: '/api/super-admin/profile', payload: { firstName: '  Grace ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    const after = res.json().data;
    expect(after).toMatchObject({
      firstName: 'Grace',
      lastName: before.lastName,
      email: before.email,
      phoneNumber: before.phoneNumber,
    });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const [log] = (await logsOf(t, 'UPDATE_PROFILE')).slice(-1);
    expect(log).toMatchObject({ entity: 'SuperAdmin', entityId: String(before.id), userRole: 'SUPER_ADMIN', userId: before.id });
    expect(log.details).toEqual({ changes: { firstName: { from: before.firstName, to: 'Grace' } } });
  });

  it('answers a PATCH that changes nothing without writing or logging anything', async () => {
    const before = await getProfile();
    const logs = (await logsOf(t, 'UPDATE_PROFILE')).length;
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      payload: { firstName: before.firstName, lastName: before.lastName },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updatedAt).toBe(before.updatedAt);
    expect((await logsOf(t, 'UPDATE_PROFILE')).length).toBe(logs);
  });

  it('reads multipart: the data JSON part and plain fields', async () => {
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([
        { name: 'data', value: JSON.stringify({ lastName: 'Hopper', phoneNumber: '+63 912 345 6789' }) },
        { name: 'firstName', value: 'Amazing' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Amazing', lastName: 'Hopper', phoneNumber: '+63 912 345 6789' });
    expect(await getProfile()).toMatchObject({ firstName: 'Amazing', lastName: 'Hopper' });
  });

  it('answers invalid fields with 400 and the field messages, saving nothing', async () => {
    const before = await getProfile();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '   ' }, 'lastName', 'Last name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'grace hopper@navy.mil' }, 'email', 'Please enter a valid email address'],
      [{ email: 'no-at-sign' }, 'email', 'Please enter a valid email address'],
      [{ phoneNumber: 'call me' }, 'phoneNumber', 'Please enter a valid phone number'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(t.app, {
        method: 'PATCH',
        url: '/api/super-admin/profile',
        payload: { firstName: 'Changed', ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    expect(await getProfile()).toEqual(before);
  });

  it('refuses an email another super admin has with 409, whatever its case', async () => {
    await insertSuperAdmin(t, 'taken@school.test', 'OtherPass123');
    const before = await getProfile();
    for (const email of ['taken@school.test', 'TAKEN@School.test']) {
      const res = await call(t.app, {
        method: 'PATCH',
        url: '/api/super-admin/profile',
        payload: { email, firstName: 'Changed' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Email already in use',
        errors: { email: 'Email already in use' },
      });
    }
    expect(await getProfile()).toEqual(before);
    // Its own address (any case) is not a conflict.
    const own = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      payload: { email: before.email.toUpperCase() },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.email).toBe(before.email);
  });

  it('stores a picture, serves it, and removes the old file when it is replaced', async () => {
    const first = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([{ name: 'profilePicture', filename: 'me.png', content: PNG, contentType: 'image/png' }]),
    });
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().data.profilePictureUrl;
    expect(firstUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect(uploadedFiles(t)).toEqual([path.basename(firstUrl)]);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([
        { name: 'data', value: JSON.stringify({ firstName: 'Pictured' }) },
        { name: 'profilePicture', filename: 'me.gif', content: GIF, contentType: 'image/gif' },
      ]),
    });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().data.profilePictureUrl;
    expect(secondUrl).toMatch(/\.gif$/);
    expect(second.json().data.firstName).toBe('Pictured');
    expect(uploadedFiles(t)).toEqual([path.basename(secondUrl)]);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const [log] = (await logsOf(t, 'UPDATE_PROFILE')).slice(-1);
    expect(log.details.changes.profilePictureUrl).toEqual({ from: firstUrl, to: secondUrl });
  });

  it('refuses a file that is not an image with 400 and saves nothing', async () => {
    const before = await getProfile();
    const files = uploadedFiles(t);
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([
        { name: 'data', value: JSON.stringify({ firstName: 'ShouldNotSave' }) },
        // Claims to be a PNG; the content decides.
        { name: 'profilePicture', filename: 'evil.png', content: fixture('not-an-image.txt'), contentType: 'image/png' },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors.profilePicture).toMatch(/JPG, PNG, GIF, WEBP/);
    expect(await getProfile()).toEqual(before);
    expect(uploadedFiles(t)).toEqual(files);
  });

  it('refuses a picture over 2 MB with 413 and saves nothing', async () => {
    const before = await getProfile();
    const files = uploadedFiles(t);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length, 0)]);
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([
        { name: 'data', value: JSON.stringify({ firstName: 'ShouldNotSave' }) },
        { name: 'profilePicture', filename: 'big.png', content: big, contentType: 'image/png' },
      ]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/too large \(max 2 MB\)/) });
    expect(await getProfile()).toEqual(before);
    expect(uploadedFiles(t)).toEqual(files);
  });

  it('answers a malformed data part or body with 400, never 500', async () => {
    const badJson = await call(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      ...multipart([{ name: 'data', value: '{"firstName":' }]),
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The data part must be valid JSON');
    const array = await call(t.app, { method: 'PATCH', url: '/api/super-admin/profile', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    const wrongType = await call(t.app, { method: 'PATCH', url: '/api/super-admin/profile', payload: { firstName: 42 } });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe(`POST /api/super-admin/change-password (${dbKind})`, () => {
  let t: TestApp;
  const owner = { email: 'changer@school.test', password: 'OriginalPass123' };
  beforeAll(async () => {
    t = await createTestApp();
    await insertSuperAdmin(t, owner.email, owner.password);
  });
  afterAll(async () => t.close());

  const change = (token: string, payload: unknown) =>
    as(token)(t.app, { method: 'POST', url: '/api/super-admin/change-password', payload: payload as object });

  it('validates with the field messages', async () => {
    const token = await loginSuperAdmin(t.app, owner);
    const empty = await change(token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    const blank = await change(token, { currentPassword: '', newPassword: '' });
    expect(blank.json().errors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    const short = await change(token, { currentPassword: owner.password, newPassword: 'short7!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: 'Password must be at least 8 characters',
      errors: { newPassword: 'Password must be at least 8 characters' },
    });
  });

  it('refuses a common password and the email as the password (the length rule still applies first)', async () => {
    const token = await loginSuperAdmin(t.app, owner);
    const common = await change(token, { currentPassword: owner.password, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      success: false,
      message: 'This password is too common or easy to guess. Please choose a stronger one.',
      errors: { newPassword: 'This password is too common or easy to guess. Please choose a stronger one.' },
    });
    const email = await change(token, { currentPassword: owner.password, newPassword: 'Changer@School.test' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual({ newPassword: 'Password must not be the same as the email address' });
    const short = await change(token, { currentPassword: owner.password, newPassword: 'abc' });
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 8 characters' });
    // Nothing changed: the old password still signs in, and no CHANGE_PASSWORD was logged.
    expect(await loginSuperAdmin(t.app, owner)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await t.app.db.selectFrom('systemLogs').select('id').where('action', '=', 'CHANGE_PASSWORD').execute()).toEqual([]);
  });

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const token = await loginSuperAdmin(t.app, owner);
    const res = await change(token, { currentPassword: 'not-my-password', newPassword: 'SomethingNew123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect(await loginSuperAdmin(t.app, owner)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('requires a super-admin session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/change-password',
      payload: { currentPassword: owner.password, newPassword: 'SomethingNew123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password, keeps the caller signed in, signs every other session out, and logs it', async () => {
    const mine = await loginSuperAdmin(t.app, owner);
    const otherDevice = await loginSuperAdmin(t.app, owner);
    const someoneElse = await loginSuperAdmin(t.app); // the first super admin: not affected
    const newPassword = 'BrandNewPass123';
    const ownerId = (
      await t.app.db.selectFrom('superAdmins').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()
    ).id;
    const liveSessions = async () =>
      (
        await t.app.db
          .selectFrom('sessions')
          .select('id')
          .where('userId', '=', ownerId)
          .where('role', '=', 'SUPER_ADMIN')
          .where('revokedAt', 'is', null)
          .execute()
      ).length;
    const othersBefore = (await liveSessions()) - 1;
    expect(othersBefore).toBeGreaterThanOrEqual(1);

    const res = await change(mine, { currentPassword: owner.password, newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Password changed successfully' });

    expect(await liveSessions()).toBe(1);

    const profile = (token: string) => as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect((await profile(mine)).statusCode).toBe(200);
    expect((await profile(otherDevice)).statusCode).toBe(401);
    expect((await profile(someoneElse)).statusCode).toBe(200);

    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload: owner });
    expect(oldLogin.statusCode).toBe(401);
    expect(await loginSuperAdmin(t.app, { email: owner.email, password: newPassword })).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const [log] = (await logsOf(t, 'CHANGE_PASSWORD')).slice(-1);
    expect(log).toMatchObject({ entity: 'SuperAdmin', userRole: 'SUPER_ADMIN' });
    // Every session but the caller's: the other device and the sign-ins of the earlier tests.
    expect(log.details.otherSessionsRevoked).toBe(othersBefore);
    expect(JSON.stringify(log)).not.toContain(newPassword);
    expect(JSON.stringify(log)).not.toContain(owner.password);
  });
});
