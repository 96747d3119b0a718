import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { isPostgres, type DB, type Executor } from '@core/db/index';
import { conflict, notFound } from '@core/http/errors';
import { hashToken } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { OPT_IN_MESSAGES as M, type MessengerOptIn, type NewOptInLink, type OptInRefusal } from '@domain/messenger-opt-in';
import { writeLog, type Actor } from '@core/audit-log';

/*
 * A parent's Messenger opt-in (issue #18 item 1): https://m.me/{page}?ref={ref}. Opening it and writing to the
 * page gives the page the parent's PSID with the ref (webhook: features/notifications/messenger-webhook.ts). A ref binds ONE
 * PSID to ONE student, once, before it expires; a new link kills the previous one. Only the ref's SHA-256 is
 * stored, so the link is shown when it is made and never again (the school prints or sends it then; a lost
 * link is replaced with "New link", which costs nothing while the parent has not used it).
 */

const DAY_MS = 24 * 3600 * 1000;

async function activeStudent(db: Executor, studentId: number, lock = false) {
  let q = db
    .selectFrom('students')
    .select(['id', 'schoolId', 'parentMessengerPsid', 'parentMessengerBoundAt', 'parentMessengerPageId'])
    .where('id', '=', studentId)
    .where('isArchived', '=', 0);
  // Two "New link" clicks at once would both revoke, then both insert (PostgreSQL): serialise on the student.
  if (lock && isPostgres(db)) q = q.forUpdate();
  const student = await q.executeTakeFirst();
  if (!student) throw notFound(M.studentNotFound);
  return student;
}
type StudentRow = Awaited<ReturnType<typeof activeStudent>>;

const schoolPage = (db: Executor, schoolId: number | null) =>
  schoolId == null
    ? Promise.resolve(undefined)
    : db
        .selectFrom('facebookPages')
        .select(['pageId', 'pageName'])
        .where('schoolId', '=', schoolId)
        .where('isActive', '=', 1)
        .orderBy('id')
        .executeTakeFirst();

async function statusOf(db: Executor, student: StudentRow, ttlDays: number): Promise<MessengerOptIn> {
  const page = await schoolPage(db, student.schoolId);
  const boundPage = student.parentMessengerPageId
    ? await db
        .selectFrom('facebookPages')
        .select(['pageId', 'pageName'])
        .where('pageId', '=', student.parentMessengerPageId)
        .executeTakeFirst()
    : undefined;
  const pending = await db
    .selectFrom('messengerOptInLinks')
    .select(['createdAt', 'expiresAt'])
    .where('studentId', '=', student.id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .executeTakeFirst();
  return {
    page: page ?? null,
    binding: student.parentMessengerPsid
      ? {
          boundAt: student.parentMessengerBoundAt,
          page: student.parentMessengerPageId
            ? { pageId: student.parentMessengerPageId, pageName: boundPage?.pageName ?? null }
            : null,
        }
      : null,
    pendingLink: pending ?? null,
    ttlDays,
  };
}

/** GET …/students/{id}/messenger-opt-in: the page, the parent's binding and the live link's dates (never the link). */
export async function messengerOptIn(db: DB, studentId: number, ttlDays: number): Promise<MessengerOptIn> {
  return statusOf(db, await activeStudent(db, studentId), ttlDays);
}

/** POST …/messenger-opt-in/links: a new single-use link; every earlier unused one stops working. Logged. */
export async function newOptInLink(db: DB, studentId: number, ttlDays: number, actor: Actor): Promise<NewOptInLink> {
  const ref = randomBytes(18).toString('base64url');
  const { status, pageId } = await db.transaction().execute(async (trx) => {
    const student = await activeStudent(trx, studentId, true);
    const page = await schoolPage(trx, student.schoolId);
    if (!page) throw conflict(M.noPage);
    const now = nowIso();
    const revoked = await trx
      .updateTable('messengerOptInLinks')
      .set({ revokedAt: now })
      .where('studentId', '=', student.id)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    const expiresAt = new Date(Date.parse(now) + ttlDays * DAY_MS).toISOString();
    await trx
      .insertInto('messengerOptInLinks')
      .values({ studentId: student.id, refHash: hashToken(ref), createdAt: now, expiresAt })
      .execute();
    await writeLog(trx, actor, {
      action: 'CREATE_MESSENGER_OPT_IN',
      entity: 'Student',
      entityId: student.id,
      details: { page: page.pageId, expiresAt, replacedLinks: Number(revoked.numUpdatedRows) },
    });
    return { status: await statusOf(trx, student, ttlDays), pageId: page.pageId };
  });
  const link = `https://m.me/${encodeURIComponent(pageId)}?ref=${ref}`;
  const qrSvg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { ...status, link, qrSvg };
}

/** DELETE …/messenger-opt-in/binding: the parent stops getting Messenger notifications (409 when not bound). Logged. */
export async function unbindParentMessenger(db: DB, studentId: number, ttlDays: number, actor: Actor): Promise<MessengerOptIn> {
  return db.transaction().execute(async (trx) => {
    const student = await activeStudent(trx, studentId, true);
    if (!student.parentMessengerPsid) throw conflict(M.notBound);
    await trx
      .updateTable('students')
      .set({ parentMessengerPsid: null, parentMessengerBoundAt: null, parentMessengerPageId: null, updatedAt: nowIso() })
      .where('id', '=', student.id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UNBIND_PARENT_MESSENGER',
      entity: 'Student',
      entityId: student.id,
      details: { page: student.parentMessengerPageId, boundAt: student.parentMessengerBoundAt },
    });
    const after = { ...student, parentMessengerPsid: null, parentMessengerBoundAt: null, parentMessengerPageId: null };
    return statusOf(trx, after, ttlDays);
  });
}

/** What a ref arriving through the webhook did. */
export type RefOutcome =
  | { kind: 'bound'; studentId: number; replaced: boolean }
  | { kind: 'same' }
  | { kind: 'refused'; reason: OptInRefusal; why: string; studentId: number | null };

/**
 * Uses a ref for `psid` arriving through the page with Graph id `pageId` (inside the caller's transaction).
 * Binds only when the link is unused, unrevoked, unexpired, of an active student whose school owns that page
 * (PSIDs are page-scoped: a PSID from another page could never be messaged). The claim is one conditional
 * UPDATE, so of two people racing with one ref exactly one binds. The parent re-opening their own link is a
 * no-op; anyone else reusing it, even after an unbind, binds nothing.
 */
export async function useOptInRef(
  trx: Executor,
  ref: string,
  psid: string,
  pageId: string | null,
  now: string,
): Promise<RefOutcome> {
  const link = await trx
    .selectFrom('messengerOptInLinks as l')
    .innerJoin('students as s', 's.id', 'l.studentId')
    .select(['l.id', 'l.studentId', 'l.expiresAt', 'l.usedAt', 'l.usedByPsid', 'l.revokedAt'])
    .select(['s.schoolId', 's.isArchived', 's.parentMessengerPsid'])
    .where('l.refHash', '=', hashToken(ref))
    .executeTakeFirst();
  if (!link) return { kind: 'refused', reason: 'invalid', why: 'unknown', studentId: null };
  const refuse = (reason: OptInRefusal, why: string): RefOutcome => ({ kind: 'refused', reason, why, studentId: link.studentId });
  if (link.usedAt)
    return link.usedByPsid === psid && link.parentMessengerPsid === psid ? { kind: 'same' } : refuse('used', 'used');
  if (link.revokedAt) return refuse('invalid', 'replaced');
  if (link.expiresAt <= now) return refuse('expired', 'expired');
  if (link.isArchived) return refuse('invalid', 'archived');
  const page = pageId
    ? await trx
        .selectFrom('facebookPages')
        .select('id')
        .where('pageId', '=', pageId)
        .where('schoolId', '=', link.schoolId ?? -1)
        .executeTakeFirst()
    : undefined;
  if (!page) return refuse('invalid', 'other page');
  const claimed = await trx
    .updateTable('messengerOptInLinks')
    .set({ usedAt: now, usedByPsid: psid })
    .where('id', '=', link.id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return refuse('used', 'used');
  await trx
    .updateTable('students')
    .set({
      parentMessengerPsid: psid,
      parentMessengerBoundAt: now,
      parentMessengerPageId: pageId,
      parentMessengerLastAt: now,
      updatedAt: now,
    })
    .where('id', '=', link.studentId)
    .execute();
  return { kind: 'bound', studentId: link.studentId, replaced: Boolean(link.parentMessengerPsid) };
}
