import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { isPostgres, type DB, type Executor } from '@core/db/index';
import { conflict, notFound } from '@core/http/errors';
import { hashToken } from '@core/auth/passwords';
import {
  OPT_IN_MESSAGES as M,
  type MessengerOptIn,
  type MessengerSlot,
  type NewOptInLink,
  type OptInRefusal,
} from '@domain/messenger-opt-in';
import { writeLog, type Actor } from '@core/audit-log';

/*
 * A parent's Messenger opt-in: https://m.me/{page}?ref={ref}. Opening it and writing to the
 * page gives the page the parent's PSID with the ref (webhook: webhook.ts). A ref binds ONE
 * PSID to ONE student, once, before it expires; a new link kills the previous one. Only the ref's SHA-256 is
 * stored, so the link is shown when it is made and never again (the school prints or sends it then; a lost
 * link is replaced with "New link", which costs nothing while the parent has not used it).
 *
 * Each link binds one slot of the student (MessengerSlot): the guardian's (parent_messenger_*: the links the school
 * makes, which receive the attendance notices) or the learner's own (learner_messenger_*: the links a learner makes
 * in the portal). A new link kills only the earlier live link of its own slot, so a learner's link never cancels
 * the school's printed one, and a learner's link never fills the guardian's slot.
 */

const DAY_MS = 24 * 3600 * 1000;

/** How long a new link lives, and the server's clock now (a link is live until then plus `ttlDays`). */
export interface LinkTerms {
  ttlDays: number;
  now: Date;
}

async function activeStudent(db: Executor, studentId: number, lock = false) {
  let q = db
    .selectFrom('students')
    .select(['id', 'schoolId', 'parentMessengerPsid', 'parentMessengerBoundAt', 'parentMessengerPageId'])
    .select(['learnerMessengerPsid', 'learnerMessengerBoundAt', 'learnerMessengerPageId'])
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

/** A slot's binding columns. */
const slotBinding = (student: StudentRow, slot: MessengerSlot) =>
  slot === 'GUARDIAN'
    ? { psid: student.parentMessengerPsid, boundAt: student.parentMessengerBoundAt, pageId: student.parentMessengerPageId }
    : { psid: student.learnerMessengerPsid, boundAt: student.learnerMessengerBoundAt, pageId: student.learnerMessengerPageId };

async function statusOf(db: Executor, student: StudentRow, terms: LinkTerms, slot: MessengerSlot): Promise<MessengerOptIn> {
  const page = await schoolPage(db, student.schoolId);
  const bound = slotBinding(student, slot);
  const boundPage = bound.pageId
    ? await db.selectFrom('facebookPages').select(['pageId', 'pageName']).where('pageId', '=', bound.pageId).executeTakeFirst()
    : undefined;
  const pending = await db
    .selectFrom('messengerOptInLinks')
    .select(['createdAt', 'expiresAt'])
    .where('studentId', '=', student.id)
    .where('slot', '=', slot)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', terms.now.toISOString())
    .executeTakeFirst();
  return {
    page: page ?? null,
    binding: bound.psid
      ? { boundAt: bound.boundAt, page: bound.pageId ? { pageId: bound.pageId, pageName: boundPage?.pageName ?? null } : null }
      : null,
    pendingLink: pending ?? null,
    ttlDays: terms.ttlDays,
  };
}

/**
 * GET …/students/{id}/messenger-opt-in: the page, the slot's binding and its live link's dates (never the link).
 * The console asks for the guardian's slot; the portal for the learner's own and, read-only, the guardian's.
 */
export async function messengerOptIn(
  db: DB,
  studentId: number,
  terms: LinkTerms,
  slot: MessengerSlot = 'GUARDIAN',
): Promise<MessengerOptIn> {
  return statusOf(db, await activeStudent(db, studentId), terms, slot);
}

/** POST …/messenger-opt-in/links: a new single-use link for a slot; the slot's earlier unused one stops working. Logged. */
export async function newOptInLink(
  db: DB,
  studentId: number,
  terms: LinkTerms,
  actor: Actor,
  slot: MessengerSlot = 'GUARDIAN',
): Promise<NewOptInLink> {
  const ref = randomBytes(18).toString('base64url');
  const { status, pageId } = await db.transaction().execute(async (trx) => {
    const student = await activeStudent(trx, studentId, true);
    const page = await schoolPage(trx, student.schoolId);
    if (!page) throw conflict(M.noPage);
    const now = terms.now.toISOString();
    const revoked = await trx
      .updateTable('messengerOptInLinks')
      .set({ revokedAt: now })
      .where('studentId', '=', student.id)
      .where('slot', '=', slot)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    const expiresAt = new Date(terms.now.getTime() + terms.ttlDays * DAY_MS).toISOString();
    await trx
      .insertInto('messengerOptInLinks')
      .values({ studentId: student.id, refHash: hashToken(ref), createdAt: now, expiresAt, slot })
      .execute();
    await writeLog(trx, actor, {
      action: 'CREATE_MESSENGER_OPT_IN',
      entity: 'Student',
      entityId: student.id,
      schoolId: student.schoolId,
      details: { page: page.pageId, slot, expiresAt, replacedLinks: Number(revoked.numUpdatedRows) },
    });
    return { status: await statusOf(trx, student, terms, slot), pageId: page.pageId };
  });
  const link = `https://m.me/${encodeURIComponent(pageId)}?ref=${ref}`;
  const qrSvg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { ...status, link, qrSvg };
}

/** DELETE …/messenger-opt-in/binding: the parent stops getting Messenger notifications (409 when not bound). Logged. */
export async function unbindParentMessenger(db: DB, studentId: number, terms: LinkTerms, actor: Actor): Promise<MessengerOptIn> {
  return db.transaction().execute(async (trx) => {
    const student = await activeStudent(trx, studentId, true);
    if (!student.parentMessengerPsid) throw conflict(M.notBound);
    await trx
      .updateTable('students')
      .set({
        parentMessengerPsid: null,
        parentMessengerBoundAt: null,
        parentMessengerPageId: null,
        updatedAt: terms.now.toISOString(),
      })
      .where('id', '=', student.id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UNBIND_PARENT_MESSENGER',
      entity: 'Student',
      entityId: student.id,
      schoolId: student.schoolId,
      details: { page: student.parentMessengerPageId, boundAt: student.parentMessengerBoundAt },
    });
    const after = { ...student, parentMessengerPsid: null, parentMessengerBoundAt: null, parentMessengerPageId: null };
    return statusOf(trx, after, terms, 'GUARDIAN');
  });
}

/** What a ref arriving through the webhook did. */
export type RefOutcome =
  | { kind: 'bound'; studentId: number; slot: MessengerSlot; replaced: boolean }
  | { kind: 'same' }
  | { kind: 'refused'; reason: OptInRefusal; why: string; studentId: number | null };

/**
 * Uses a ref for `psid` arriving through the page with Graph id `pageId` (inside the caller's transaction).
 * Binds only when the link is unused, unrevoked, unexpired, of an active student whose school owns that page
 * (PSIDs are page-scoped: a PSID from another page could never be messaged). The claim is one conditional
 * UPDATE, so of two people racing with one ref exactly one binds. The parent re-opening their own link is a
 * no-op; anyone else reusing it, even after an unbind, binds nothing. The link's slot decides which binding it
 * sets: a learner's link sets only the learner's own.
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
    .select(['l.id', 'l.studentId', 'l.slot', 'l.expiresAt', 'l.usedAt', 'l.usedByPsid', 'l.revokedAt'])
    .select(['s.schoolId', 's.isArchived', 's.parentMessengerPsid', 's.learnerMessengerPsid'])
    .where('l.refHash', '=', hashToken(ref))
    .executeTakeFirst();
  if (!link) return { kind: 'refused', reason: 'invalid', why: 'unknown', studentId: null };
  const refuse = (reason: OptInRefusal, why: string): RefOutcome => ({ kind: 'refused', reason, why, studentId: link.studentId });
  const boundPsid = link.slot === 'LEARNER' ? link.learnerMessengerPsid : link.parentMessengerPsid;
  if (link.usedAt) return link.usedByPsid === psid && boundPsid === psid ? { kind: 'same' } : refuse('used', 'used');
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
    .set(
      link.slot === 'LEARNER'
        ? { learnerMessengerPsid: psid, learnerMessengerBoundAt: now, learnerMessengerPageId: pageId, updatedAt: now }
        : {
            parentMessengerPsid: psid,
            parentMessengerBoundAt: now,
            parentMessengerPageId: pageId,
            parentMessengerLastAt: now,
            updatedAt: now,
          },
    )
    .where('id', '=', link.studentId)
    .execute();
  return { kind: 'bound', studentId: link.studentId, slot: link.slot, replaced: Boolean(boundPsid) };
}
