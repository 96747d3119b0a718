import type { DB } from '@core/db/index';
import type { Actor } from '@core/audit-log';
import { messengerOptIn, newOptInLink, type LinkTerms } from '../messenger';
import type { MessengerOptIn } from '@domain/messenger-opt-in';
import type { StudentMessenger, StudentOptInLink } from '@domain/student-portal';

/*
 * Messenger as the learner sees it: whether a guardian is connected (the guardian's slot is filled only by the
 * school's links, which the learner cannot make or cancel), and the learner's OWN Messenger: a single-use link +
 * QR code that binds the learner's slot of the school's opt-in links (features/messenger/opt-in.ts:
 * single-use, expiring, only a hash stored, a new one kills only the learner's last). The learner's slot gets a
 * confirmation when it connects and no attendance notices: those go to the guardian.
 */

const forLearner = (guardian: MessengerOptIn, mine: MessengerOptIn): StudentMessenger => ({
  page: mine.page ? { pageName: mine.page.pageName } : null,
  connected: guardian.binding !== null,
  connectedAt: guardian.binding?.boundAt ?? null,
  mine: { connected: mine.binding !== null, connectedAt: mine.binding?.boundAt ?? null },
  pendingLink: mine.pendingLink,
  ttlDays: mine.ttlDays,
});

export async function learnerMessenger(db: DB, studentId: number, terms: LinkTerms): Promise<StudentMessenger> {
  return forLearner(
    await messengerOptIn(db, studentId, terms, 'GUARDIAN'),
    await messengerOptIn(db, studentId, terms, 'LEARNER'),
  );
}

export async function learnerOptInLink(db: DB, studentId: number, terms: LinkTerms, actor: Actor): Promise<StudentOptInLink> {
  const made = await newOptInLink(db, studentId, terms, actor, 'LEARNER');
  const guardian = await messengerOptIn(db, studentId, terms, 'GUARDIAN');
  return { ...forLearner(guardian, made), link: made.link, qrSvg: made.qrSvg };
}
