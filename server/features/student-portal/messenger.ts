import type { DB } from '@core/db/index';
import { conflict } from '@core/http/errors';
import type { Actor } from '@core/audit-log';
import { messengerOptIn, newOptInLink } from '../notifications';
import type { MessengerOptIn } from '@domain/messenger-opt-in';
import { STUDENT_PORTAL_MESSAGES as M, type StudentMessenger, type StudentOptInLink } from '@domain/student-portal';

/*
 * The guardian's Messenger connection as the learner sees it (issue #24): connected or not, and a single-use
 * opt-in link + QR code to show a guardian on the phone. The links are the school's opt-in links
 * (features/notifications/messenger-opt-in.ts: single-use, expiring, only a hash stored, a new one kills the last).
 * While a guardian IS connected the learner cannot make a link: a learner's link used by the learner's own
 * account would silently take the guardian's notifications over. Disconnecting stays with the school.
 */

const forLearner = (s: MessengerOptIn): StudentMessenger => ({
  page: s.page ? { pageName: s.page.pageName } : null,
  connected: s.binding !== null,
  connectedAt: s.binding?.boundAt ?? null,
  pendingLink: s.pendingLink,
  ttlDays: s.ttlDays,
});

export async function learnerMessenger(db: DB, studentId: number, ttlDays: number): Promise<StudentMessenger> {
  return forLearner(await messengerOptIn(db, studentId, ttlDays));
}

export async function learnerOptInLink(db: DB, studentId: number, ttlDays: number, actor: Actor): Promise<StudentOptInLink> {
  const now = await messengerOptIn(db, studentId, ttlDays);
  if (now.binding) throw conflict(M.guardianConnected);
  const made = await newOptInLink(db, studentId, ttlDays, actor);
  return { ...forLearner(made), link: made.link, qrSvg: made.qrSvg };
}
