import type { FastifyInstance, InjectOptions } from 'fastify';
import { as } from './app';
import type { StandInGraph } from '../fixtures/graph-api';

/*
 * The device routes' cells of the school-admin authorization matrix (tests/api/admins/admin-authz.test.ts): SMS devices,
 * Facebook pages and RFID readers of school A, each made fresh by the super admin (the cell may delete it).
 */

export interface AuthzCase {
  request(caller: { password: string }): Promise<InjectOptions>;
  success: number;
  refersToSchool: boolean;
}

let seq = 0;

export function deviceCases(app: FastifyInstance, root: string, schoolA: number, graph: StandInGraph): Record<string, AuthzCase> {
  const asRoot = as(root);
  const made = async (url: string, payload: Record<string, unknown>) => {
    const res = await asRoot(app, { method: 'POST', url: `/api/super-admin/${url}`, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data.id as number;
  };
  const device = () =>
    made('sms-devices', {
      name: `Authz phone ${(seq += 1)}`,
      deviceName: 'Samsung Galaxy A14',
      phoneNumber: `+6391810${String(10000 + seq).slice(-5)}`,
      apiKey: `authz-key-${seq}-abcdefgh`,
      schoolId: schoolA,
    });
  const page = async () => {
    seq += 1;
    const accessToken = `EAAB-authz-${seq}`;
    const pageId = String(7_000_000 + seq);
    graph.tokens.set(accessToken, { id: pageId, name: `Authz page ${seq}` });
    return made('facebook-pages', { pageId, pageName: `Authz page ${seq}`, accessToken, schoolId: schoolA });
  };
  const reader = () => made('rfid-readers', { name: `Authz reader ${(seq += 1)}`, schoolId: schoolA });
  const get = (url: string): InjectOptions => ({ method: 'GET', url });
  const send = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({ method, url, payload });
  const cell = (request: AuthzCase['request'], success = 200, refersToSchool = true): AuthzCase => ({
    request,
    success,
    refersToSchool,
  });

  return {
    // SMS devices (MANAGE_SMS_DEVICES)
    'GET /api/admin/sms-devices': cell(async () => get(`/api/admin/sms-devices?schoolId=${schoolA}`)),
    'POST /api/admin/sms-devices': cell(
      async () =>
        send('POST', '/api/admin/sms-devices', {
          name: `Admin phone ${(seq += 1)}`,
          deviceName: 'Redmi 12',
          phoneNumber: `+6391820${String(10000 + seq).slice(-5)}`,
          apiKey: `admin-key-${seq}-abcdefgh`,
          schoolId: schoolA,
        }),
      201,
    ),
    'GET /api/admin/sms-devices/:id': cell(async () => get(`/api/admin/sms-devices/${await device()}`)),
    'POST /api/admin/sms-devices/:id/api-key': cell(async (caller) =>
      send('POST', `/api/admin/sms-devices/${await device()}/api-key`, { password: caller.password }),
    ),
    'PUT /api/admin/sms-devices/:id': cell(async () =>
      send('PUT', `/api/admin/sms-devices/${await device()}`, { description: 'Front office' }),
    ),
    'DELETE /api/admin/sms-devices/:id': cell(async () => send('DELETE', `/api/admin/sms-devices/${await device()}`)),
    'POST /api/admin/sms-devices/:id/test': cell(async () =>
      send('POST', `/api/admin/sms-devices/${await device()}/test`, { testPhoneNumber: '+639171234567' }),
    ),
    // Facebook pages (MANAGE_FACEBOOK_PAGES)
    'GET /api/admin/facebook-pages': cell(async () => get('/api/admin/facebook-pages'), 200, false),
    'GET /api/admin/schools/:id/facebook-pages': cell(async () => get(`/api/admin/schools/${schoolA}/facebook-pages`)),
    'POST /api/admin/facebook-pages': cell(
      async () =>
        send('POST', '/api/admin/facebook-pages', {
          pageId: String(8_000_000 + (seq += 1)),
          pageName: `Admin page ${seq}`,
          accessToken: `EAAB-admin-${seq}`,
          schoolId: schoolA,
        }),
      201,
    ),
    'POST /api/admin/facebook-pages/send-message': cell(async () =>
      send('POST', '/api/admin/facebook-pages/send-message', { pageId: await page(), recipientId: '24000001', message: 'Hi' }),
    ),
    'GET /api/admin/facebook-pages/:id': cell(async () => get(`/api/admin/facebook-pages/${await page()}`)),
    'POST /api/admin/facebook-pages/:id/access-token': cell(async (caller) =>
      send('POST', `/api/admin/facebook-pages/${await page()}/access-token`, { password: caller.password }),
    ),
    'PATCH /api/admin/facebook-pages/:id': cell(async () =>
      send('PATCH', `/api/admin/facebook-pages/${await page()}`, { pageName: 'Renamed' }),
    ),
    'DELETE /api/admin/facebook-pages/:id': cell(async () => send('DELETE', `/api/admin/facebook-pages/${await page()}`)),
    'POST /api/admin/facebook-pages/:id/test': cell(async () => send('POST', `/api/admin/facebook-pages/${await page()}/test`)),
    // RFID readers (MANAGE_RFID_READERS)
    'GET /api/admin/rfid-readers': cell(async () => get(`/api/admin/rfid-readers?schoolId=${schoolA}`)),
    'POST /api/admin/rfid-readers': cell(
      async () => send('POST', '/api/admin/rfid-readers', { name: `Admin reader ${(seq += 1)}`, schoolId: schoolA }),
      201,
    ),
    'GET /api/admin/rfid-readers/:id': cell(async () => get(`/api/admin/rfid-readers/${await reader()}`)),
    'PATCH /api/admin/rfid-readers/:id': cell(async () =>
      send('PATCH', `/api/admin/rfid-readers/${await reader()}`, { location: 'Side gate' }),
    ),
    'DELETE /api/admin/rfid-readers/:id': cell(async () => send('DELETE', `/api/admin/rfid-readers/${await reader()}`)),
    'POST /api/admin/rfid-readers/:id/rotate-token': cell(async () =>
      send('POST', `/api/admin/rfid-readers/${await reader()}/rotate-token`),
    ),
    'POST /api/admin/rfid-readers/:id/pairing-code': cell(
      async () => send('POST', `/api/admin/rfid-readers/${await reader()}/pairing-code`),
      201,
    ),
    'POST /api/admin/rfid-readers/:id/unpair': cell(async () => send('POST', `/api/admin/rfid-readers/${await reader()}/unpair`)),
    'GET /api/admin/rfid-tap-refusals': cell(async () => get(`/api/admin/rfid-tap-refusals?schoolId=${schoolA}`)),
    'GET /api/admin/rfid-taps/unknown': cell(async () => get('/api/admin/rfid-taps/unknown'), 200, false),
    'GET /api/admin/rfid-taps/late-replays': cell(async () => get(`/api/admin/rfid-taps/late-replays?schoolId=${schoolA}`)),
  };
}

/** The school profile's cells and the attendance correction's (MANAGE_ATTENDANCE: an ABSENT record of A made LATE). */
export function correctionCases(app: FastifyInstance, schoolA: number, insertStudent: (schoolId: number) => Promise<number>) {
  const absent = async () => {
    const now = new Date().toISOString();
    const row = await app.db
      .insertInto('attendanceRecords')
      .values({
        studentId: await insertStudent(schoolA),
        schoolId: schoolA,
        date: now.slice(0, 10),
        status: 'ABSENT',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** An active Facebook page of school A (a page cell may have deleted the last one). */
  const messengerPage = async () => {
    const page = await app.db
      .selectFrom('facebookPages')
      .select('id')
      .where('schoolId', '=', schoolA)
      .where('isActive', '=', 1)
      .executeTakeFirst();
    if (page) return;
    const now = new Date().toISOString();
    seq += 1;
    await app.db
      .insertInto('facebookPages')
      .values({
        pageId: String(8_000_000 + seq),
        pageName: `Opt-in page ${seq}`,
        accessToken: 'x',
        schoolId: schoolA,
        isActive: 1,
        needsReauth: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  };
  /** An unknown card's tap at a reader of school A (rows written straight: the intake is not what the cell tests). */
  const unknownTap = async () => {
    seq += 1;
    const now = new Date().toISOString();
    const reader = await app.db
      .insertInto('rfidReaders')
      .values({
        name: `Authz gate ${seq}`,
        schoolId: schoolA,
        kind: 'GATE',
        tokenHash: `authz-${seq}-${now}`,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = `AB${String(100000 + seq).slice(-6)}`;
    const tap = await app.db
      .insertInto('rfidTaps')
      .values({
        readerId: reader.id,
        eventId: `authz-${seq}`,
        cardUidRaw: card,
        cardUid: card,
        tappedAt: now,
        receivedAt: now,
        outcome: 'UNKNOWN_CARD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tap.id;
  };
  return {
    // An unknown card given to a learner of A (MANAGE_STUDENTS).
    'POST /api/admin/rfid-taps/unknown/:id/assign': {
      request: async () => ({
        method: 'POST',
        url: `/api/admin/rfid-taps/unknown/${await unknownTap()}/assign`,
        payload: { studentId: await insertStudent(schoolA) },
      }),
      success: 200,
      refersToSchool: true,
    },
    // The school profile (MANAGE_SCHOOL_PROFILE): school A itself.
    'GET /api/admin/schools/:id': {
      request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}` }),
      success: 200,
      refersToSchool: true,
    },
    'PATCH /api/admin/schools/:id': {
      request: async () => ({
        method: 'PATCH',
        url: `/api/admin/schools/${schoolA}`,
        payload: { contactNumber: `0917${Date.now() % 10_000_000}` },
      }),
      success: 200,
      refersToSchool: true,
    },
    // Its notice templates (MANAGE_SCHOOL_PROFILE too).
    'GET /api/admin/schools/:id/notice-templates': {
      request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/notice-templates` }),
      success: 200,
      refersToSchool: true,
    },
    'PATCH /api/admin/schools/:id/notice-templates': {
      request: async () => ({
        method: 'PATCH',
        url: `/api/admin/schools/${schoolA}/notice-templates`,
        payload: { templates: [{ language: 'fil', kind: 'CHECK_IN', text: `{name} ay dumating (${Date.now()}).` }] },
      }),
      success: 200,
      refersToSchool: true,
    },
    'POST /api/admin/attendance/:id/correct': {
      request: async () => ({
        method: 'POST',
        url: `/api/admin/attendance/${await absent()}/correct`,
        payload: { status: 'LATE', reason: 'Reader was down', arrivalTime: '00:00' },
      }),
      success: 200,
      refersToSchool: true,
    },
    // A learner's guardian Messenger link (MANAGE_STUDENTS): a page of school A to link through, a bound guardian.
    'GET /api/admin/students/:id/messenger-opt-in': {
      request: async () => ({ method: 'GET', url: `/api/admin/students/${await insertStudent(schoolA)}/messenger-opt-in` }),
      success: 200,
      refersToSchool: true,
    },
    'POST /api/admin/students/:id/messenger-opt-in/links': {
      request: async () => {
        await messengerPage();
        return { method: 'POST', url: `/api/admin/students/${await insertStudent(schoolA)}/messenger-opt-in/links` };
      },
      success: 201,
      refersToSchool: true,
    },
    'DELETE /api/admin/students/:id/messenger-opt-in/binding': {
      request: async () => {
        const id = await insertStudent(schoolA);
        const bound = { parentMessengerPsid: `psid-${(seq += 1)}`, parentMessengerBoundAt: new Date().toISOString() };
        await app.db.updateTable('students').set(bound).where('id', '=', id).execute();
        return { method: 'DELETE', url: `/api/admin/students/${id}/messenger-opt-in/binding` };
      },
      success: 200,
      refersToSchool: true,
    },
  } satisfies Record<string, AuthzCase>;
}
