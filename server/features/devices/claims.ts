import type { DB, Executor } from '@core/db/index';
import { conflict, isUniqueViolation, notFound } from '@core/http/errors';
import type { Unavailability } from '@core/http/not-available';
import { writeLog, type Actor } from '@core/audit-log';
import { Generation } from '@core/ttl-cache';
import { nowIso } from '@core/time/time';
import {
  CLAIM_RECORDED,
  DEVICE_CLAIM_MESSAGES as M,
  type DeviceClaim,
  type DeviceClaimDecision,
  type DeviceClaimKind,
  type DeviceClaimListQuery,
  type DeviceClaimStatus,
} from '@domain/devices/device-claims';

/*
 * Device claims (migration 0028): a school admin typed a reader serial number or a Facebook Page ID that another
 * school's record (or one of no school) holds. The admin is told only that it is not available; the claim waits for
 * the super admin, who grants it (the record moves to the claiming school: a reader inactive until that school turns
 * it on, a page needing that school's own access token) or refuses it. Every step is logged.
 */

/** The live record holding a value: a reader that is not retired, or a page. */
async function holderOf(db: Executor, kind: DeviceClaimKind, value: string) {
  if (kind === 'RFID_READER')
    return db
      .selectFrom('rfidReaders as r')
      .leftJoin('schools as s', 's.id', 'r.schoolId')
      .select(['r.id', 'r.name', 'r.schoolId', 's.name as schoolName', 's.acronym as schoolAcronym'])
      .where('r.serialNumber', '=', value)
      .where('r.retiredAt', 'is', null)
      .executeTakeFirst();
  return db
    .selectFrom('facebookPages as p')
    .leftJoin('schools as s', 's.id', 'p.schoolId')
    .select(['p.id', 'p.pageName as name', 'p.schoolId', 's.name as schoolName', 's.acronym as schoolAcronym'])
    .where('p.pageId', '=', value)
    .executeTakeFirst();
}

const FIELD: Record<DeviceClaimKind, string> = { RFID_READER: 'serialNumber', FACEBOOK_PAGE: 'pageId' };

/**
 * The answer to a serial or Page ID that record `holderSchoolId` holds: for the super admin, or within the admin's own
 * school, the 409 `takenMessage`; for another school's (or no school's) record, the admin's claim is recorded (once
 * while open), counted as a "not available" answer, and the 409 says only that the value is not available.
 */
export async function refuseTaken(
  db: DB,
  kind: DeviceClaimKind,
  value: string,
  holderSchoolId: number | null,
  gate: Unavailability,
  actor: Actor,
  takenMessage: string,
): Promise<never> {
  const field = FIELD[kind];
  if (gate.ownSchoolId == null || holderSchoolId === gate.ownSchoolId) throw conflict(takenMessage, { [field]: takenMessage });
  await gate.record(1);
  const schoolId = gate.ownSchoolId;
  const open = await db
    .selectFrom('deviceClaims')
    .select('id')
    .where('kind', '=', kind)
    .where('value', '=', value)
    .where('schoolId', '=', schoolId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  if (!open) {
    try {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('deviceClaims')
          .values({
            kind,
            value,
            schoolId,
            adminId: actor.userId,
            adminName: actor.name ?? actor.email ?? 'School admin',
            createdAt: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeLog(trx, actor, { action: 'CLAIM_DEVICE', entity: 'DeviceClaim', entityId: row.id, details: { kind, value } });
      });
    } catch (err) {
      // Two attempts at once: the partial unique index kept one open claim, which is what the admin asked for.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw conflict(CLAIM_RECORDED[kind], { [field]: CLAIM_RECORDED[kind] });
}

const claimRows = (db: Executor) =>
  db
    .selectFrom('deviceClaims as c')
    .leftJoin('schools as s', 's.id', 'c.schoolId')
    .selectAll('c')
    .select(['s.name as schoolName', 's.acronym as schoolAcronym']);
type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimRows>['executeTakeFirstOrThrow']>>;

async function toClaim(db: Executor, row: ClaimRow): Promise<DeviceClaim> {
  const kind = row.kind as DeviceClaimKind;
  const holder = row.status === 'OPEN' ? await holderOf(db, kind, row.value) : undefined;
  return {
    id: row.id,
    kind,
    value: row.value,
    school: row.schoolName ? { id: row.schoolId, name: row.schoolName, acronym: row.schoolAcronym ?? '' } : null,
    adminName: row.adminName,
    status: row.status as DeviceClaimStatus,
    holder: holder
      ? {
          recordId: holder.id,
          name: holder.name,
          school:
            holder.schoolId != null && holder.schoolName
              ? { id: holder.schoolId, name: holder.schoolName, acronym: holder.schoolAcronym ?? '' }
              : null,
        }
      : null,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    resolvedByName: row.resolvedByName,
  };
}

/** The super admin's list: open claims first, newest first (at most 200; open ones show who holds the value now). */
export async function listClaims(db: Executor, query: DeviceClaimListQuery): Promise<DeviceClaim[]> {
  let q = claimRows(db);
  if (query.kind) q = q.where('c.kind', '=', query.kind);
  if (query.status) q = q.where('c.status', '=', query.status);
  const rows = await q
    .orderBy((eb) => eb.case().when('c.status', '=', 'OPEN').then(0).else(1).end())
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(200)
    .execute();
  return Promise.all(rows.map((r) => toClaim(db, r)));
}

/**
 * GRANT moves the record holding the value to the claiming school (a reader inactive, a page needing a new token);
 * when nobody holds it any more, the claim is closed as granted and the school may register the value. REFUSE leaves
 * the record where it is. Either way the claim is closed and the decision logged; a closed claim is 409.
 */
export async function resolveClaim(
  db: DB,
  id: number,
  decision: DeviceClaimDecision,
  actor: Actor,
): Promise<{ claim: DeviceClaim; message: string }> {
  let message: string = decision === 'GRANT' ? M.granted : M.refused;
  let movedReader = false;
  await db.transaction().execute(async (trx) => {
    const claim = await trx.selectFrom('deviceClaims').selectAll().where('id', '=', id).executeTakeFirst();
    if (!claim) throw notFound(M.notFound);
    const now = nowIso();
    const closed = await trx
      .updateTable('deviceClaims')
      .set({ status: decision === 'GRANT' ? 'GRANTED' : 'REFUSED', resolvedAt: now, resolvedByName: actor.name ?? null })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw conflict(M.resolved);
    const kind = claim.kind as DeviceClaimKind;
    const holder = await holderOf(trx, kind, claim.value);
    const details: Record<string, unknown> = { kind, value: claim.value, schoolId: claim.schoolId, decision };
    if (decision === 'GRANT' && holder) {
      details.recordId = holder.id;
      details.fromSchoolId = holder.schoolId;
      if (kind === 'RFID_READER') {
        await trx
          .updateTable('rfidReaders')
          .set({ schoolId: claim.schoolId, isActive: 0, updatedAt: now })
          .where('id', '=', holder.id)
          .execute();
        movedReader = true;
      } else {
        await trx
          .updateTable('facebookPages')
          .set({ schoolId: claim.schoolId, needsReauth: 1, updatedAt: now })
          .where('id', '=', holder.id)
          .execute();
      }
    } else if (decision === 'GRANT') message = M.released;
    await writeLog(trx, actor, {
      action: decision === 'GRANT' ? 'GRANT_DEVICE_CLAIM' : 'REFUSE_DEVICE_CLAIM',
      entity: 'DeviceClaim',
      entityId: id,
      schoolId: claim.schoolId,
      details,
    });
  });
  // The rfid feature's reader caches (above devices: its generation by name) forget the moved reader.
  if (movedReader) Generation.named('readers').bump();
  const row = await claimRows(db).where('c.id', '=', id).executeTakeFirstOrThrow();
  return { claim: await toClaim(db, row), message };
}
