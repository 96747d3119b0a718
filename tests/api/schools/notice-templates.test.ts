import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../helpers/admins';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { testClock } from '../../helpers/clock';
import { addDevice } from '../../helpers/notifications';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { permissionDeniedMessage } from '@domain/admins/console';
import { DEFAULT_TEMPLATES } from '@shared/notice-templates';
import { formatLocalTime } from '../../../server/features/outbox/templates';

/*
 * A school's notice templates: read, edit, reset, refusals (exact status and message, nothing written), the
 * school admin's scope, the system log; and a real tap whose notice goes out in the school's Filipino text through
 * the stand-in httpSMS gateway on 127.0.0.1.
 */

let t: TestApp;
let gw: StandInGateway;
let root: string;
const clock = testClock();

beforeAll(async () => {
  gw = await startStandInGateway();
  t = await createTestApp({ smsGatewayUrl: gw.url, outbox: { ...loadConfig({}).outbox, enabled: false } }, { clock });
  root = await loginSuperAdmin(t.app);
});
afterAll(async () => {
  clock.resume();
  await t.close();
  await gw.close();
});

const url = (id: number, console: 'super-admin' | 'admin' = 'super-admin') => `/api/${console}/schools/${id}/notice-templates`;
const read = (token: string, id: number, console?: 'super-admin' | 'admin') =>
  as(token)(t.app, { method: 'GET', url: url(id, console) });
const patch = (token: string, id: number, payload: unknown, console?: 'super-admin' | 'admin') =>
  as(token)(t.app, { method: 'PATCH', url: url(id, console), payload: payload as Record<string, unknown> });
const stored = (id: number) =>
  t.app.db
    .selectFrom('schools')
    .select(['noticeLanguage', 'noticeTemplates', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const logs = async (id: number) =>
  (
    await t.app.db
      .selectFrom('systemLogs')
      .selectAll()
      .where('action', '=', 'UPDATE_NOTICE_TEMPLATES')
      .where('entityId', '=', String(id))
      .orderBy('id', 'desc')
      .execute()
  ).map((r) => ({ ...r, details: JSON.parse(r.details!) }));
const textOf = (
  data: { templates: Array<{ language: string; kind: string; text: string; isDefault: boolean }> },
  language: string,
  kind: string,
) => data.templates.find((x) => x.language === language && x.kind === kind)!;

let seq = 0;
const newSchool = async () => {
  seq += 1;
  return (await createSchool(t.app, root, { name: `Notice School ${seq}`, acronym: `NTC${seq}` })).id;
};

describe(`notice templates (${dbKind})`, () => {
  it('a school starts with the English defaults, both languages listed', async () => {
    const id = await newSchool();
    const res = await read(root, id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ schoolId: id, schoolAcronym: `NTC${seq}`, language: 'en' });
    expect(data.templates).toHaveLength(12);
    expect(data.templates.every((x: { isDefault: boolean }) => x.isDefault)).toBe(true);
    expect(textOf(data, 'fil', 'ABSENCE')).toEqual({
      language: 'fil',
      kind: 'ABSENCE',
      text: DEFAULT_TEMPLATES.fil.ABSENCE,
      isDefault: true,
      defaultText: DEFAULT_TEMPLATES.fil.ABSENCE,
    });
    const missing = await read(root, 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('School not found');
  });

  it('the super admin sets the language and a text; logged once, a repeat changes and logs nothing', async () => {
    const id = await newSchool();
    const text = 'Nakarating na po si {name} sa {school}, {time}.';
    const body = { language: 'fil', templates: [{ language: 'fil', kind: 'CHECK_IN', text: `  ${text} ` }] };
    const res = await patch(root, id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Notice templates saved');
    expect(res.json().data.language).toBe('fil');
    expect(textOf(res.json().data, 'fil', 'CHECK_IN')).toMatchObject({ text, isDefault: false });
    expect(textOf(res.json().data, 'en', 'CHECK_IN')).toMatchObject({ text: DEFAULT_TEMPLATES.en.CHECK_IN, isDefault: true });
    expect(await stored(id)).toMatchObject({
      noticeLanguage: 'fil',
      noticeTemplates: JSON.stringify({ fil: { CHECK_IN: text } }),
    });
    const [log, ...older] = await logs(id);
    expect(older).toEqual([]);
    expect(log).toMatchObject({ userRole: 'SUPER_ADMIN', entity: 'School' });
    expect(log!.details.changes).toEqual({
      language: { from: 'en', to: 'fil' },
      'fil.CHECK_IN': { from: DEFAULT_TEMPLATES.fil.CHECK_IN, to: text },
    });

    const before = await stored(id);
    const again = await patch(root, id, body);
    expect(again.statusCode).toBe(200);
    expect(await stored(id)).toEqual(before);
    expect(await logs(id)).toHaveLength(1);

    // A text equal to its default is the default: nothing stored for it.
    const same = await patch(root, id, { templates: [{ language: 'en', kind: 'ABSENCE', text: DEFAULT_TEMPLATES.en.ABSENCE }] });
    expect(same.statusCode).toBe(200);
    expect(await logs(id)).toHaveLength(1);
  });

  it('reset: null puts the default back, logged', async () => {
    const id = await newSchool();
    const own = '{school}: {name} is in school ({time}).';
    expect((await patch(root, id, { templates: [{ language: 'en', kind: 'CHECK_IN', text: own }] })).statusCode).toBe(200);
    const res = await patch(root, id, { templates: [{ language: 'en', kind: 'CHECK_IN', text: null }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(textOf(res.json().data, 'en', 'CHECK_IN')).toMatchObject({ text: DEFAULT_TEMPLATES.en.CHECK_IN, isDefault: true });
    expect(await stored(id)).toMatchObject({ noticeLanguage: 'en', noticeTemplates: null });
    expect((await logs(id))[0]!.details.changes).toEqual({ 'en.CHECK_IN': { from: own, to: DEFAULT_TEMPLATES.en.CHECK_IN } });
  });

  it('refuses a wrong placeholder, brace, text, language or notice: 400 with the message, nothing written', async () => {
    const id = await newSchool();
    const change = (text: unknown, kind = 'CHECK_IN', language = 'en') => ({ templates: [{ language, kind, text }] });
    const cases: Array<[unknown, string, string]> = [
      [
        change('{name} arrived at {tiem}.'),
        'templates.0.text',
        'Unknown placeholder {tiem}: use {name}, {school}, {time} or {date}',
      ],
      [
        change('{name} left at {departure}.', 'CHECK_OUT'),
        'templates.0.text',
        'Unknown placeholder {departure}: use {name}, {school}, {time} or {date}',
      ],
      [change('{name} arrived at {time', 'CHECK_IN', 'fil'), 'templates.0.text', 'Unclosed brace: "{time" needs a closing }'],
      [change('{name} arrived :)}'), 'templates.0.text', 'A closing brace without an opening one: "}"'],
      [change('   '), 'templates.0.text', 'Template text is required (reset it to use the default)'],
      [change(42), 'templates.0.text', 'Template text must be text, or null to reset it to the default'],
      [change('x'.repeat(481)), 'templates.0.text', 'A template must be 480 characters or less'],
      [change('{name}\u202e arrived'), 'templates.0.text', 'Must not contain control or text-direction characters'],
      [
        change('{name} came', 'CUSTOM'),
        'templates.0.kind',
        'Notice must be one of CHECK_IN, CHECK_OUT, LATE_ARRIVAL, CORRECTION, ABSENCE, ARRIVAL_AND_DEPARTURE',
      ],
      [{ language: 'tl' }, 'language', 'Language must be en (English) or fil (Filipino)'],
      [
        { templates: [change('{name} a').templates[0], change('{name} b').templates[0]] },
        'templates',
        'Each notice may be given once per language',
      ],
    ];
    const before = await stored(id);
    for (const [payload, field, message] of cases) {
      const res = await patch(root, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    // A valid change beside a refused one: the whole request is refused.
    const mixed = await patch(root, id, {
      language: 'fil',
      templates: [change('{name} ok').templates[0], change('{nme}', 'ABSENCE').templates[0]],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('Unknown placeholder {nme}: use {name}, {school}, {time} or {date}');
    expect(await stored(id)).toEqual(before);
    expect(await logs(id)).toEqual([]);
  });

  it("a school admin with MANAGE_SCHOOL_PROFILE edits their own school's only; the entry is in the school's log", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const admin = (await signedInAdmin(t.app, a, ['MANAGE_SCHOOL_PROFILE'])).token;
    const res = await patch(admin, a, { language: 'fil' }, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(admin, a, 'admin')).json().data.language).toBe('fil');
    expect((await logs(a))[0]).toMatchObject({
      userRole: 'ADMIN',
      schoolId: a,
      details: { changes: { language: { from: 'en', to: 'fil' } } },
    });

    const before = await stored(b);
    for (const other of [await read(admin, b, 'admin'), await patch(admin, b, { language: 'fil' }, 'admin')]) {
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('School not found');
    }
    const without = (await signedInAdmin(t.app, a, ['VIEW_STUDENTS'])).token;
    const denied = await patch(without, a, { language: 'en' }, 'admin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('MANAGE_SCHOOL_PROFILE'));
    expect(await stored(b)).toEqual(before);
    expect((await stored(a)).noticeLanguage).toBe('fil');
    expect(await logs(b)).toEqual([]);
  });

  it("a real tap's notice goes out in the school's Filipino text, normalised to GSM-7, through the gateway", async () => {
    const id = await newSchool();
    const acronym = `NTC${seq}`;
    await addDevice(t.app, root, { schoolId: id, isDefault: true });
    const reader = (await createReader(t.app, root, { schoolId: id, name: 'Notice gate' })).token;
    // Typed on a phone: a curly apostrophe and an en dash, GSM-7 once sent.
    const own = '{school} \u2013 Nakarating na po si {name} sa paaralan, {time} ({date}). Salamat\u2019t ingat!';
    const set = await patch(root, id, { language: 'fil', templates: [{ language: 'fil', kind: 'CHECK_IN', text: own }] });
    expect(set.statusCode, set.body).toBe(200);

    const day = lastSchoolDay();
    const parentPhone = '+639175550135';
    const card = 'F01DA7E5';
    const studentId = await insertCardStudent(t.app, id, card, undefined, { firstName: 'Jose', lastName: 'Rizal', parentPhone });
    clock.stopAt(at(day, '07:05'));
    const tap = await postTaps(t.app, reader, { eventId: `notice-${card}`, cardUid: card, tappedAt: at(day, '07:05') });
    expect(tap.json().data).toMatchObject({ outcome: 'CHECK_IN' });
    await t.app.outbox.runOnce();

    const { time, date } = formatLocalTime(at(day, '07:05'), 'Asia/Manila', 'fil');
    expect(date).toMatch(/^(Ene|Peb|Mar|Abr|May|Hun|Hul|Ago|Set|Okt|Nob|Dis) \d{1,2}$/);
    const expected = `${acronym} - Nakarating na po si Jose Rizal sa paaralan, ${time.replace(/\u202f/g, ' ')} (${date}). Salamat't ingat!`;
    expect(gw.messages.filter((m) => m.to === parentPhone).map((m) => m.content)).toEqual([expected]);
    const history = await t.app.db
      .selectFrom('smsNotifications')
      .select(['message', 'status'])
      .where('studentId', '=', studentId)
      .execute();
    expect(history).toEqual([{ message: expected, status: 'SENT' }]);

    // Back to English: the next notice (a departure) is the English default.
    expect((await patch(root, id, { language: 'en' })).statusCode).toBe(200);
    clock.stopAt(at(day, '16:10'));
    const out = await postTaps(t.app, reader, { eventId: `notice-${card}-out`, cardUid: card, tappedAt: at(day, '16:10') });
    expect(out.json().data).toMatchObject({ outcome: 'CHECK_OUT' });
    await t.app.outbox.runOnce();
    const left = formatLocalTime(at(day, '16:10'), 'Asia/Manila');
    expect(gw.messages.filter((m) => m.to === parentPhone).map((m) => m.content)[1]).toBe(
      `${acronym}: Jose Rizal left school at ${left.time.replace(/\u202f/g, ' ')}, ${left.date}.`,
    );
  });
});
