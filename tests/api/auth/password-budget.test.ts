import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKind, SUPER_ADMIN, type TestApp, WANT_TOKEN } from '../../helpers/app';

/*
 * One budget of password guesses per address (LOGIN_RATE_PER_MINUTE) whatever route checks the password: the four
 * sign-in routes and the Change Password routes' current-password check. The minute is passed on a test clock.
 */
const PER_MINUTE = 10;
const ROUTES = ['/api/login', '/api/super-admin/login', '/api/admin/login', '/api/student/login'];

describe(`one password budget per address (${dbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { loginPerMinute: PER_MINUTE, loginPerEmailPer15Min: 1000, publicFormsPerMinute: 5 },
    });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  const guess = (url: string, i: number, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress, payload: { email: `nobody${i}@guess.test`, password: 'Guess-guess-1' } });

  it('the four sign-in routes together allow LOGIN_RATE_PER_MINUTE guesses a minute from one address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T01:00:00Z') });
    const address = '203.0.113.10';
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await guess(ROUTES[i % ROUTES.length]!, i, address);
      expect(res.statusCode, `guess ${i + 1} on ${ROUTES[i % ROUTES.length]}`).toBe(401);
    }
    for (const url of ROUTES) {
      const res = await guess(url, 99, address);
      expect(res.statusCode, url).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
    // Another address has its own budget.
    expect((await guess('/api/login', 100, '203.0.113.11')).statusCode).toBe(401);
    // The next minute the address may guess again.
    vi.setSystemTime(new Date('2026-03-02T01:01:00Z'));
    expect((await guess('/api/student/login', 101, address)).statusCode).toBe(401);
  });

  it("a Change Password's current-password check spends the same budget", async () => {
    const address = '203.0.113.20';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      remoteAddress: address,
      headers: WANT_TOKEN,
      payload: SUPER_ADMIN,
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data.token as string;
    // The right password of the sign-in spent nothing: the whole budget is left for wrong guesses.
    for (let i = 1; i <= PER_MINUTE; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/super-admin/change-password',
        remoteAddress: address,
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword: `Wrong-${i}-password`, newPassword: 'Another-Secret-9876' },
      });
      expect(res.statusCode, `change-password guess ${i}`).toBe(400);
      expect(res.json().message).toBe('Current password is incorrect');
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/change-password',
      remoteAddress: address,
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: 'Wrong-x-password', newPassword: 'Another-Secret-9876' },
    });
    expect(limited.statusCode).toBe(429);
    expect((await guess('/api/login', 200, address)).statusCode).toBe(429);
  });

  it('right passwords spend nothing: a computer lab signs in from one address, and wrong guesses are still held', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T03:00:00Z') });
    const address = '203.0.113.30';
    for (let i = 0; i < 3 * PER_MINUTE; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: SUPER_ADMIN });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < PER_MINUTE; i++) expect((await guess('/api/login', 300 + i, address)).statusCode).toBe(401);
    expect((await guess('/api/login', 399, address)).statusCode).toBe(429);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: SUPER_ADMIN })).statusCode,
    ).toBe(429);
  });
});
