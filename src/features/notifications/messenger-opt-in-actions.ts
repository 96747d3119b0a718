import { createOptInLink, unbindMessenger } from './messenger-opt-in-api';
import { actionFailure, type ActionResult } from '@kit/form/action';
import { OPT_IN_MESSAGES } from '@domain/messenger-opt-in';
import type { MessengerOptIn, NewOptInLink } from '@domain/messenger-opt-in';

/** Student detail → Parent Messenger: "New link" (the old one dies) and "Unbind", both logged by the server. */
export async function makeOptInLink(studentId: number): Promise<ActionResult<NewOptInLink>> {
  try {
    const { data, message } = await createOptInLink(studentId);
    return { ok: true, message: message ?? OPT_IN_MESSAGES.linkCreated, data };
  } catch (err) {
    return actionFailure(err, 'Failed to create a Messenger link');
  }
}

export async function unbindParentMessenger(studentId: number): Promise<ActionResult<MessengerOptIn>> {
  try {
    const { data, message } = await unbindMessenger(studentId);
    return { ok: true, message: message ?? OPT_IN_MESSAGES.unbound, data };
  } catch (err) {
    return actionFailure(err, 'Failed to disconnect Messenger');
  }
}
