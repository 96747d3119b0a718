import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addDevice, addStudent, drain, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { startStandInGraph, type StandInGraph } from '../../fixtures/graph-api';
import { loadConfig } from '@core/config';
import { CUSTOM_MESSAGE_MESSAGES } from '@domain/sms-history';
import { MESSENGER_REASONS } from '../../../server/features/outbox/deliver-messenger';

/**
 * A message typed on a phone (curly quotes, dashes, an ellipsis) goes by SMS in its GSM-7 form, so it costs
 * GSM-7 parts and its 3-part limit is 459 characters, not 201; Messenger gets the text as it was written.
 * Against the real worker, the stand-in httpSMS gateway and the stand-in Graph API on 127.0.0.1.
 */
describe(`SMS text as sent (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let graph: StandInGraph;
  let schoolId: number;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);
  const typed = '“Walang pasok bukas” – the school’s notice… Bring the form.';
  const straight = `"Walang pasok bukas" - the school's notice... Bring the form.`;
  const send = (studentId: number, message: string) =>
    call({ method: 'POST', url: '/api/super-admin/sms-history/messages', payload: { studentId, message } });
  const settled = (studentId: number) => async () => {
    const notes = await historyOf(t.app, studentId);
    return notes.length > 0 && notes.every((n) => n.status !== 'PENDING');
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    graph = await startStandInGraph();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      graphApiUrl: graph.url,
      outbox: { ...loadConfig({}).outbox, enabled: false, baseDelayMs: 20, maxDelayMs: 80 },
    });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { acronym: 'GSM7' })).id;
    await addDevice(t.app, token, { schoolId, isDefault: true });
    graph.tokens.set('sms-text-page-token', { id: '3000001', name: 'SMS text page' });
    const page = await call({
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId: '3000001', pageName: 'SMS text page', accessToken: 'sms-text-page-token', schoolId },
    });
    expect(page.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
    await graph.close();
  });

  it('a custom message with curly quotes, a dash and an ellipsis reaches the gateway with their GSM-7 forms', async () => {
    const studentId = await addStudent(t.app, schoolId, { parentPhone: '+639175551001' });
    const res = await send(studentId, typed);
    expect(res.statusCode).toBe(202);
    await drain(t.app, settled(studentId));
    const sent = gw.messages.filter((m) => m.to === '+639175551001');
    expect(sent.map((m) => m.content)).toEqual([straight]);
    // History shows what the parent got.
    expect(await historyOf(t.app, studentId)).toEqual([
      expect.objectContaining({ channel: 'SMS', status: 'SENT', message: straight }),
    ]);
  });

  it('a parent with BOTH gets the SMS in GSM-7 form and the Messenger message as written', async () => {
    const psid = '24773000001';
    const studentId = await addStudent(t.app, schoolId, {
      parentPhone: '+639175551002',
      notificationPreference: 'BOTH',
      parentMessengerPsid: psid,
    });
    await t.app.db
      .updateTable('students')
      .set({ parentMessengerLastAt: new Date().toISOString() })
      .where('id', '=', studentId)
      .execute();
    expect((await send(studentId, typed)).statusCode).toBe(202);
    await drain(t.app, settled(studentId));
    expect(gw.messages.filter((m) => m.to === '+639175551002').map((m) => m.content)).toEqual([straight]);
    expect(graph.sent.filter((s) => s.psid === psid).map((s) => s.text)).toEqual([typed]);
  });

  it('a Messenger-only message that goes by SMS (window closed) is sent and shown in its GSM-7 form', async () => {
    const psid = '24773000002';
    const studentId = await addStudent(t.app, schoolId, {
      parentPhone: '+639175551003',
      notificationPreference: 'FACEBOOK_MESSENGER_ONLY',
      parentMessengerPsid: psid,
    });
    graph.windowClosed.add(psid);
    expect((await send(studentId, typed)).statusCode).toBe(202);
    await drain(t.app, settled(studentId));
    expect(gw.messages.filter((m) => m.to === '+639175551003').map((m) => m.content)).toEqual([straight]);
    expect(await historyOf(t.app, studentId)).toEqual([
      expect.objectContaining({ channel: 'SMS', status: 'SENT', message: straight, note: MESSENGER_REASONS.bySms }),
    ]);
  });

  it('the 3-part limit counts the text as sent: 459 curly-quoted characters pass, one more is refused', async () => {
    const studentId = await addStudent(t.app, schoolId);
    const body = 'a'.repeat(455);
    // As typed this is UCS-2 (201 at most); as sent it is 459 GSM-7 characters: " + 455 + " + space + -.
    const ok = await send(studentId, `“${body}” –`);
    expect(ok.statusCode).toBe(202);
    const over = await send(studentId, `“${body}” –x`);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(CUSTOM_MESSAGE_MESSAGES.tooLong(459, 'GSM-7'));
    expect(over.json().message).toBe('Message is too long for 3 SMS: at most 459 characters');
    const intents = await t.app.db
      .selectFrom('notificationOutbox')
      .select('payload')
      .where('studentId', '=', studentId)
      .where('channel', '=', 'INTENT')
      .execute();
    expect(intents).toHaveLength(1);
  });
});
