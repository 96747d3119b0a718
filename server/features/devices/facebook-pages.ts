import type { DB, Executor } from '@core/db/index';
import { AppError, notFound } from '@core/http/errors';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { refuseTaken } from './claims';
import type { SecretBox } from '@core/secrets/secrets';
import { nowIso } from '@core/time/time';
import {
  FACEBOOK_PAGE_MESSAGES as M,
  type FacebookPage,
  type FacebookPageCreateInput,
  type FacebookPageUpdateInput,
  type FacebookSendMessageInput,
} from '@domain/devices/facebook-pages';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { sendMessengerText, testPageToken, type PageDeps } from '../messenger';
import { deleteChannel, FACEBOOK_PAGE_CHANNEL, maskedSecret, revealChannelSecret } from './channel';

function pageRows(db: Executor) {
  return db
    .selectFrom('facebookPages as p')
    .leftJoin('schools as s', 's.id', 'p.schoolId')
    .selectAll('p')
    .select(['s.name as schoolName', 's.acronym as schoolAcronym']);
}
type PageRow = Awaited<ReturnType<ReturnType<typeof pageRows>['executeTakeFirstOrThrow']>>;

const toPage = (row: PageRow, secrets: SecretBox): FacebookPage => ({
  id: row.id,
  pageId: row.pageId,
  pageName: row.pageName,
  accessToken: maskedSecret(secrets, row.accessToken),
  schoolId: row.schoolId,
  school: row.schoolId && row.schoolName ? { name: row.schoolName, acronym: row.schoolAcronym ?? '' } : null,
  isActive: Boolean(row.isActive),
  needsReauth: Boolean(row.needsReauth),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** GET /facebook-pages and /schools/{id}/facebook-pages. */
export async function listFacebookPages(deps: PageDeps, schoolId?: number): Promise<FacebookPage[]> {
  if (schoolId) await requireSchool(deps.db, schoolId);
  let q = pageRows(deps.db);
  if (schoolId) q = q.where('p.schoolId', '=', schoolId);
  const rows = await q.orderBy('p.pageName').orderBy('p.id').execute();
  return rows.map((r) => toPage(r, deps.secrets));
}

async function pageRow(db: Executor, id: number): Promise<PageRow> {
  const row = await pageRows(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getFacebookPage(deps: PageDeps, id: number): Promise<FacebookPage> {
  return toPage(await pageRow(deps.db, id), deps.secrets);
}

export async function revealPageToken(deps: PageDeps, id: number, actor: Actor): Promise<string> {
  const row = await pageRow(deps.db, id);
  const label = { pageName: row.pageName };
  return revealChannelSecret(
    deps.db,
    deps.secrets,
    FACEBOOK_PAGE_CHANNEL,
    { id, stored: row.accessToken, label, schoolId: row.schoolId },
    actor,
  );
}

/**
 * 409 when a page holds the Page ID. A school admin (`gate`) is refused (429) once their "not available" answers are
 * spent; another school's (or no school's) page becomes a claim for the super admin (refuseTaken).
 */
async function assertPageIdFree(db: DB, pageId: string, exceptId: number | undefined, gate: Unavailability, actor: Actor) {
  await gate.assertOpen();
  let q = db.selectFrom('facebookPages').select('schoolId').where('pageId', '=', pageId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  const holder = await q.executeTakeFirst();
  if (holder) await refuseTaken(db, 'FACEBOOK_PAGE', pageId, holder.schoolId, gate, actor, M.duplicate);
}

export async function createFacebookPage(
  deps: PageDeps,
  input: FacebookPageCreateInput,
  actor: Actor,
  gate: Unavailability = EVERY_SCHOOL,
): Promise<FacebookPage> {
  await requireSchool(deps.db, input.schoolId);
  await assertPageIdFree(deps.db, input.pageId, undefined, gate, actor);
  const id = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('facebookPages')
      .values({
        pageId: input.pageId,
        pageName: input.pageName,
        accessToken: deps.secrets.encrypt(input.accessToken),
        schoolId: input.schoolId,
        isActive: input.isActive ? 1 : 0,
        needsReauth: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { accessToken: _t, ...logged } = input;
    await writeLog(trx, actor, {
      action: 'CREATE_FACEBOOK_PAGE',
      entity: 'FacebookPage',
      entityId: row.id,
      schoolId: input.schoolId,
      details: { page: logged },
    });
    return row.id;
  });
  return getFacebookPage(deps, id);
}

export async function updateFacebookPage(
  deps: PageDeps,
  id: number,
  input: FacebookPageUpdateInput,
  actor: Actor,
  gate: Unavailability = EVERY_SCHOOL,
): Promise<FacebookPage> {
  const before = await getFacebookPage(deps, id);
  if (input.schoolId !== undefined) await requireSchool(deps.db, input.schoolId);
  if (input.pageId !== undefined) await assertPageIdFree(deps.db, input.pageId, id, gate, actor);
  await deps.db.transaction().execute(async (trx) => {
    const { accessToken, isActive, ...plain } = input;
    await trx
      .updateTable('facebookPages')
      .set({
        ...plain,
        // A new token is a reconnection: the page may send again.
        ...(accessToken ? { accessToken: deps.secrets.encrypt(accessToken), needsReauth: 0 } : {}),
        ...(isActive === undefined ? {} : { isActive: isActive ? 1 : 0 }),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_FACEBOOK_PAGE',
      entity: 'FacebookPage',
      entityId: id,
      schoolId: plain.schoolId ?? before.schoolId,
      details: {
        pageName: before.pageName,
        changes: diff(before as unknown as Record<string, unknown>, { ...plain, isActive }),
        ...(accessToken ? { accessTokenChanged: true } : {}),
      },
    });
  });
  return getFacebookPage(deps, id);
}

export async function deleteFacebookPage(deps: PageDeps, id: number, actor: Actor): Promise<void> {
  const before = await getFacebookPage(deps, id);
  await deleteChannel(
    deps.db,
    FACEBOOK_PAGE_CHANNEL,
    id,
    { pageId: before.pageId, pageName: before.pageName, schoolId: before.schoolId },
    actor,
  );
}

/** A dead token (190) marks the page as needing reconnection; the outbox stops using it until a new token is saved. */
export async function markNeedsReauth(db: Executor, id: number): Promise<void> {
  await db.updateTable('facebookPages').set({ needsReauth: 1, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/**
 * A refused test changes nothing (the outbox marks a dead token when it meets one while sending): the answer is
 * the spec's failure text with Graph's reason, 400 when Graph refused the request, 502 when it did not answer.
 */
const graphFailure = (message: string, result: { kind: string; reason: string }) =>
  new AppError(result.kind === 'temporary' ? 502 : 400, message, { graph: result.reason });

/** POST /facebook-pages/{id}/test: GET /me must name this page. Success is logged (and clears needsReauth). */
export async function testFacebookPage(deps: PageDeps, id: number, actor: Actor): Promise<void> {
  const row = await pageRow(deps.db, id);
  const result = await testPageToken({
    graphApiUrl: deps.graphApiUrl,
    pageId: row.pageId,
    accessToken: deps.secrets.decrypt(row.accessToken),
    timeoutMs: deps.timeoutMs,
  });
  if (!result.ok) throw graphFailure(M.testFailed, result);
  await deps.db.transaction().execute(async (trx) => {
    if (row.needsReauth)
      await trx.updateTable('facebookPages').set({ needsReauth: 0, updatedAt: nowIso() }).where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: 'TEST_FACEBOOK_PAGE',
      entity: 'FacebookPage',
      entityId: id,
      schoolId: row.schoolId,
      details: { pageName: row.pageName, result: 'ok' },
    });
  });
}

/**
 * POST /facebook-pages/send-message: pageId is the record's id, or the Facebook page id. `schoolId`: only
 * that school's pages (a school admin's; another school's page is not found).
 */
export async function sendPageMessage(
  deps: PageDeps,
  input: FacebookSendMessageInput,
  actor: Actor,
  schoolId?: number,
): Promise<void> {
  let q = pageRows(deps.db);
  if (schoolId != null) q = q.where('p.schoolId', '=', schoolId);
  q = /^\d{1,9}$/.test(input.pageId)
    ? q.where((eb) => eb.or([eb('p.id', '=', Number(input.pageId)), eb('p.pageId', '=', input.pageId)]))
    : q.where('p.pageId', '=', input.pageId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  const result = await sendMessengerText({
    graphApiUrl: deps.graphApiUrl,
    pageId: row.pageId,
    accessToken: deps.secrets.decrypt(row.accessToken),
    psid: input.recipientId,
    text: input.message,
    messagingType: 'UPDATE',
    timeoutMs: deps.timeoutMs,
  });
  if (!result.ok) throw graphFailure(M.sendFailed, result);
  await writeLog(deps.db, actor, {
    action: 'SEND_FACEBOOK_TEST_MESSAGE',
    entity: 'FacebookPage',
    entityId: row.id,
    schoolId: row.schoolId,
    details: { pageName: row.pageName, recipientId: input.recipientId },
  });
}
