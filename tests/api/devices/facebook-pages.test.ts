import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, historyOf } from '../../helpers/notifications';
import { startStandInGraph, type StandInGraph } from '../../fixtures/graph-api';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { FACEBOOK_PAGE_MESSAGES as M } from '@domain/devices/facebook-pages';
import { MESSENGER_REASONS } from '../../../server/features/outbox/deliver-messenger';

/** Facebook pages, the Messenger channel of the outbox, parent opt-in and the Messenger webhook. */
describe(`Facebook pages and Messenger (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let graph: StandInGraph;
  let gw: StandInGateway;
  const appSecret = 'fb-app-secret';
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  const addPage = async (schoolId: number, pageId: string, accessToken: string) => {
    graph.tokens.set(accessToken, { id: pageId, name: `Page ${pageId}` });
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId, pageName: `Page ${pageId}`, accessToken, schoolId },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; accessToken: string; needsReauth: boolean };
  };
  const signed = (body: unknown, secret = appSecret) => {
    const raw = JSON.stringify(body);
    return {
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
      },
    };
  };

  beforeAll(async () => {
    graph = await startStandInGraph();
    gw = await startStandInGateway();
    t = await createTestApp({
      graphApiUrl: graph.url,
      smsGatewayUrl: gw.url,
      messengerAppSecret: appSecret,
      messengerVerifyToken: 'verify-me',
      outbox: { ...loadConfig({}).outbox, enabled: false, baseDelayMs: 20, maxDelayMs: 80, maxAttempts: 3, sendTimeoutMs: 1000 },
    });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
    await gw.close();
  });

  it('creates a page (token masked, encrypted at rest), lists it all and by school, updates, deletes', async () => {
    const school = await createSchool(t.app, token);
    const page = await addPage(school.id, '1000001', 'EAAB-page-token-SECRET-9876');
    expect(page.accessToken).toBe('••••••••9876');
    const stored = await t.app.db
      .selectFrom('facebookPages')
      .select('accessToken')
      .where('id', '=', page.id)
      .executeTakeFirstOrThrow();
    expect(stored.accessToken).not.toContain('EAAB-page-token-SECRET');
    const all = await call({ method: 'GET', url: '/api/super-admin/facebook-pages' });
    expect(JSON.stringify(all.json())).not.toContain('EAAB-page-token-SECRET');
    const bySchool = (await call({ method: 'GET', url: `/api/super-admin/schools/${school.id}/facebook-pages` })).json().data;
    expect(bySchool.map((p: { id: number }) => p.id)).toEqual([page.id]);
    expect((await call({ method: 'GET', url: '/api/super-admin/schools/999999/facebook-pages' })).statusCode).toBe(404);

    const dup = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId: '1000001', pageName: 'Again', accessToken: 'x', schoolId: school.id },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.duplicate);

    const upd = await call({
      method: 'PATCH',
      url: `/api/super-admin/facebook-pages/${page.id}`,
      payload: { pageName: 'Renamed', isActive: false, accessToken: '' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ pageName: 'Renamed', isActive: false, accessToken: '••••••••9876' });
    expect((await logsOf(t.app, 'UPDATE_FACEBOOK_PAGE'))[0]?.details.changes.pageName).toEqual({
      from: 'Page 1000001',
      to: 'Renamed',
    });
    const tokenUrl = `/api/super-admin/facebook-pages/${page.id}/access-token`;
    const wrong = await call({ method: 'POST', url: tokenUrl, payload: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'Password is incorrect' });
    expect(wrong.body).not.toContain('SECRET-9876');
    expect(
      (await call({ method: 'POST', url: tokenUrl, payload: { password: SUPER_ADMIN.password } })).json().data.accessToken,
    ).toBe('EAAB-page-token-SECRET-9876');
    expect((await call({ method: 'DELETE', url: `/api/super-admin/facebook-pages/${page.id}` })).statusCode).toBe(200);
    expect((await logsOf(t.app, 'DELETE_FACEBOOK_PAGE'))[0]?.entityId).toBe(String(page.id));
    const gone = await call({ method: 'PATCH', url: `/api/super-admin/facebook-pages/${page.id}`, payload: {} });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.notFound);
  });

  it.each([
    [{ pageId: '' }, 'pageId', M.pageId],
    [{ pageName: ' ' }, 'pageName', M.pageName],
    [{ accessToken: '' }, 'accessToken', M.accessToken],
    [{ schoolId: '' }, 'schoolId', M.schoolId],
  ])('refuses %j with 400 and the spec message', async (bad, field, message) => {
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId: '1', pageName: 'P', accessToken: 't', schoolId: 1, ...bad },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
  });

  it('Test Connection: GET /me must name the page; a refused test is 400 with the spec text and changes nothing', async () => {
    const school = await createSchool(t.app, token);
    const page = await addPage(school.id, '1000002', 'token-good-0002');
    const ok = await call({ method: 'POST', url: `/api/super-admin/facebook-pages/${page.id}/test` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(M.testOk);

    graph.expired.add('token-good-0002');
    const dead = await call({ method: 'POST', url: `/api/super-admin/facebook-pages/${page.id}/test` });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({
      message: M.testFailed,
      errors: { graph: 'Messenger 190: Error validating access token: Session has expired' },
    });
    expect((await call({ method: 'GET', url: `/api/super-admin/facebook-pages/${page.id}` })).json().data.needsReauth).toBe(
      false,
    );
    expect((await logsOf(t.app, 'TEST_FACEBOOK_PAGE')).length).toBe(1);

    // A token of another page is not this page's token.
    graph.tokens.set('token-of-other-page', { id: '555', name: 'Other' });
    await call({
      method: 'PATCH',
      url: `/api/super-admin/facebook-pages/${page.id}`,
      payload: { accessToken: 'token-of-other-page' },
    });
    const other = await call({ method: 'POST', url: `/api/super-admin/facebook-pages/${page.id}/test` });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.graph).toBe('The token belongs to 555, not page 1000002');
  });

  it('send-message sends through the page; blank recipient or message is 400', async () => {
    const school = await createSchool(t.app, token);
    const page = await addPage(school.id, '1000003', 'token-0003');
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages/send-message',
      payload: { recipientId: '24000001', message: 'Hello parent', pageId: page.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.sendOk);
    expect(graph.sent.at(-1)).toEqual({ pageId: '1000003', psid: '24000001', text: 'Hello parent', messagingType: 'UPDATE' });
    const blank = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages/send-message',
      payload: { recipientId: ' ', message: 'x', pageId: page.id },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(M.recipientId);
    const refused = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages/send-message',
      payload: { recipientId: 'not-a-psid', message: 'x', pageId: '1000003' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.sendFailed);
    graph.tokens.delete('token-0003');
    const down = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages/send-message',
      payload: { recipientId: '24000001', message: 'x', pageId: page.id },
    });
    expect(down.statusCode).toBe(400);
  });

  it('opt-in: a new student link is m.me/{page}?ref={ref} with a QR code; the signed webhook binds the parent PSID', async () => {
    const school = await createSchool(t.app, token);
    await addPage(school.id, '1000004', 'token-0004');
    const studentId = await addStudent(t.app, school.id, { notificationPreference: 'FACEBOOK_MESSENGER_ONLY' });
    const res = await call({ method: 'POST', url: `/api/super-admin/students/${studentId}/messenger-opt-in/links` });
    expect(res.statusCode).toBe(201);
    const optIn = res.json().data;
    expect(optIn.link).toMatch(/^https:\/\/m\.me\/1000004\?ref=[\w-]{24}$/);
    expect(optIn.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(optIn.binding).toBeNull();
    const ref = new URL(optIn.link).searchParams.get('ref')!;

    const event = {
      object: 'page',
      entry: [
        {
          id: '1000004',
          time: Date.now(),
          messaging: [
            {
              sender: { id: '24009999' },
              recipient: { id: '1000004' },
              referral: { ref, source: 'SHORTLINK', type: 'OPEN_THREAD' },
            },
          ],
        },
      ],
    };
    const bad = await t.app.inject({ method: 'POST', url: '/api/webhooks/messenger', ...signed(event, 'wrong') });
    expect(bad.statusCode).toBe(401);
    let row = await t.app.db
      .selectFrom('students')
      .select('parentMessengerPsid')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(row.parentMessengerPsid).toBeNull();

    const good = await t.app.inject({ method: 'POST', url: '/api/webhooks/messenger', ...signed(event) });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.bound).toBe(1);
    row = await t.app.db
      .selectFrom('students')
      .select('parentMessengerPsid')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(row.parentMessengerPsid).toBe('24009999');
    expect(
      (await call({ method: 'GET', url: `/api/super-admin/students/${studentId}/messenger-opt-in` })).json().data.binding,
    ).toMatchObject({ page: { pageId: '1000004' } });

    // The notification now goes by Messenger (FACEBOOK_MESSENGER_ONLY).
    await addIntent(t.app, { type: 'CHECK_OUT', studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    expect((await historyOf(t.app, studentId))[0]).toMatchObject({ channel: 'MESSENGER', phoneNumber: null });
    expect(graph.sent.at(-1)).toMatchObject({ pageId: '1000004', psid: '24009999' });
  });

  it('webhook verification: the right verify token echoes the challenge, a wrong one is 403', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('12345');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('preference BOTH: outside the messaging window the Messenger copy fails with the reason and the SMS still goes', async () => {
    const school = await createSchool(t.app, token);
    await addPage(school.id, '1000005', 'token-0005');
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true });
    const studentId = await addStudent(t.app, school.id, { notificationPreference: 'BOTH', parentMessengerPsid: '24005555' });
    graph.windowClosed.add('24005555');
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(
      t.app,
      async () =>
        (await historyOf(t.app, studentId)).every((n) => n.status !== 'PENDING') &&
        (await historyOf(t.app, studentId)).length === 2,
    );
    const notes = await historyOf(t.app, studentId);
    expect(notes.map((n) => [n.channel, n.status, n.failureReason])).toEqual([
      ['SMS', 'SENT', null],
      ['MESSENGER', 'FAILED', MESSENGER_REASONS.window],
    ]);
  });

  it('a dead page token during sending: FAILED "needs reconnection", the page is marked, no retry', async () => {
    const school = await createSchool(t.app, token);
    const page = await addPage(school.id, '1000006', 'token-0006');
    const studentId = await addStudent(t.app, school.id, {
      notificationPreference: 'FACEBOOK_MESSENGER_ONLY',
      parentMessengerPsid: '24006666',
    });
    graph.expired.add('token-0006');
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'FAILED');
    expect((await historyOf(t.app, studentId))[0]?.failureReason).toBe(MESSENGER_REASONS.reauth);
    expect((await call({ method: 'GET', url: `/api/super-admin/facebook-pages/${page.id}` })).json().data.needsReauth).toBe(true);
    const row = await t.app.db
      .selectFrom('notificationOutbox')
      .select('attempts')
      .where('studentId', '=', studentId)
      .where('channel', '=', 'MESSENGER')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });

  it('rate limited (4): backs off and sends when the limit clears', async () => {
    const school = await createSchool(t.app, token);
    await addPage(school.id, '1000007', 'token-0007');
    const studentId = await addStudent(t.app, school.id, {
      notificationPreference: 'FACEBOOK_MESSENGER_ONLY',
      parentMessengerPsid: '24007777',
    });
    graph.rateLimited = 1;
    await addIntent(t.app, { studentId, schoolId: school.id });
    await drain(t.app, async () => (await historyOf(t.app, studentId))[0]?.status === 'SENT');
    const row = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['attempts', 'status'])
      .where('studentId', '=', studentId)
      .where('channel', '=', 'MESSENGER')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, status: 'sent' });
  });
});
