import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DB } from '@core/db/index';
import { localDate, nowIso } from '@core/time/time';
import { renderMessage } from '../../../server/features/outbox/templates';
import { backoffDelay } from '../../../server/features/outbox/backoff';
import { releaseSlot, reserveSlot } from '../../../server/features/outbox/usage';
import { channelsFor } from '../../../server/features/outbox/expand';
import { classifyGraphError } from '../../../server/features/messenger/client';
import { verifyHubSignature } from '../../../server/features/messenger/hub-signature';
import { createSecretBox } from '@core/secrets/secrets';
import { insertLive, type SmsHistoryPage, type SmsNotification } from '@domain/sms-history';
import { normalizeSmsText, smsParts } from '@shared/sms-text';
import { maskSecret } from '@shared/secrets';

const ctx = {
  firstName: 'Maria',
  lastName: 'Santos',
  schoolAcronym: 'SJHS',
  occurredAt: '2026-11-23T23:12:00Z',
  timeZone: 'Asia/Manila',
};

describe('message templates', () => {
  it('say who, what and when in the school time zone, one SMS segment', () => {
    expect(renderMessage('CHECK_IN', ctx)).toBe('SJHS: Maria Santos arrived at school at 7:12 AM, Nov 24.');
    expect(renderMessage('CHECK_OUT', ctx)).toBe('SJHS: Maria Santos left school at 7:12 AM, Nov 24.');
    expect(renderMessage('LATE_ARRIVAL', ctx)).toBe('SJHS: Maria Santos arrived LATE at school at 7:12 AM, Nov 24.');
    expect(renderMessage('ABSENCE', ctx)).toBe(
      'SJHS: Maria Santos was marked ABSENT today, Nov 24. Please contact the school if this is unexpected.',
    );
    for (const type of ['CHECK_IN', 'CHECK_OUT', 'LATE_ARRIVAL', 'ABSENCE'] as const)
      expect(smsParts(renderMessage(type, ctx)).parts).toBe(1);
  });

  it('shorten a very long name rather than spill into a second segment', () => {
    const long = {
      ...ctx,
      firstName: 'Maria Clara Josefina Esperanza',
      lastName: 'De los Santos y Villanueva-Macapagal Rodriguez',
    };
    const text = renderMessage('ABSENCE', long);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toContain('Maria Clara Josefina Esperanza D.');
  });

  it('count a notice as it is sent: a curly apostrophe in a name is no reason to shorten it', () => {
    // 160 characters as sent, once ’ is '; as typed the ’ would make it UCS-2 (70 a part).
    const name = { ...ctx, firstName: 'Maria Clara Josefina', lastName: `O’Brien-${'x'.repeat(43)}` };
    const text = renderMessage('ABSENCE', name);
    expect(text).toContain(`Maria Clara Josefina O’Brien-${'x'.repeat(43)} was`);
    expect(smsParts(normalizeSmsText(text))).toMatchObject({ encoding: 'GSM-7', characters: 160, parts: 1 });
    // One letter more: the last initial.
    expect(renderMessage('ABSENCE', { ...name, lastName: `${name.lastName}x` })).toContain('Maria Clara Josefina O. was');
  });

  it('a letter outside GSM-7 (UCS-2, 70 a part) shortens to the last initial only when that saves a part', () => {
    const ramirez = { ...ctx, firstName: 'Juan', lastName: 'Ramírez' };
    // 'Juan R.' leaves no UCS-2 letter: one GSM-7 part.
    expect(renderMessage('ABSENCE', ramirez)).toBe(
      'SJHS: Juan R. was marked ABSENT today, Nov 24. Please contact the school if this is unexpected.',
    );
    // The letter is in the first name: the name stays whole, in two UCS-2 parts, never cut to a stub.
    const zoe = { ...ctx, firstName: 'Zoë', lastName: 'Cruz' };
    const text = renderMessage('ABSENCE', zoe);
    expect(text).toBe('SJHS: Zoë Cruz was marked ABSENT today, Nov 24. Please contact the school if this is unexpected.');
    expect(smsParts(text)).toMatchObject({ encoding: 'UCS-2', parts: 2 });
    expect(renderMessage('CHECK_IN', zoe)).toBe('SJHS: Zoë Cruz arrived at school at 7:12 AM, Nov 24.');
  });

  it('CUSTOM is the admin text as written (trimmed)', () => {
    expect(renderMessage('CUSTOM', { ...ctx, text: '  Bring your ID.  ' })).toBe('Bring your ID.');
  });
});

describe('backoff schedule', () => {
  it('doubles from the base, is capped, and jitters within the upper half', () => {
    const low = (n: number) => backoffDelay(n, 5000, 600_000, () => 0);
    const high = (n: number) => backoffDelay(n, 5000, 600_000, () => 1);
    expect([1, 2, 3, 4].map(high)).toEqual([5000, 10000, 20000, 40000]);
    expect([1, 2, 3, 4].map(low)).toEqual([2500, 5000, 10000, 20000]);
    expect(high(20)).toBe(600_000);
    expect(low(20)).toBe(300_000);
  });
});

describe('daily limit reservation (real SQLite)', () => {
  let db: DB;
  let dir: string;
  let deviceId: number;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-'));
    db = createDb({ sqliteFile: path.join(dir, 'app.db') });
    await migrateToLatest(db);
    const now = nowIso();
    deviceId = (
      await db
        .insertInto('smsDevices')
        .values({
          name: 'd',
          deviceName: 'd',
          phoneNumber: '+639170000000',
          apiKey: 'k',
          isDefault: 0,
          dailyLimit: 2,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes slots up to the limit, refuses the next, and gives back a released slot', async () => {
    expect(await reserveSlot(db, deviceId, '2026-11-23', 2)).toBe(true);
    expect(await reserveSlot(db, deviceId, '2026-11-23', 2)).toBe(true);
    expect(await reserveSlot(db, deviceId, '2026-11-23', 2)).toBe(false);
    await releaseSlot(db, deviceId, '2026-11-23');
    expect(await reserveSlot(db, deviceId, '2026-11-23', 2)).toBe(true);
    expect(await reserveSlot(db, deviceId, '2026-11-23', 2)).toBe(false);
  });

  it("starts again at the school's midnight, not UTC's", async () => {
    // 15:59:59Z is 23:59:59 in Manila (still the 24th); 16:00:00Z is the 25th there but still the 24th in UTC.
    const before = localDate('2026-11-24T15:59:59Z', 'Asia/Manila');
    const after = localDate('2026-11-24T16:00:00Z', 'Asia/Manila');
    expect([before, after]).toEqual(['2026-11-24', '2026-11-25']);
    expect(await reserveSlot(db, deviceId, before, 1)).toBe(true);
    expect(await reserveSlot(db, deviceId, before, 1)).toBe(false);
    expect(await reserveSlot(db, deviceId, after, 1)).toBe(true);
  });

  it('counts without refusing when the device has no limit', async () => {
    for (let i = 0; i < 5; i += 1) expect(await reserveSlot(db, deviceId, '2026-12-01', null)).toBe(true);
    const row = await db
      .selectFrom('smsDeviceUsage')
      .select('count')
      .where('dayLocal', '=', '2026-12-01')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(5);
  });
});

describe('channels, Graph errors, signatures, secrets', () => {
  it('maps notificationPreference to channels', () => {
    expect(channelsFor('SMS_ONLY', true)).toEqual(['SMS']);
    expect(channelsFor('FACEBOOK_MESSENGER_ONLY', false)).toEqual(['MESSENGER']);
    expect(channelsFor('BOTH', true)).toEqual(['SMS', 'MESSENGER']);
    expect(channelsFor('BOTH', false)).toEqual(['SMS']);
  });

  it('sorts Graph API errors by what to do', () => {
    expect(classifyGraphError(400, { code: 190 }).kind).toBe('reauth');
    expect(classifyGraphError(400, { code: 4 }).kind).toBe('rate');
    expect(classifyGraphError(400, { code: 613 }).kind).toBe('rate');
    expect(classifyGraphError(400, { code: 10, error_subcode: 2018278 }).kind).toBe('window');
    expect(classifyGraphError(500, { code: 2 }).kind).toBe('temporary');
    expect(classifyGraphError(null, { message: 'down' }).kind).toBe('temporary');
    expect(classifyGraphError(400, { code: 551, error_subcode: 1545041 }).kind).toBe('permanent');
  });

  // The httpSMS webhook token (jose) is tested through the route: tests/api/messages/sms-webhook-token.test.ts.
  it('verifies X-Hub-Signature-256', () => {
    const body = Buffer.from('{"object":"page"}');
    expect(verifyHubSignature('app', body, 'sha256=f00')).toBe(false);
    expect(verifyHubSignature('app', body, undefined)).toBe(false);
  });

  it('encrypts with a random IV (same key, different ciphertexts) and masks all but the last 4', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const a = box.encrypt('api-key-123456');
    expect(a).not.toBe(box.encrypt('api-key-123456'));
    expect(box.decrypt(a)).toBe('api-key-123456');
    expect(() => createSecretBox(Buffer.alloc(32, 8)).decrypt(a)).toThrow();
    expect(maskSecret('api-key-123456')).toBe('••••••••3456');
    expect(maskSecret('short')).toBe('••••••••');
  });
});

describe('SMS history live insertion', () => {
  const row = (id: number) => ({ id, status: 'SENT', type: 'CHECK_IN', createdAt: '2026-11-23T00:00:00Z' }) as SmsNotification;
  it('puts a new row on top, trims to the page size and raises the total', () => {
    const page: SmsHistoryPage = {
      notifications: Array.from({ length: 10 }, (_, i) => row(10 - i)),
      pagination: { total: 20, page: 1, limit: 10, totalPages: 2, hasNextPage: true, hasPrevPage: false },
    };
    const next = insertLive(page, row(11));
    expect(next.notifications.map((n) => n.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(next.pagination).toMatchObject({ total: 21, totalPages: 3 });
    const again = insertLive(next, { ...row(11), status: 'DELIVERED' });
    expect(again.pagination.total).toBe(21);
    expect(again.notifications[0]?.status).toBe('DELIVERED');
    expect(insertLive(next, { ...row(1), status: 'DELIVERED' })).toBe(next);
    // A message that failed is new too; an older row not listed (sent at last) is not.
    expect(insertLive(next, { ...row(12), status: 'FAILED' }).pagination.total).toBe(22);
    expect(insertLive(next, { ...row(1), status: 'SENT' })).toBe(next);
  });
});
