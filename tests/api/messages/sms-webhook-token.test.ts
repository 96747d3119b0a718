import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { addDevice } from '../../helpers/notifications';
import { gatewayToken } from '../../fixtures/sms-gateway';
import { signJwt } from '../../helpers/jwt';
import { WEBHOOK_MESSAGES } from '@domain/webhooks';

/**
 * POST /api/webhooks/sms takes only tokens httpSMS would send (checked with jose): HS256 with the
 * shared secret, exp required, iat at most 15 minutes old, issuer 'api.httpsms.com', audience this webhook (any URL
 * with its path, or exactly SMS_WEBHOOK_AUDIENCE), 60 s of clock skew; and no event dated in the future. Every
 * refusal is 401 'Invalid webhook signature' (or 400 for the date) and changes nothing: a heartbeat is the probe
 * (it would set the device's lastActive).
 */
const SECRET = 'token-test-webhook-secret';
const URL_SMS = 'https://school.test/api/webhooks/sms';
const PHONE = '+639181234999';

describe(`SMS webhook tokens (${dbKind})`, () => {
  let t: TestApp;
  let pinned: TestApp;
  const now = () => Math.floor(Date.now() / 1000);

  const post = (app: TestApp, token: string | null, data: Record<string, unknown> = {}, time?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: {
        specversion: '1.0',
        type: 'phone.heartbeat.online',
        time,
        data: { owner: PHONE, timestamp: '2026-11-23T08:00:00Z', ...data },
      },
    });
  const lastActive = async (app: TestApp) =>
    (await app.app.db.selectFrom('smsDevices').select('lastActive').where('phoneNumber', '=', PHONE).executeTakeFirstOrThrow())
      .lastActive;

  async function expectRefused(app: TestApp, token: string | null, status = 401, message = 'Invalid webhook signature') {
    const before = await lastActive(app);
    const res = await post(app, token);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await lastActive(app)).toBe(before);
  }

  beforeAll(async () => {
    t = await createTestApp({ smsWebhookSecret: SECRET });
    pinned = await createTestApp({ smsWebhookSecret: SECRET, smsWebhookAudience: URL_SMS });
    for (const app of [t, pinned]) await addDevice(app.app, await loginSuperAdmin(app.app), { phoneNumber: PHONE });
  });
  afterAll(async () => {
    await t.close();
    await pinned.close();
  });

  it('takes the token httpSMS sends (iss api.httpsms.com, aud [webhook URL], iat, nbf, exp)', async () => {
    const res = await post(t, await gatewayToken(SECRET, URL_SMS));
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastActive(t)).toBe('2026-11-23T08:00:00.000Z');
  });

  it('refuses a token without exp, or expired beyond the 60 s clock skew (within it: taken)', async () => {
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { exp: undefined }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { exp: now() - 120 }));
    const res = await post(t, await gatewayToken(SECRET, URL_SMS, { exp: now() - 30 }), { timestamp: '2026-11-23T08:01:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastActive(t)).toBe('2026-11-23T08:01:00.000Z');
  });

  it('refuses a token issued long ago (a replay), even with a far exp, and one not valid yet', async () => {
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { iat: now() - 3600, exp: 4102444800 }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { iat: undefined, exp: 4102444800 }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { nbf: now() + 600 }));
  });

  it('refuses another issuer, another or no audience', async () => {
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { iss: 'someone.else' }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { iss: undefined }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { aud: ['https://school.test/api/webhooks/messenger'] }));
    await expectRefused(t, await gatewayToken(SECRET, URL_SMS, { aud: undefined }));
  });

  it('SMS_WEBHOOK_AUDIENCE pins the exact URL: the same path on another host is refused', async () => {
    await expectRefused(pinned, await gatewayToken(SECRET, 'https://evil.test/api/webhooks/sms'));
    const res = await post(pinned, await gatewayToken(SECRET, URL_SMS));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong secret, another algorithm, an unsigned token and none at all', async () => {
    await expectRefused(t, await gatewayToken('not-the-secret', URL_SMS));
    const claims = { aud: [URL_SMS], iss: 'api.httpsms.com', iat: now(), exp: now() + 600 };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    await expectRefused(t, `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`);
    const [, hs256Body, sig] = (await signJwt(SECRET, claims)).split('.');
    await expectRefused(t, `${Buffer.from('{"alg":"HS512","typ":"JWT"}').toString('base64url')}.${hs256Body}.${sig}`);
    await expectRefused(t, null);
  });

  it('refuses an event dated in the future (a 2099 heartbeat) with 400; a couple of minutes ahead is clock drift', async () => {
    const token = await gatewayToken(SECRET, URL_SMS);
    const before = await lastActive(t);
    for (const [data, time] of [
      [{ timestamp: '2099-01-01T00:00:00Z' }, undefined],
      [{}, '2099-01-01T00:00:00Z'],
    ] as const) {
      const res = await post(t, token, data, time);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(WEBHOOK_MESSAGES.future);
      expect(await lastActive(t)).toBe(before);
    }
    const soon = new Date(Date.now() + 120_000).toISOString();
    const res = await post(t, token, { timestamp: soon });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastActive(t)).toBe(soon);
  });
});
