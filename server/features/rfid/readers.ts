import type { DB, Executor } from '@core/db/index';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { refuseTaken } from '../devices';
import type { Selectable } from 'kysely';
import type { RfidReaderTable } from '@core/db/schema';
import { hashToken, newToken } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { badRequest, conflict, notFound } from '@core/http/errors';
import { writeLog, diff, type Actor } from '@core/audit-log';
import { addressInNetworks } from '@shared/networks';
import { requireSchool } from '../schools';
import { Generation } from '@core/ttl-cache';
import {
  READER_MESSAGES,
  type ReaderCreate,
  type ReaderKind,
  type ReaderUpdate,
  type RfidReader,
  type RfidReaderWithToken,
} from '@domain/rfid';

/*
 * RFID readers: super-admin CRUD and token rotation. A reader's token is shown once (create,
 * rotate) and stored only as its SHA-256 hash (tokens are 256-bit random, so a fast hash is enough); the
 * list shows its last 4 characters. ZKTeco terminals cannot send a token: they are identified by their
 * serial number and, where set, their allowed source networks (README "RFID readers").
 */

/**
 * Readers as the tap intake caches them by token and by serial (server/core/ttl-cache.ts): another node refuses a
 * reader deactivated, retired or given a new token within READER_TTL_MS; in this process `forgetReaders()`, called
 * after the commit of every change, clears them at once. A granted device claim (devices) moves a reader too: it
 * bumps the same generation by its name.
 */
export const READER_TTL_MS = 2000;
export const readerChanges = Generation.named('readers');
/** A reader was changed in this process (after the commit). */
export const forgetReaders = () => readerChanges.bump();

export type ReaderRow = Selectable<RfidReaderTable>;

const readerColumns = [
  'rfidReaders.id',
  'rfidReaders.name',
  'rfidReaders.location',
  'rfidReaders.schoolId',
  'rfidReaders.kind',
  'rfidReaders.serialNumber',
  'rfidReaders.allowedNetworks',
  'rfidReaders.tokenHint',
  'rfidReaders.isActive',
  'rfidReaders.lastSeenAt',
  'rfidReaders.createdAt',
  'rfidReaders.updatedAt',
  'rfidReaders.retiredAt',
  'schools.name as schoolName',
  'schools.acronym as schoolAcronym',
  'schools.timezone as schoolTimezone',
] as const;

const baseQuery = (db: Executor) =>
  db.selectFrom('rfidReaders').leftJoin('schools', 'schools.id', 'rfidReaders.schoolId').select(readerColumns);

type Listed = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** `defaultTimeZone`: the platform's zone (SCHOOL_TIMEZONE), for a reader whose school has none of its own. */
function toReader(r: Listed, defaultTimeZone: string): RfidReader {
  return {
    id: r.id,
    name: r.name,
    location: r.location,
    schoolId: r.schoolId,
    school: r.schoolName ? { name: r.schoolName, acronym: r.schoolAcronym ?? '' } : null,
    timeZone: r.schoolTimezone ?? defaultTimeZone,
    kind: r.kind as ReaderKind,
    serialNumber: r.serialNumber,
    allowedNetworks: r.allowedNetworks ? (JSON.parse(r.allowedNetworks) as string[]) : null,
    tokenHint: r.tokenHint ? `••••${r.tokenHint}` : null,
    isActive: r.isActive === 1,
    lastSeenAt: r.lastSeenAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    retiredAt: r.retiredAt,
  };
}

/** Retired readers are listed only when asked for (`retired: true`). */
export async function listReaders(
  db: Executor,
  filters: { schoolId?: number; retired?: boolean },
  defaultTimeZone: string,
): Promise<RfidReader[]> {
  let q = baseQuery(db).orderBy('rfidReaders.name').orderBy('rfidReaders.id');
  if (filters.schoolId) q = q.where('rfidReaders.schoolId', '=', filters.schoolId);
  if (!filters.retired) q = q.where('rfidReaders.retiredAt', 'is', null);
  return (await q.execute()).map((r) => toReader(r, defaultTimeZone));
}

export async function getReader(db: Executor, id: number, defaultTimeZone: string): Promise<RfidReader> {
  const row = await baseQuery(db).where('rfidReaders.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(READER_MESSAGES.notFound);
  return toReader(row, defaultTimeZone);
}

/**
 * 409 when a live reader holds the serial. A school admin (`gate`) is refused (429) once their "not available"
 * answers are spent; another school's serial becomes a claim for the super admin (refuseTaken).
 */
async function assertSerialFree(
  db: DB,
  serial: string | null | undefined,
  exceptId: number | undefined,
  gate: Unavailability,
  actor: Actor,
) {
  if (!serial) return;
  await gate.assertOpen();
  // A retired reader's serial is free for the terminal that replaces it (the unique index is partial too).
  let q = db.selectFrom('rfidReaders').select('schoolId').where('serialNumber', '=', serial).where('retiredAt', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  const holder = await q.executeTakeFirst();
  if (holder) await refuseTaken(db, 'RFID_READER', serial, holder.schoolId, gate, actor, READER_MESSAGES.duplicateSerial);
}

export const freshToken = () => {
  const token = `rdr_${newToken()}`;
  return { token, tokenHash: hashToken(token), tokenHint: token.slice(-4) };
};

export async function createReader(
  db: DB,
  input: ReaderCreate,
  actor: Actor,
  defaultTimeZone: string,
  gate: Unavailability = EVERY_SCHOOL,
): Promise<RfidReaderWithToken> {
  await requireSchool(db, input.schoolId);
  await assertSerialFree(db, input.serialNumber, undefined, gate, actor);
  const { token, tokenHash, tokenHint } = freshToken();
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('rfidReaders')
      .values({
        name: input.name,
        location: input.location ?? null,
        schoolId: input.schoolId,
        kind: input.kind,
        serialNumber: input.serialNumber ?? null,
        allowedNetworks: input.allowedNetworks ? JSON.stringify(input.allowedNetworks) : null,
        tokenHash,
        tokenHint,
        tokenSetBy: actor.userId,
        tokenSetByRole: actor.role,
        isActive: input.isActive ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reader = await getReader(trx, row.id, defaultTimeZone);
    await writeLog(trx, actor, {
      action: 'CREATE_RFID_READER',
      entity: 'RfidReader',
      entityId: row.id,
      schoolId: reader.schoolId,
      details: { name: reader.name, kind: reader.kind, schoolId: reader.schoolId, serialNumber: reader.serialNumber },
    });
    return { ...reader, token };
  });
}

/** A retired reader is history: it is shown, never changed. */
async function liveReader(db: Executor, id: number, defaultTimeZone: string): Promise<RfidReader> {
  const reader = await getReader(db, id, defaultTimeZone);
  if (reader.retiredAt) throw conflict(READER_MESSAGES.retired);
  return reader;
}

export async function updateReader(
  db: DB,
  id: number,
  input: ReaderUpdate,
  actor: Actor,
  defaultTimeZone: string,
  gate: Unavailability = EVERY_SCHOOL,
): Promise<RfidReader> {
  const { timeZone: _zone, ...before } = await liveReader(db, id, defaultTimeZone);
  const merged = {
    kind: input.kind ?? before.kind,
    serialNumber: input.serialNumber === undefined ? before.serialNumber : input.serialNumber,
  };
  if (merged.kind === 'ZKTECO' && !merged.serialNumber)
    throw badRequest(READER_MESSAGES.serial, { serialNumber: READER_MESSAGES.serial });
  if (input.schoolId) await requireSchool(db, input.schoolId);
  await assertSerialFree(db, input.serialNumber, id, gate, actor);
  const updated = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rfidReaders')
      .set({
        name: input.name,
        location: input.location,
        schoolId: input.schoolId,
        kind: input.kind,
        serialNumber: input.serialNumber,
        allowedNetworks:
          input.allowedNetworks === undefined ? undefined : input.allowedNetworks ? JSON.stringify(input.allowedNetworks) : null,
        isActive: input.isActive === undefined ? undefined : input.isActive ? 1 : 0,
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    const after = await getReader(trx, id, defaultTimeZone);
    const { lastSeenAt: _a, updatedAt: _b, timeZone: _c, ...shown } = after;
    await writeLog(trx, actor, {
      action: 'UPDATE_RFID_READER',
      entity: 'RfidReader',
      entityId: id,
      schoolId: after.schoolId ?? before.schoolId,
      details: { changes: diff(before as never, shown as never) },
    });
    return after;
  });
  forgetReaders();
  return updated;
}

/**
 * Deletes a reader that never recorded a tap (nor a refusal); a reader with taps is retired instead: disabled,
 * kept with its taps (and the attendance made from them), hidden from the list. The delete itself checks for
 * taps, so a tap stored meanwhile turns it into a retirement (SQLite: writers are serial; PostgreSQL: the taps'
 * foreign key does not cascade, migration 0011, so the delete fails and the reader is retired).
 */
export async function deleteReader(
  db: Executor,
  id: number,
  actor: Actor,
  defaultTimeZone: string,
): Promise<'deleted' | 'retired'> {
  const before = await liveReader(db, id, defaultTimeZone);
  const hasHistory = (trx: Executor) =>
    trx
      .selectFrom('rfidReaders')
      .select('id')
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('rfidTaps').select('id').where('readerId', '=', id)),
          eb.exists(eb.selectFrom('rfidTapRefusals').select('id').where('readerId', '=', id)),
        ]),
      )
      .executeTakeFirst();
  const remove = (retire: boolean) =>
    db.transaction().execute(async (trx) => {
      if (!retire && !(await hasHistory(trx))) {
        await trx.deleteFrom('rfidReaders').where('id', '=', id).execute();
        await writeLog(trx, actor, {
          action: 'DELETE_RFID_READER',
          entity: 'RfidReader',
          entityId: id,
          schoolId: before.schoolId,
          details: { name: before.name },
        });
        return 'deleted' as const;
      }
      const now = nowIso();
      await trx.updateTable('rfidReaders').set({ isActive: 0, retiredAt: now, updatedAt: now }).where('id', '=', id).execute();
      await writeLog(trx, actor, {
        action: 'RETIRE_RFID_READER',
        entity: 'RfidReader',
        entityId: id,
        schoolId: before.schoolId,
        details: { name: before.name },
      });
      return 'retired' as const;
    });
  try {
    return await remove(false);
  } catch (err) {
    if ((err as { code?: string }).code !== '23503') throw err;
    return await remove(true);
  } finally {
    forgetReaders();
  }
}

/** A new token for a reader; the old one stops working at once. */
export async function rotateReaderToken(
  db: Executor,
  id: number,
  actor: Actor,
  defaultTimeZone: string,
): Promise<RfidReaderWithToken> {
  const { schoolId } = await liveReader(db, id, defaultTimeZone);
  const { token, tokenHash, tokenHint } = freshToken();
  const rotated = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rfidReaders')
      .set({ tokenHash, tokenHint, tokenSetBy: actor.userId, tokenSetByRole: actor.role, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, { action: 'ROTATE_RFID_READER_TOKEN', entity: 'RfidReader', entityId: id, schoolId });
    return { ...(await getReader(trx, id, defaultTimeZone)), token };
  });
  forgetReaders();
  return rotated;
}

/* ---------- Device identification (intake) ---------- */

export async function readerByToken(db: Executor, token: string): Promise<ReaderRow | undefined> {
  if (!token || token.length > 200) return undefined;
  return db.selectFrom('rfidReaders').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
}

export async function readerBySerial(db: Executor, serial: string): Promise<ReaderRow | undefined> {
  if (!serial || serial.length > 64) return undefined;
  return db
    .selectFrom('rfidReaders')
    .selectAll()
    .where('serialNumber', '=', serial)
    .where('retiredAt', 'is', null)
    .executeTakeFirst();
}

/** Whether a source address is inside one of the reader's allowed networks (none set = any address). */
export function addressAllowed(allowedNetworks: string | null, address: string): boolean {
  const list = allowedNetworks ? (JSON.parse(allowedNetworks) as string[]) : [];
  return list.length === 0 || addressInNetworks(list, address);
}

/**
 * The latest taps of cards no student has (Device Management shows them so the card can be registered or assigned),
 * of one school's readers when `schoolId` is given.
 */
export async function recentUnknownTaps(db: Executor, limit: number, defaultTimeZone: string, schoolId?: number) {
  let q = db
    .selectFrom('rfidTaps as t')
    .innerJoin('rfidReaders as r', 'r.id', 't.readerId')
    .leftJoin('schools as s', 's.id', 'r.schoolId')
    .select([
      't.id',
      'r.schoolId',
      't.cardUid',
      't.cardUidRaw',
      't.tappedAt',
      'r.name as readerName',
      'r.location as readerLocation',
    ])
    .select('s.timezone')
    .where('t.outcome', '=', 'UNKNOWN_CARD')
    // A card given to a learner since (Device Management's Assign) is no longer unknown.
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('students as st').select('st.id').where('st.rfidCardId', '=', eb.ref('t.cardUid')))),
    )
    .orderBy('t.id', 'desc')
    .limit(limit);
  if (schoolId != null) q = q.where('r.schoolId', '=', schoolId);
  const rows = await q.execute();
  return rows.map(({ timezone, ...tap }) => ({ ...tap, timeZone: timezone ?? defaultTimeZone }));
}
