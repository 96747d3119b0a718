import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, addStudent, drain, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { nowIso } from '@core/time/time';
import { CUSTOM_MESSAGE_MESSAGES } from '@domain/sms-history';

/** SMS Notifications History and the 'Send message' action (CUSTOM). */
describe(`SMS history API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let schoolId: number;
  let studentId: number;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({ smsGatewayUrl: gw.url, outbox: { ...loadConfig({}).outbox, enabled: false } });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { acronym: 'HIST' })).id;
    studentId = await addStudent(t.app, schoolId);
    const now = nowIso();
    // 23 rows: 12 SENT CHECK_IN, 11 FAILED ABSENCE, created a minute apart (newest last).
    for (let i = 0; i < 23; i += 1) {
      const createdAt = new Date(Date.parse('2026-11-20T01:00:00Z') + i * 60000).toISOString();
      await t.app.db
        .insertInto('smsNotifications')
        .values({
          studentId,
          schoolId,
          type: i % 2 ? 'ABSENCE' : 'CHECK_IN',
          message: `row ${i}`,
          phoneNumber: '+639170000000',
          status: i % 2 ? 'FAILED' : 'SENT',
          failureReason: i % 2 ? 'No signal' : null,
          sentAt: i % 2 ? null : createdAt,
          createdAt,
          updatedAt: now,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('pages by 10, newest first, with the student, school acronym, grade and section', async () => {
    const res = await call({ method: 'GET', url: `/api/super-admin/sms-history?studentId=${studentId}` });
    expect(res.statusCode).toBe(200);
    const { notifications, pagination } = res.json().data;
    expect(pagination).toEqual({ total: 23, page: 1, limit: 10, totalPages: 3, hasNextPage: true, hasPrevPage: false });
    expect(notifications).toHaveLength(10);
    expect(notifications[0]).toMatchObject({
      message: 'row 22',
      type: 'CHECK_IN',
      status: 'SENT',
      student: { id: studentId, school: { acronym: 'HIST' }, gradeModel: null },
    });
    expect(notifications[1]).toMatchObject({ status: 'FAILED', failureReason: 'No signal', sentAt: null });
  });

  it('filters by status, type and dates (school-local days, inclusive)', async () => {
    const failed = (
      await call({ method: 'GET', url: `/api/super-admin/sms-history?studentId=${studentId}&status=FAILED&type=ABSENCE` })
    ).json().data;
    expect(failed.pagination.total).toBe(11);
    const none = (
      await call({ method: 'GET', url: `/api/super-admin/sms-history?studentId=${studentId}&startDate=2026-11-21` })
    ).json().data;
    expect(none.pagination.total).toBe(0);
    const day = (
      await call({
        method: 'GET',
        url: `/api/super-admin/sms-history?studentId=${studentId}&startDate=2026-11-20&endDate=2026-11-20`,
      })
    ).json().data;
    expect(day.pagination.total).toBe(23);
    const bad = await call({ method: 'GET', url: '/api/super-admin/sms-history?status=LOST' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of SENT, DELIVERED, PENDING, FAILED, UNCERTAIN, EXPIRED, FOLDED');
    const order = await call({ method: 'GET', url: '/api/super-admin/sms-history?startDate=2026-11-22&endDate=2026-11-21' });
    expect(order.statusCode).toBe(400);
  });

  it('Send message: a CUSTOM message to one parent is queued (202, logged) and sent with its exact text', async () => {
    await addDevice(t.app, token, { schoolId, isDefault: true });
    const other = await addStudent(t.app, schoolId);
    const res = await call({
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId: other, message: '  School is closed tomorrow due to the typhoon.  ' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(CUSTOM_MESSAGE_MESSAGES.queued);
    expect((await logsOf(t.app, 'SEND_CUSTOM_MESSAGE'))[0]?.details.studentId).toBe(other);
    await drain(t.app, async () => (await historyOf(t.app, other))[0]?.status === 'SENT');
    expect((await historyOf(t.app, other))[0]).toMatchObject({
      type: 'CUSTOM',
      message: 'School is closed tomorrow due to the typhoon.',
      senderRole: 'SUPER_ADMIN',
    });
  });

  it('Send message refuses an over-long text with a clear message, a blank one, and an unknown student', async () => {
    const long = await call({
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId, message: 'a'.repeat(460) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Message is too long for 3 SMS: at most 459 characters');
    const emoji = await call({
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId, message: '🎉'.repeat(101) },
    });
    expect(emoji.json().message).toBe(
      'Message is too long for 3 SMS: at most 201 characters when it has emoji or non-Latin letters',
    );
    const blank = await call({
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId, message: '   ' },
    });
    expect(blank.json().message).toBe('Message is required');
    const unknown = await call({
      method: 'POST',
      url: '/api/super-admin/sms-history/messages',
      payload: { studentId: 999999, message: 'hi' },
    });
    expect(unknown.statusCode).toBe(404);
    const intents = await t.app.db.selectFrom('notificationOutbox').select('id').where('studentId', '=', studentId).execute();
    expect(intents).toHaveLength(0);
  });
});
