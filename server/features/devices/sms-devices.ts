import type { DB, Executor } from '@core/db/index';
import { AppError, notFound } from '@core/http/errors';
import type { SecretBox } from '@core/secrets/secrets';
import type { Clock } from '@core/time/clock';
import { localDate, nowIso } from '@core/time/time';
import { normalizeSmsText } from '@shared/sms-text';
import {
  SMS_DEVICE_MESSAGES,
  type SmsDevice,
  type SmsDeviceCreateInput,
  type SmsDeviceStatus,
  type SmsDeviceUpdateInput,
} from '@domain/devices/sms-devices';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { deleteChannel, maskedSecret, revealChannelSecret, SMS_DEVICE_CHANNEL } from './channel';
import { sendSms } from './sms-gateway';

/** What device rules need from the app: database, secrets, gateway and the default school time zone. */
export interface DeviceDeps {
  db: DB;
  secrets: SecretBox;
  gatewayUrl: string;
  timeZone: string;
  sendTimeoutMs: number;
  /** The server's clock: which day's count "today" is (the outbox counts a device's day on it) */
  clock: Clock;
}

function deviceRows(db: Executor) {
  return db
    .selectFrom('smsDevices as d')
    .leftJoin('schools as s', 's.id', 'd.schoolId')
    .selectAll('d')
    .select(['s.name as schoolName', 's.acronym as schoolAcronym', 's.timezone as schoolTimezone']);
}
type DeviceRow = Awaited<ReturnType<ReturnType<typeof deviceRows>['executeTakeFirstOrThrow']>>;

type DayUsage = { sent: number; failed: number };

/**
 * Today's messages the gateway accepted (what counts against the limit) and its failed attempts, in the device's
 * school's day (global devices: the default zone).
 */
async function usedToday(db: Executor, rows: DeviceRow[], timeZone: string, now: Date): Promise<Map<number, DayUsage>> {
  const out = new Map<number, DayUsage>();
  if (!rows.length) return out;
  const days = new Set(rows.map((r) => localDate(now, r.schoolTimezone ?? timeZone)));
  const usage = await db
    .selectFrom('smsDeviceUsage')
    .select(['deviceId', 'dayLocal', 'count', 'failed'])
    .where(
      'deviceId',
      'in',
      rows.map((r) => r.id),
    )
    .where('dayLocal', 'in', [...days])
    .execute();
  for (const r of rows) {
    const day = localDate(now, r.schoolTimezone ?? timeZone);
    const u = usage.find((x) => x.deviceId === r.id && x.dayLocal === day);
    out.set(r.id, { sent: Number(u?.count ?? 0), failed: Number(u?.failed ?? 0) });
  }
  return out;
}

function toDevice(row: DeviceRow, secrets: SecretBox, used: DayUsage = { sent: 0, failed: 0 }): SmsDevice {
  return {
    id: row.id,
    name: row.name,
    deviceName: row.deviceName,
    phoneNumber: row.phoneNumber,
    apiKey: maskedSecret(secrets, row.apiKey),
    description: row.description,
    schoolId: row.schoolId,
    school: row.schoolId && row.schoolName ? { name: row.schoolName, acronym: row.schoolAcronym ?? '' } : null,
    status: row.status as SmsDeviceStatus,
    dailyLimit: row.dailyLimit,
    sendRatePerMinute: Number(row.sendRatePerMinute),
    isDefault: Boolean(row.isDefault),
    lastActive: row.lastActive,
    sentToday: used.sent,
    failedToday: used.failed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /sms-devices?schoolId=: defaults first, then by name. 'global' = devices of no school. */
export async function listSmsDevices(deps: DeviceDeps, schoolId?: number | 'global'): Promise<SmsDevice[]> {
  let q = deviceRows(deps.db);
  if (schoolId === 'global') q = q.where('d.schoolId', 'is', null);
  else if (schoolId) q = q.where('d.schoolId', '=', schoolId);
  const rows = await q.orderBy('d.isDefault', 'desc').orderBy('d.name').orderBy('d.id').execute();
  const used = await usedToday(deps.db, rows, deps.timeZone, deps.clock.now());
  return rows.map((r) => toDevice(r, deps.secrets, used.get(r.id)));
}

async function deviceRow(db: Executor, id: number): Promise<DeviceRow> {
  const row = await deviceRows(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SMS_DEVICE_MESSAGES.notFound);
  return row;
}

export async function getSmsDevice(deps: DeviceDeps, id: number): Promise<SmsDevice> {
  const row = await deviceRow(deps.db, id);
  return toDevice(row, deps.secrets, (await usedToday(deps.db, [row], deps.timeZone, deps.clock.now())).get(id));
}

/** The full API key, for the dialog's Reveal; every reveal is in the system log. */
export async function revealSmsDeviceKey(deps: DeviceDeps, id: number, actor: Actor): Promise<string> {
  const row = await deviceRow(deps.db, id);
  return revealChannelSecret(
    deps.db,
    deps.secrets,
    SMS_DEVICE_CHANNEL,
    { id, stored: row.apiKey, label: { name: row.name }, schoolId: row.schoolId },
    actor,
  );
}

/** One default per school (and one global default): setting one unsets the other, in the caller's transaction. */
async function clearDefault(trx: Executor, schoolId: number | null, exceptId?: number) {
  let q = trx.updateTable('smsDevices').set({ isDefault: 0, updatedAt: nowIso() }).where('isDefault', '=', 1);
  q = schoolId == null ? q.where('schoolId', 'is', null) : q.where('schoolId', '=', schoolId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

export async function createSmsDevice(deps: DeviceDeps, input: SmsDeviceCreateInput, actor: Actor): Promise<SmsDevice> {
  if (input.schoolId != null) await requireSchool(deps.db, input.schoolId);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (input.isDefault) await clearDefault(trx, input.schoolId);
    const now = nowIso();
    const row = await trx
      .insertInto('smsDevices')
      .values({
        name: input.name,
        deviceName: input.deviceName,
        phoneNumber: input.phoneNumber,
        apiKey: deps.secrets.encrypt(input.apiKey),
        description: input.description ?? null,
        schoolId: input.schoolId,
        status: input.status,
        dailyLimit: input.dailyLimit,
        sendRatePerMinute: input.sendRatePerMinute,
        isDefault: input.isDefault ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { apiKey: _key, ...logged } = input;
    await writeLog(trx, actor, {
      action: 'CREATE_SMS_DEVICE',
      entity: 'SmsDevice',
      entityId: row.id,
      schoolId: input.schoolId ?? null,
      details: { device: logged },
    });
    return row.id;
  });
  return getSmsDevice(deps, id);
}

export async function updateSmsDevice(
  deps: DeviceDeps,
  id: number,
  input: SmsDeviceUpdateInput,
  actor: Actor,
): Promise<SmsDevice> {
  const before = await getSmsDevice(deps, id);
  if (input.schoolId != null) await requireSchool(deps.db, input.schoolId);
  const schoolId = input.schoolId === undefined ? before.schoolId : input.schoolId;
  const isDefault = input.isDefault ?? before.isDefault;
  await deps.db.transaction().execute(async (trx) => {
    if (isDefault) await clearDefault(trx, schoolId, id);
    const { apiKey, isDefault: _d, ...plain } = input;
    await trx
      .updateTable('smsDevices')
      .set({
        ...plain,
        ...(apiKey ? { apiKey: deps.secrets.encrypt(apiKey) } : {}),
        ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault ? 1 : 0 }),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    const changes = diff(before as unknown as Record<string, unknown>, { ...plain, isDefault: input.isDefault });
    await writeLog(trx, actor, {
      action: 'UPDATE_SMS_DEVICE',
      entity: 'SmsDevice',
      entityId: id,
      schoolId: schoolId ?? before.schoolId,
      details: { name: before.name, changes, ...(apiKey ? { apiKeyChanged: true } : {}) },
    });
  });
  return getSmsDevice(deps, id);
}

export async function deleteSmsDevice(deps: DeviceDeps, id: number, actor: Actor): Promise<void> {
  const before = await getSmsDevice(deps, id);
  await deleteChannel(
    deps.db,
    SMS_DEVICE_CHANNEL,
    id,
    { name: before.name, phoneNumber: before.phoneNumber, schoolId: before.schoolId },
    actor,
  );
}

/**
 * POST /sms-devices/{id}/test: one message through the gateway with this device's key and number.
 * A refusal carries the spec's failure text (the gateway's reason in errors.gateway): 400 when the gateway refused
 * the request, 502 when it did not answer.
 */
export async function testSmsDevice(deps: DeviceDeps, id: number, to: string, actor: Actor): Promise<void> {
  const row = await deviceRow(deps.db, id);
  const result = await sendSms({
    baseUrl: row.baseUrl ?? deps.gatewayUrl,
    apiKey: deps.secrets.decrypt(row.apiKey),
    from: row.phoneNumber,
    to,
    // In the GSM-7 form every SMS goes in (a device name typed on a phone may carry curly quotes or dashes).
    content: normalizeSmsText(`Test message from ${row.name}. If you received this, the device is ready to send notifications.`),
    requestId: `test:${id}:${Date.now()}`,
    timeoutMs: deps.sendTimeoutMs,
  });
  if (!result.ok) {
    const status = result.status && result.status < 500 ? 400 : 502;
    throw new AppError(status, SMS_DEVICE_MESSAGES.testFailed, { gateway: result.reason });
  }
  // A refused test changed nothing; a successful one proves the device works (last active), ends a pause for used-up
  // credits (the account has credits again), and is logged.
  const resumed = row.pausedUntil != null && row.pausedUntil > deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('smsDevices').set({ lastActive: nowIso(), pausedUntil: null }).where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: 'TEST_SMS_DEVICE',
      entity: 'SmsDevice',
      entityId: id,
      schoolId: row.schoolId,
      details: { name: row.name, to, result: 'sent', ...(resumed ? { resumed: true } : {}) },
    });
  });
}
