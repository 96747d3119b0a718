import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';

/**
 * A learner's LRN is known to classmates: ten wrong passwords from the school's shared address must not lock the
 * owner out. The owner's browser, known from an earlier sign-in by its device cookie, counts its failures alone.
 */
const PASSWORD = 'Mango-Lantern-58';
const SCHOOL_ADDRESS = '203.0.113.77';

describe(`lockout by a classmate (${dbKind})`, () => {
  let t: TestApp;
  let lrn: string;

  const signIn = (password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: lrn, password },
      remoteAddress: SCHOOL_ADDRESS,
      headers: cookie ? { cookie } : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 10, publicFormsPerMinute: 5 } });
    const root = await loginSuperAdmin(t.app);
    lrn = (await createStudent(t.app, root, (await createSchool(t.app, root)).id)).lrn;
  });
  afterAll(() => t.close());

  it("a known device gets in after strangers' ten failures at the same address; an unknown device is refused; the known device's own failures still count", async () => {
    const first = await signIn(PASSWORD, undefined);
    expect(first.statusCode).toBe(200);
    const setCookie = [first.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('DEVICE_ID=')) ?? '';
    expect(setCookie).toMatch(/^DEVICE_ID=[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const device = setCookie.split(';')[0]!;

    for (let i = 0; i < 10; i++) expect((await signIn(`Classmate-${i}`)).statusCode).toBe(401);
    const stranger = await signIn(PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe('Too many sign-in attempts for this account. Please try again in 15 minutes.');

    expect((await signIn(PASSWORD, device)).statusCode).toBe(200);

    for (let i = 0; i < 10; i++) expect((await signIn(`Owner-typo-${i}`, device)).statusCode).toBe(401);
    const ownLimit = await signIn(PASSWORD, device);
    expect(ownLimit.statusCode).toBe(429);
    expect(ownLimit.json().message).toBe('Too many sign-in attempts for this account. Please try again in 15 minutes.');
  });
});
