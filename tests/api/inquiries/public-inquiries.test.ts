import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { logsOf } from '../../helpers/schools';
import { INQUIRY_MESSAGES } from '@domain/inquiries';
import { ORDER_MESSAGES } from '@domain/systems/orders';

const LIMITS = (publicFormsPerMinute: number) => ({ loginPerMinute: 100, loginPerEmailPer15Min: 100, publicFormsPerMinute });
const inquiry = { email: 'Parent@Example.com', subject: 'Pricing', inquiry: 'How much for 3 schools?' };

describe(`public inquiries, orders and catalogue (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let systemId: number;
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
  const count = async (table: 'inquiries' | 'orders') => (await t.app.db.selectFrom(table).select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: LIMITS(1000) });
    token = await loginSuperAdmin(t.app);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/systems',
      payload: { name: 'RFID Gate Pro', description: 'Turnstile reader', features: ['SMS alerts', ' ', 'Dual antenna'] },
    });
    expect(res.statusCode).toBe(201);
    systemId = res.json().data.id;
  });
  afterAll(async () => t.close());

  it('stores an inquiry, answers with the spec message and logs it as a public visitor', async () => {
    const res = await post('/api/inquiries', inquiry);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: null, message: INQUIRY_MESSAGES.sent });
    const row = await t.app.db.selectFrom('inquiries').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'parent@example.com', subject: 'Pricing', inquiry: 'How much for 3 schools?' });
    const [log] = await logsOf(t.app, 'CREATE_INQUIRY');
    expect(log).toMatchObject({ entity: 'Inquiry', entityId: String(row.id), userRole: 'PUBLIC', userId: null });
    expect(JSON.parse(log!.performedBy!).name).toBe('Public visitor');
  });

  it('rejects missing, invalid and over-long fields with field messages and stores nothing', async () => {
    const before = await count('inquiries');
    const empty = await post('/api/inquiries', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      email: 'Email is required',
      subject: 'Subject is required',
      inquiry: 'Message is required',
    });
    const blanks = await post('/api/inquiries', { email: ' ', subject: '  ', inquiry: '\n' });
    expect(blanks.json().errors).toEqual({
      email: 'Email is required',
      subject: 'Subject is required',
      inquiry: 'Message is required',
    });
    const bad = await post('/api/inquiries', { ...inquiry, email: 'not an email' });
    expect(bad.json()).toMatchObject({ success: false, message: 'Please enter a valid email address' });
    const longSubject = await post('/api/inquiries', { ...inquiry, subject: 'x'.repeat(201) });
    expect(longSubject.json().message).toBe('Subject must be 200 characters or less');
    const longMessage = await post('/api/inquiries', { ...inquiry, inquiry: 'x'.repeat(5001) });
    expect(longMessage.json().message).toBe('Message must be 5,000 characters or less');
    const notObject = await post('/api/inquiries', ['a']);
    expect(notObject.statusCode).toBe(400);
    expect(await count('inquiries')).toBe(before);
    const atLimits = await post('/api/inquiries', { ...inquiry, subject: 's'.repeat(200), inquiry: 'm'.repeat(5000) });
    expect(atLimits.statusCode).toBe(201);
  });

  it('stores markup as typed text', async () => {
    const markup = {
      email: 'x@y.io',
      subject: '<b>Hi</b> & "you"',
      inquiry: '<script>alert(1)</script><img src=x onerror=alert(2)>',
    };
    expect((await post('/api/inquiries', markup)).statusCode).toBe(201);
    const list = (await as(token)(t.app, { method: 'GET', url: '/api/inquiries' })).json().data;
    expect(list[0]).toMatchObject({ subject: markup.subject, inquiry: markup.inquiry });
  });

  it('answers a filled honeypot like a real submission but stores and logs nothing', async () => {
    const inquiries = await count('inquiries');
    const orders = await count('orders');
    const logs = (await logsOf(t.app, 'CREATE_INQUIRY')).length + (await logsOf(t.app, 'CREATE_ORDER')).length;
    const bot = await post('/api/inquiries', { ...inquiry, website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual({ success: true, data: null, message: INQUIRY_MESSAGES.sent });
    expect((await post('/api/inquiries', { website: 'x' })).statusCode).toBe(201);
    const botOrder = await post('/api/inquiries/orders', { email: 'bot@spam.io', systemId, website: 'spam' });
    expect(botOrder.json()).toEqual({ success: true, data: null, message: ORDER_MESSAGES.submitted });
    expect(await count('inquiries')).toBe(inquiries);
    expect(await count('orders')).toBe(orders);
    expect((await logsOf(t.app, 'CREATE_INQUIRY')).length + (await logsOf(t.app, 'CREATE_ORDER')).length).toBe(logs);
    // An empty honeypot is a person.
    expect((await post('/api/inquiries', { ...inquiry, website: '' })).statusCode).toBe(201);
    expect(await count('inquiries')).toBe(inquiries + 1);
  });

  it('lists the catalogue publicly with _id and id, features and images as arrays', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/systems' });
    expect(res.statusCode).toBe(200);
    const [system] = res.json().data;
    expect(system).toMatchObject({
      _id: systemId,
      id: systemId,
      name: 'RFID Gate Pro',
      description: 'Turnstile reader',
      features: ['SMS alerts', 'Dual antenna'],
      images: [],
    });
    expect(typeof system.createdAt).toBe('string');
  });

  it('stores an order as pending with the system name as ordered, logged as a public visitor', async () => {
    const res = await post('/api/inquiries/orders', { email: 'buyer@school.ph', systemId, additionalNotes: '  Need 4 gates  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: null, message: ORDER_MESSAGES.submitted });
    const order = await t.app.db.selectFrom('orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      email: 'buyer@school.ph',
      systemId,
      systemName: 'RFID Gate Pro',
      status: 'pending',
      additionalNotes: 'Need 4 gates',
    });
    const [log] = await logsOf(t.app, 'CREATE_ORDER');
    expect(log).toMatchObject({ entity: 'Order', entityId: String(order.id), userRole: 'PUBLIC' });
    expect(log!.details).toMatchObject({ systemName: 'RFID Gate Pro' });
    // Notes are optional; an empty string is no note.
    expect(
      (await post('/api/inquiries/orders', { email: 'b2@school.ph', systemId: String(systemId), additionalNotes: '' }))
        .statusCode,
    ).toBe(201);
    const last = await t.app.db.selectFrom('orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.additionalNotes).toBeNull();
  });

  it('rejects bad orders with clear 4xx and stores nothing', async () => {
    const before = await count('orders');
    const unknown = await post('/api/inquiries/orders', { email: 'a@b.co', systemId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'System not found' });
    const huge = await post('/api/inquiries/orders', { email: 'a@b.co', systemId: 99999999999 });
    expect(huge.json()).toMatchObject({ success: false, message: 'Please select a system' });
    const missing = await post('/api/inquiries/orders', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ email: 'Email is required', systemId: 'Please select a system' });
    const badEmail = await post('/api/inquiries/orders', { email: 'a@b', systemId });
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const badId = await post('/api/inquiries/orders', { email: 'a@b.co', systemId: 'abc' });
    expect(badId.json().message).toBe('Please select a system');
    const longNotes = await post('/api/inquiries/orders', { email: 'a@b.co', systemId, additionalNotes: 'n'.repeat(2001) });
    expect(longNotes.json().message).toBe('Additional notes must be 2,000 characters or less');
    expect(await count('orders')).toBe(before);
  });

  it('keeps the inquiry list, detail and delete for super admins', async () => {
    for (const [method, url] of [
      ['GET', '/api/inquiries'],
      ['GET', '/api/inquiries/1'],
      ['DELETE', '/api/inquiries/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const list = (await as(token)(t.app, { method: 'GET', url: '/api/inquiries' })).json().data;
    expect(list.length).toBeGreaterThan(2);
    expect(list.map((i: { id: number }) => i.id)).toEqual([...list.map((i: { id: number }) => i.id)].sort((a, b) => b - a));
    const first = list[list.length - 1];
    expect(first._id).toBe(first.id);
    const detail = await as(token)(t.app, { method: 'GET', url: `/api/inquiries/${first.id}` });
    expect(detail.json().data).toEqual(first);
    for (const bad of ['999999', 'abc', '99999999999', '-1']) {
      const res = await as(token)(t.app, { method: 'GET', url: `/api/inquiries/${bad}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Inquiry not found');
    }
    const del = await as(token)(t.app, { method: 'DELETE', url: `/api/inquiries/${first.id}` });
    expect(del.json()).toMatchObject({ success: true, message: 'Inquiry deleted successfully' });
    expect((await as(token)(t.app, { method: 'DELETE', url: `/api/inquiries/${first.id}` })).statusCode).toBe(404);
    const [log] = await logsOf(t.app, 'DELETE_INQUIRY');
    expect(log).toMatchObject({ entityId: String(first.id), userRole: 'SUPER_ADMIN' });
  });
});

describe(`public form rate limit (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: LIMITS(2) });
  });
  afterAll(async () => t.close());

  it('answers 429 with a message once an IP posts too often, on both forms', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, message: expect.stringMatching(/Too many requests/) });
    expect((await t.app.db.selectFrom('inquiries').select('id').execute()).length).toBe(2);

    const order = () => t.app.inject({ method: 'POST', url: '/api/inquiries/orders', payload: { email: 'a@b.co', systemId: 1 } });
    expect((await order()).statusCode).toBe(404);
    expect((await order()).statusCode).toBe(404);
    expect((await order()).statusCode).toBe(429);
  });
});
