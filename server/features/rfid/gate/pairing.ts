import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { DB, Executor } from '@core/db/index';
import { hashToken, newToken } from '@core/auth/passwords';
import { badRequest, conflict } from '@core/http/errors';
import { writeLog, type Actor } from '@core/audit-log';
import { READER_MESSAGES, PAIRABLE_KINDS, type ReaderKind } from '@domain/rfid';
import {
  GATE_MESSAGES,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  formatPairingCode,
  normalizePairingCode,
  type GateStation,
  type PairResult,
  type PairingCode,
} from '@domain/gate';
import { schoolRules } from '../../attendance';
import { forgetReaders, freshToken, getReader, type ReaderRow } from '../readers';

/*
 * Pairing a gate station page with a reader. Staff make a code (8 letters and digits, shown once, stored as its
 * SHA-256, GATE_PAIRING_MINUTES (10), a reader's earlier unused code stops working); the page exchanges it once for a new token of
 * the reader, which only that page then holds: the reader's earlier token stops working, as on "New Token".
 * Unpairing gives the reader a token nobody is shown, so the page is refused at its next request.
 */

const newCode = () =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

/** A reader that can be paired: live, active, and posting taps with a token. */
async function pairableReader(db: Executor, id: number, defaultTimeZone: string) {
  const reader = await getReader(db, id, defaultTimeZone);
  if (reader.retiredAt) throw conflict(READER_MESSAGES.retired);
  if (!PAIRABLE_KINDS.includes(reader.kind)) throw badRequest(GATE_MESSAGES.kind);
  if (!reader.isActive) throw conflict(GATE_MESSAGES.inactive);
  return reader;
}

export async function createPairingCode(
  db: DB,
  readerId: number,
  actor: Actor,
  opts: { defaultTimeZone: string; now: Date; origin: string; ttlMinutes: number },
): Promise<PairingCode> {
  const reader = await pairableReader(db, readerId, opts.defaultTimeZone);
  const code = newCode();
  const now = opts.now.toISOString();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlMinutes * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const replaced = await trx
      .deleteFrom('gatePairingCodes')
      .where('readerId', '=', readerId)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    await trx
      .insertInto('gatePairingCodes')
      .values({
        readerId,
        codeHash: hashToken(code),
        createdAt: now,
        expiresAt,
        createdBy: actor.userId,
        createdByRole: actor.role,
      })
      .execute();
    await writeLog(trx, actor, {
      action: 'CREATE_GATE_PAIRING_CODE',
      entity: 'RfidReader',
      entityId: readerId,
      schoolId: reader.schoolId,
      details: { expiresAt, replacedCodes: Number(replaced.numDeletedRows) },
    });
  });
  const shown = formatPairingCode(code);
  const link = `${opts.origin}/gate#pair=${shown}`;
  const qrSvg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { code: shown, expiresAt, link, qrSvg };
}

export interface StationOptions {
  defaultTimeZone: string;
  /** The server's clock (app.clock). */
  now: () => Date;
  debounceSeconds: number;
  checkoutMinMinutes: number;
}

/** What the gate page shows of its reader (the school's zone; the platform's without one). */
export async function stationOf(db: Executor, reader: Pick<ReaderRow, 'id'>, opts: StationOptions): Promise<GateStation> {
  const r = await getReader(db, reader.id, opts.defaultTimeZone);
  const rules = r.schoolId ? await schoolRules(db, r.schoolId, opts.defaultTimeZone) : null;
  return {
    readerId: r.id,
    readerName: r.name,
    location: r.location,
    schoolName: r.school?.name ?? '',
    schoolAcronym: r.school?.acronym ?? '',
    timeZone: rules?.timeZone ?? r.timeZone,
    serverTime: opts.now().toISOString(),
    rules: {
      lateCutoff: rules?.lateCutoff ?? '07:45',
      schoolDays: rules?.schoolDays ?? [1, 2, 3, 4, 5],
      holidays: rules ? [...rules.holidays].sort() : [],
      debounceSeconds: opts.debounceSeconds,
      checkoutMinMinutes: opts.checkoutMinMinutes,
    },
  };
}

/**
 * The page's code → the reader's new token. A wrong, used or expired code says which (400) and changes nothing;
 * the code is taken by a conditional update, so two pages racing with one code pair only one.
 */
export async function pairStation(
  db: DB,
  rawCode: string,
  opts: StationOptions & { ip: string; userAgent?: string },
): Promise<PairResult> {
  const codeHash = hashToken(normalizePairingCode(rawCode));
  const device: Actor = { role: 'DEVICE', userId: null, name: 'Gate station', ip: opts.ip, userAgent: opts.userAgent };
  const paired = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('gatePairingCodes as c')
      .innerJoin('rfidReaders as r', 'r.id', 'c.readerId')
      .select([
        'c.id',
        'c.readerId',
        'c.usedAt',
        'c.expiresAt',
        'c.createdBy',
        'c.createdByRole',
        'r.kind',
        'r.isActive',
        'r.retiredAt',
      ])
      .where('c.codeHash', '=', codeHash)
      .executeTakeFirst();
    if (!row || row.retiredAt || !PAIRABLE_KINDS.includes(row.kind as ReaderKind)) throw badRequest(GATE_MESSAGES.wrong);
    if (row.usedAt) throw badRequest(GATE_MESSAGES.used);
    const at = opts.now();
    if (Date.parse(row.expiresAt) <= at.getTime()) throw badRequest(GATE_MESSAGES.expired);
    if (!row.isActive) throw conflict(GATE_MESSAGES.inactive);
    const now = at.toISOString();
    const taken = await trx
      .updateTable('gatePairingCodes')
      .set({ usedAt: now })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw badRequest(GATE_MESSAGES.used);
    const { token, tokenHash, tokenHint } = freshToken();
    await trx
      .updateTable('rfidReaders')
      .set({ tokenHash, tokenHint, tokenSetBy: row.createdBy, tokenSetByRole: row.createdByRole, updatedAt: now })
      .where('id', '=', row.readerId)
      .execute();
    await writeLog(trx, device, { action: 'PAIR_GATE_STATION', entity: 'RfidReader', entityId: row.readerId });
    return { token, station: await stationOf(trx, { id: row.readerId }, opts) };
  });
  forgetReaders();
  return paired;
}

/** Unpairs the reader's gate page: a token nobody is shown replaces its token, and its unused codes are dropped. */
export async function unpairStation(db: DB, readerId: number, actor: Actor, defaultTimeZone: string): Promise<void> {
  await pairableReader(db, readerId, defaultTimeZone).catch((err: unknown) => {
    // A deactivated reader can still be unpaired (its page is refused already; its token must not come back).
    if ((err as { message?: string }).message !== GATE_MESSAGES.inactive) throw err;
  });
  const { schoolId } = await getReader(db, readerId, defaultTimeZone);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rfidReaders')
      .set({ tokenHash: hashToken(`unpaired_${newToken()}`), tokenHint: null, updatedAt: new Date().toISOString() })
      .where('id', '=', readerId)
      .execute();
    await trx.deleteFrom('gatePairingCodes').where('readerId', '=', readerId).where('usedAt', 'is', null).execute();
    await writeLog(trx, actor, { action: 'UNPAIR_GATE_STATION', entity: 'RfidReader', entityId: readerId, schoolId });
  });
  forgetReaders();
}
