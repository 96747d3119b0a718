import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@core/time/clock';
import { LEARNER_CONNECTED_REPLY, OPT_IN_REPLIES } from '@domain/messenger-opt-in';
import type { MessengerWebhook } from '@domain/webhooks';
import { writeLog, type Actor } from '@core/audit-log';
import { sendMessengerText, type PageDeps } from './client';
import { useOptInRef } from './opt-in';

const MESSENGER: Actor = { role: 'SYSTEM', userId: null, name: 'Messenger webhook' };

interface Reply {
  pageId: string;
  psid: string;
  text: string;
}

/**
 * POST /api/webhooks/messenger (signature already checked). An event with an m.me ref tries to bind the
 * sender's PSID (useOptInRef); a refused ref is logged (MESSENGER_OPT_IN_REFUSED) and, after the commit, the
 * page tells the sender why and to ask the school for a new link. A learner's own link that binds is logged as
 * CONNECT_LEARNER_MESSENGER and the page confirms it (that slot gets no attendance notices). Every event from a
 * bound parent refreshes parentMessengerLastAt (Messenger's 24-hour window, which the outbox reads on the same
 * clock). One transaction per event.
 */
export async function applyMessengerEvents(
  deps: PageDeps & { log: FastifyBaseLogger; clock: Clock },
  entries: NonNullable<MessengerWebhook['entry']>,
): Promise<{ bound: number; refused: number }> {
  let bound = 0;
  let refused = 0;
  const replies: Reply[] = [];
  for (const entry of entries) {
    for (const ev of entry.messaging ?? []) {
      const psid = ev.sender?.id;
      if (!psid) continue;
      const pageId = entry.id ?? ev.recipient?.id ?? null;
      const ref = ev.referral?.ref ?? ev.postback?.referral?.ref ?? ev.optin?.ref;
      const now = deps.clock.now().toISOString();
      await deps.db.transaction().execute(async (trx) => {
        const outcome = ref ? await useOptInRef(trx, ref, psid, pageId, now) : { kind: 'none' as const };
        if (outcome.kind === 'bound') {
          bound += 1;
          const learner = outcome.slot === 'LEARNER';
          await writeLog(trx, MESSENGER, {
            action: learner ? 'CONNECT_LEARNER_MESSENGER' : 'CONNECT_PARENT_MESSENGER',
            entity: 'Student',
            entityId: outcome.studentId,
            details: { page: pageId, replaced: outcome.replaced },
          });
          // A guardian's binding has just set its window; a learner's may come from a guardian of another student.
          if (!learner) return;
          if (pageId) replies.push({ pageId, psid, text: LEARNER_CONNECTED_REPLY });
        }
        if (outcome.kind === 'refused') {
          refused += 1;
          await writeLog(trx, MESSENGER, {
            action: 'MESSENGER_OPT_IN_REFUSED',
            entity: 'Student',
            entityId: outcome.studentId,
            details: { reason: outcome.why, psid, page: pageId },
          });
          if (pageId) replies.push({ pageId, psid, text: OPT_IN_REPLIES[outcome.reason] });
        }
        await trx.updateTable('students').set({ parentMessengerLastAt: now }).where('parentMessengerPsid', '=', psid).execute();
      });
    }
  }
  // In parallel: Facebook wants its 200 within 20 s, and each send may wait up to its timeout.
  await Promise.all(replies.map((reply) => sendReply(deps, reply)));
  return { bound, refused };
}

/** Best effort: the outcome is already recorded; a page that cannot answer is logged, never an error to Facebook. */
async function sendReply(deps: PageDeps & { log: FastifyBaseLogger }, reply: Reply): Promise<void> {
  try {
    await trySendReply(deps, reply);
  } catch (err) {
    deps.log.warn({ page: reply.pageId, err: (err as Error).message }, 'Messenger opt-in reply not sent');
  }
}

async function trySendReply(deps: PageDeps & { log: FastifyBaseLogger }, reply: Reply): Promise<void> {
  const page = await deps.db
    .selectFrom('facebookPages')
    .select(['accessToken'])
    .where('pageId', '=', reply.pageId)
    .where('isActive', '=', 1)
    .executeTakeFirst();
  if (!page) return;
  const result = await sendMessengerText({
    graphApiUrl: deps.graphApiUrl,
    pageId: reply.pageId,
    accessToken: deps.secrets.decrypt(page.accessToken),
    psid: reply.psid,
    text: reply.text,
    messagingType: 'RESPONSE',
    timeoutMs: deps.timeoutMs,
  });
  if (!result.ok) deps.log.warn({ page: reply.pageId, reason: result.reason }, 'Messenger opt-in reply not delivered');
}
