import { atom } from 'nanostores';
import { actionFailure, type ActionResult } from '@kit/form/action';
import { clearSession } from '@features/auth';
import type { StudentOptInLink } from '@domain/student-portal';
import { createStudentOptInLink, logoutStudent } from './api';

/** The month the calendar shows ('YYYY-MM'), null for the school's current month. */
export const $shownMonth = atom<string | null>(null);

export function showMonth(month: string | null): void {
  $shownMonth.set(month);
}

/** A single-use link for the learner's own Messenger (shown once: the server keeps only its hash). */
export async function makeMyMessengerLink(): Promise<ActionResult<StudentOptInLink>> {
  try {
    const res = await createStudentOptInLink();
    return { ok: true, message: res.message ?? 'Open this link on your phone to connect your own Messenger.', data: res.data };
  } catch (err) {
    return actionFailure(err, 'Failed to make a Messenger link');
  }
}

/** Logout: the session is revoked, all three cookies go, and the browser goes to /login. */
export async function signOutLearner(): Promise<void> {
  // Signing out always ends here, even when the server cannot be reached (the cookies go either way).
  await logoutStudent().catch(() => undefined);
  clearSession();
  location.replace('/login');
}
