import { createHmac } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { signedInAdmin } from '../../helpers/admins';
import { permissionDeniedMessage } from '@domain/admins/console';
import { addIntent, addStudent, expandOnly } from '../../helpers/notifications';
import { startStandInGraph, type StandInGraph } from '../../fixtures/graph-api';
import { ConfigError, loadConfig } from '@core/config';
import { hashPassword, hashToken } from '@core/auth/passwords';
import { migrations } from '@core/db/migrations/index';
import { LEARNER_CONNECTED_REPLY, OPT_IN_MESSAGES as M, OPT_IN_REPLIES } from '@domain/messenger-opt-in';

/**
 * A parent's m.me opt-in ref binds one PSID to one student, once, before it expires; the
 * console unbinds and makes new links (the old one dies). A refused ref binds nothing, is logged, and the
 * page answers the sender through the (stand-in) Send API. Item 9: the page token travels in a header.
 */
describe(`Messenger opt-in links (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let graph: StandInGraph;
  const appSecret = 'opt-in-app-secret';
  const TTL_DAYS = 3;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  let pageSeq = 0;

  /** A school with an active page (its token known to the stand-in Graph API) and a student of it. */
  async function setup() {
    const school = await createSchool(t.app, token);
    pageSeq += 1;
    const pageId = `77${Date.now() % 1_000_000}${pageSeq}`;
    const accessToken = `EAAB-optin-${pageId}`;
    graph.tokens.set(accessToken, { id: pageId, name: `Page ${pageId}` });
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId, pageName: `Page ${pageId}`, accessToken, schoolId: school.id },
    });
    expect(res.statusCode).toBe(201);
    const studentId = await addStudent(t.app, school.id, { notificationPreference: 'FACEBOOK_MESSENGER_ONLY' });
    return { schoolId: school.id, pageId, accessToken, studentId };
  }
  const newLink = async (studentId: number) => {
    const res = await call({ method: 'POST', url: `/api/super-admin/students/${studentId}/messenger-opt-in/links` });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    return { ...data, ref: new URL(data.link).searchParams.get('ref')! };
  };
  const status = async (studentId: number) =>
    (await call({ method: 'GET', url: `/api/super-admin/students/${studentId}/messenger-opt-in` })).json().data;
  /** Facebook's POST for `psid` opening the m.me link with `ref` on page `pageId`, signed with the app secret. */
  const openLink = async (pageId: string, psid: string, ref: string) => {
    const raw = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: pageId,
          time: Date.now(),
          messaging: [
            { sender: { id: psid }, recipient: { id: pageId }, referral: { ref, source: 'SHORTLINK', type: 'OPEN_THREAD' } },
          ],
        },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/messenger',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200); // Facebook must not retry: a refusal is still a 200
    return res.json().data as { bound: number; refused: number };
  };
  const psidOf = async (studentId: number) =>
    (await t.app.db.selectFrom('students').select('parentMessengerPsid').where('id', '=', studentId).executeTakeFirstOrThrow())
      .parentMessengerPsid;
  const repliesTo = (psid: string) => graph.sent.filter((m) => m.psid === psid);

  beforeAll(async () => {
    graph = await startStandInGraph();
    t = await createTestApp({ graphApiUrl: graph.url, messengerAppSecret: appSecret, messengerOptInTtlDays: TTL_DAYS });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
  });

  it("a school admin with MANAGE_STUDENTS sees and makes their learner's guardian link; another school's is not found", async () => {
    const { schoolId, pageId, studentId } = await setup();
    const other = await setup();
    const { token: admin } = await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS', 'MANAGE_STUDENTS']);
    const { token: viewer } = await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS']);
    const asAdmin = (opts: Parameters<ReturnType<typeof as>>[1], who = admin) => as(who)(t.app, opts);
    const url = (id: number) => `/api/admin/students/${id}/messenger-opt-in`;

    const shown = await asAdmin({ method: 'GET', url: url(studentId) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ binding: null, pendingLink: null });
    const made = await asAdmin({ method: 'POST', url: `${url(studentId)}/links` });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ success: true, message: M.linkCreated });
    const ref = new URL(made.json().data.link).searchParams.get('ref')!;
    expect(await openLink(pageId, 'psid-admin-made', ref)).toEqual({ bound: 1, refused: 0 });
    const log = (await logsOf(t.app, 'CREATE_MESSENGER_OPT_IN'))[0]!;
    expect(log).toMatchObject({ userRole: 'ADMIN', schoolId, entityId: String(studentId) });
    const unbound = await asAdmin({ method: 'DELETE', url: `${url(studentId)}/binding` });
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json()).toMatchObject({ message: M.unbound, data: { binding: null } });

    for (const [method, path] of [
      ['GET', url(other.studentId)],
      ['POST', `${url(other.studentId)}/links`],
      ['DELETE', `${url(other.studentId)}/binding`],
    ] as const) {
      const res = await asAdmin({ method, url: path });
      expect([res.statusCode, res.json().message], `${method} ${path}`).toEqual([404, M.studentNotFound]);
    }
    const denied = await asAdmin({ method: 'GET', url: url(studentId) }, viewer);
    expect([denied.statusCode, denied.json().message]).toEqual([403, permissionDeniedMessage('MANAGE_STUDENTS')]);
  });

  it('A binds; B with the same ref is refused (logged, told in Messenger) and A stays bound; A again is a no-op', async () => {
    const s = await setup();
    const link = await newLink(s.studentId);
    expect(link.link).toBe(`https://m.me/${s.pageId}?ref=${link.ref}`);
    expect(link.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(link.pendingLink).toEqual({ createdAt: expect.any(String), expiresAt: expect.any(String) });
    expect(Date.parse(link.pendingLink.expiresAt) - Date.parse(link.pendingLink.createdAt)).toBe(TTL_DAYS * 86_400_000);
    expect(link.binding).toBeNull();

    expect(await openLink(s.pageId, '24100001', link.ref)).toEqual({ bound: 1, refused: 0 });
    expect(await psidOf(s.studentId)).toBe('24100001');
    const bound = await status(s.studentId);
    expect(bound.binding).toEqual({ boundAt: expect.any(String), page: { pageId: s.pageId, pageName: `Page ${s.pageId}` } });
    expect(bound.pendingLink).toBeNull();
    expect(JSON.stringify(bound)).not.toContain(link.ref); // the link is shown once, at creation

    expect(await openLink(s.pageId, '24100002', link.ref)).toEqual({ bound: 0, refused: 1 });
    expect(await psidOf(s.studentId)).toBe('24100001');
    expect(repliesTo('24100002')).toEqual([
      { pageId: s.pageId, psid: '24100002', text: OPT_IN_REPLIES.used, messagingType: 'RESPONSE' },
    ]);
    const [refusal] = await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED');
    expect(refusal).toMatchObject({
      entity: 'Student',
      entityId: String(s.studentId),
      details: { reason: 'used', psid: '24100002', page: s.pageId },
    });

    // The parent re-opening their own link changes nothing and gets no complaint.
    const refusalsBefore = (await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED')).length;
    expect(await openLink(s.pageId, '24100001', link.ref)).toEqual({ bound: 0, refused: 0 });
    expect(repliesTo('24100001')).toEqual([]);
    expect(await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED')).toHaveLength(refusalsBefore);
    expect(await psidOf(s.studentId)).toBe('24100001');
  });

  it('an expired ref is refused with its own reply; an unknown ref binds nothing either', async () => {
    const s = await setup();
    const link = await newLink(s.studentId);
    await t.app.db
      .updateTable('messengerOptInLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('refHash', '=', hashToken(link.ref))
      .execute();
    expect((await status(s.studentId)).pendingLink).toBeNull();
    expect(await openLink(s.pageId, '24100011', link.ref)).toEqual({ bound: 0, refused: 1 });
    expect(await psidOf(s.studentId)).toBeNull();
    expect(repliesTo('24100011').map((m) => m.text)).toEqual([OPT_IN_REPLIES.expired]);
    expect((await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED'))[0]).toMatchObject({
      entityId: String(s.studentId),
      details: { reason: 'expired' },
    });

    expect(await openLink(s.pageId, '24100012', `s${s.studentId}-guessed`)).toEqual({ bound: 0, refused: 1 });
    expect(repliesTo('24100012').map((m) => m.text)).toEqual([OPT_IN_REPLIES.invalid]);
    expect((await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED'))[0]).toMatchObject({
      entityId: null,
      details: { reason: 'unknown' },
    });
  });

  it('unbind, new link, bind works; the old link stays dead, and an unused link dies when a newer one is made', async () => {
    const s = await setup();
    const first = await newLink(s.studentId);
    expect(await openLink(s.pageId, '24100021', first.ref)).toMatchObject({ bound: 1 });

    const unbind = await call({ method: 'DELETE', url: `/api/super-admin/students/${s.studentId}/messenger-opt-in/binding` });
    expect(unbind.statusCode).toBe(200);
    expect(unbind.json()).toMatchObject({ success: true, message: M.unbound, data: { binding: null } });
    expect(await psidOf(s.studentId)).toBeNull();
    expect((await logsOf(t.app, 'UNBIND_PARENT_MESSENGER'))[0]).toMatchObject({
      entityId: String(s.studentId),
      details: { page: s.pageId },
    });
    const again = await call({ method: 'DELETE', url: `/api/super-admin/students/${s.studentId}/messenger-opt-in/binding` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: M.notBound });

    // The used link cannot bind again, not even for the parent who used it (the school unbound them).
    expect(await openLink(s.pageId, '24100021', first.ref)).toEqual({ bound: 0, refused: 1 });
    expect(await psidOf(s.studentId)).toBeNull();

    const unused = await newLink(s.studentId);
    const second = await newLink(s.studentId);
    expect((await logsOf(t.app, 'CREATE_MESSENGER_OPT_IN'))[0]).toMatchObject({
      entityId: String(s.studentId),
      details: { page: s.pageId, replacedLinks: 1 },
    });
    expect(await openLink(s.pageId, '24100022', unused.ref)).toEqual({ bound: 0, refused: 1 });
    expect(repliesTo('24100022').map((m) => m.text)).toEqual([OPT_IN_REPLIES.invalid]);
    expect(await openLink(s.pageId, '24100023', second.ref)).toEqual({ bound: 1, refused: 0 });
    expect(await psidOf(s.studentId)).toBe('24100023');
    expect(await openLink(s.pageId, '24100021', first.ref)).toEqual({ bound: 0, refused: 1 });
    expect(await psidOf(s.studentId)).toBe('24100023');
  });

  it('of two people opening one link at the same moment, exactly one is bound', async () => {
    const s = await setup();
    const link = await newLink(s.studentId);
    const results = await Promise.all(['24100031', '24100032'].map((psid) => openLink(s.pageId, psid, link.ref)));
    expect(results.map((r) => r.bound).sort()).toEqual([0, 1]);
    const winner = results[0]!.bound ? '24100031' : '24100032';
    expect(await psidOf(s.studentId)).toBe(winner);
  });

  it("a ref arriving through another school's page binds nothing (PSIDs are page-scoped)", async () => {
    const s = await setup();
    const other = await setup();
    const link = await newLink(s.studentId);
    expect(await openLink(other.pageId, '24100041', link.ref)).toEqual({ bound: 0, refused: 1 });
    expect(await psidOf(s.studentId)).toBeNull();
    expect((await logsOf(t.app, 'MESSENGER_OPT_IN_REFUSED'))[0]).toMatchObject({ details: { reason: 'other page' } });
    // The link is still good through its own page.
    expect(await openLink(s.pageId, '24100042', link.ref)).toEqual({ bound: 1, refused: 0 });
  });

  it('stores only a hash of the ref; clear answers for a student without page, unknown or archived', async () => {
    const s = await setup();
    const link = await newLink(s.studentId);
    const rows = await t.app.db.selectFrom('messengerOptInLinks').selectAll().where('studentId', '=', s.studentId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link.ref);
    expect(rows[0]!.refHash).toBe(hashToken(link.ref));

    const noPage = await addStudent(t.app, null);
    const refused = await call({ method: 'POST', url: `/api/super-admin/students/${noPage}/messenger-opt-in/links` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: M.noPage });
    expect((await status(noPage)).page).toBeNull();
    for (const url of [
      '/api/super-admin/students/99999999/messenger-opt-in',
      '/api/super-admin/students/abc/messenger-opt-in/links',
    ]) {
      const res = await call({ method: url.endsWith('links') ? 'POST' : 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.studentNotFound);
    }
  });

  it('MESSENGER_OPTIN_TTL_DAYS: default 7, whole days from 1 to 90', () => {
    expect(loadConfig({}).messengerOptInTtlDays).toBe(7);
    expect(loadConfig({ MESSENGER_OPTIN_TTL_DAYS: '14' }).messengerOptInTtlDays).toBe(14);
    expect(() => loadConfig({ MESSENGER_OPTIN_TTL_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MESSENGER_OPTIN_TTL_DAYS: '0' })).toThrow(
      'Invalid MESSENGER_OPTIN_TTL_DAYS="0": expected a whole number from 1 to 90',
    );
  });

  it('item 9: the page token goes to Graph in the Authorization header, never in the URL', async () => {
    const s = await setup();
    graph.requests.length = 0;
    const tested = await call({ method: 'GET', url: `/api/super-admin/schools/${s.schoolId}/facebook-pages` });
    const pageRecord = tested.json().data[0].id as number;
    expect((await call({ method: 'POST', url: `/api/super-admin/facebook-pages/${pageRecord}/test` })).statusCode).toBe(200);
    const sent = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages/send-message',
      payload: { recipientId: '24100051', message: 'Hello', pageId: pageRecord },
    });
    expect(sent.statusCode).toBe(200);
    expect(graph.requests.map((r) => [r.method, r.url.replace(/^\/v[\d.]+/, ''), r.authorization])).toEqual([
      ['GET', '/me?fields=id,name', `Bearer ${s.accessToken}`],
      ['POST', `/${s.pageId}/messages`, `Bearer ${s.accessToken}`],
    ]);
  });

  /** The student's portal session (a known password set on the row, then POST /api/student/login). */
  const learnerSession = async (studentId: number) => {
    await t.app.db
      .updateTable('students')
      .set({ passwordHash: await hashPassword('Learner-Pass-2024', t.app.config.scryptCost) })
      .where('id', '=', studentId)
      .execute();
    const { email } = await t.app.db.selectFrom('students').select('email').where('id', '=', studentId).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      headers: WANT_TOKEN,
      payload: { email, password: 'Learner-Pass-2024' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return as(res.json().data.token as string);
  };
  const slotsOf = (studentId: number) =>
    t.app.db
      .selectFrom('students')
      .select(['parentMessengerPsid', 'learnerMessengerPsid'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();

  it("a learner's own link binds the learner's slot, never the guardian's, and the page confirms it", async () => {
    const s = await setup();
    const learner = await learnerSession(s.studentId);
    const made = await learner(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    expect(made.statusCode, made.body).toBe(201);
    const ref = new URL(made.json().data.link).searchParams.get('ref')!;

    expect(await openLink(s.pageId, '24100071', ref)).toEqual({ bound: 1, refused: 0 });
    expect(await slotsOf(s.studentId)).toEqual({ parentMessengerPsid: null, learnerMessengerPsid: '24100071' });
    expect((await status(s.studentId)).binding).toBeNull(); // the school still sees no guardian
    expect(repliesTo('24100071').map((m) => m.text)).toEqual([LEARNER_CONNECTED_REPLY]);
    expect((await logsOf(t.app, 'CONNECT_LEARNER_MESSENGER'))[0]).toMatchObject({ entityId: String(s.studentId) });
    const mine = (await learner(t.app, { method: 'GET', url: '/api/student/messenger' })).json().data;
    expect(mine).toMatchObject({ connected: false, connectedAt: null, mine: { connected: true }, pendingLink: null });

    // The learner's slot gets no attendance notices: the notice's Messenger copy has no recipient (no guardian).
    await addIntent(t.app, { studentId: s.studentId, schoolId: s.schoolId });
    await expandOnly(t.app, s.studentId);
    const messages = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['channel', 'recipient'])
      .where('studentId', '=', s.studentId)
      .where('channel', '<>', 'INTENT')
      .execute();
    expect(messages).toEqual([{ channel: 'MESSENGER', recipient: '' }]);
  });

  it("the school's printed guardian link still binds the guardian after the learner made theirs", async () => {
    const s = await setup();
    const printed = await newLink(s.studentId);
    const learner = await learnerSession(s.studentId);
    const made = await learner(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.connected).toBe(false);
    // The school's link is still live for the console, and binds the guardian.
    expect((await status(s.studentId)).pendingLink).toEqual(printed.pendingLink);
    expect(await openLink(s.pageId, '24100081', printed.ref)).toEqual({ bound: 1, refused: 0 });
    expect(await slotsOf(s.studentId)).toEqual({ parentMessengerPsid: '24100081', learnerMessengerPsid: null });
    expect(repliesTo('24100081')).toEqual([]);
    // …and the learner's own link, used afterwards, binds the learner beside the guardian.
    const ref = new URL(made.json().data.link).searchParams.get('ref')!;
    expect(await openLink(s.pageId, '24100082', ref)).toEqual({ bound: 1, refused: 0 });
    expect(await slotsOf(s.studentId)).toEqual({ parentMessengerPsid: '24100081', learnerMessengerPsid: '24100082' });
    // Making the learner's link revoked nothing of the school's.
    const live = await t.app.db
      .selectFrom('messengerOptInLinks')
      .select(['slot'])
      .where('studentId', '=', s.studentId)
      .where('revokedAt', 'is not', null)
      .execute();
    expect(live).toEqual([]);
  });

  it("migration 0009: an unbound parent's old permanent ref becomes a single-use 7-day link; a bound parent's is dropped", async () => {
    const m = await createTestApp();
    try {
      const db = m.app.db;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(m.app.config.pgSchema ? { migrationTableSchema: m.app.config.pgSchema } : {}),
      });
      // Back to just before 0009 (the later migrations go down first), then up again.
      const down = await migrator.migrateTo('0008_unique_grade_section_names');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status]).at(-1)).toEqual([
        '0009_messenger_opt_in_links',
        'Down',
        'Success',
      ]);
      const waiting = await addStudent(m.app, null);
      const bound = await addStudent(m.app, null, { parentMessengerPsid: '24100061' });
      for (const [id, ref] of [
        [waiting, 'old-ref-waiting'],
        [bound, 'old-ref-bound'],
      ] as const) {
        await sql`update students set messenger_ref_token = ${ref} where id = ${id}`.execute(db);
      }
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const links = await db.selectFrom('messengerOptInLinks').selectAll().execute();
      expect(links.map((l) => [l.studentId, l.refHash, l.usedAt, l.revokedAt])).toEqual([
        [waiting, hashToken('old-ref-waiting'), null, null],
      ]);
      const days = (Date.parse(links[0]!.expiresAt) - Date.parse(links[0]!.createdAt)) / 86_400_000;
      expect(days).toBe(7);
      const columns = Object.keys(
        await db.selectFrom('students').selectAll().where('id', '=', waiting).executeTakeFirstOrThrow(),
      );
      expect(columns).not.toContain('messengerRefToken');
    } finally {
      await m.close();
    }
  });
});
