import { consoleSchoolValue } from '@kit/console/scope';
import { createReader, rotateReaderToken, updateReader, deleteReader } from './api';
import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { READER_MESSAGES, readerCreateSchema, type ReaderKind, type RfidReader, type RfidReaderWithToken } from '@domain/rfid';
import { validate } from '@domain/validation';
import type { LiveTapEvent } from '@domain/attendance';
import { subscribeLive } from '@kit/live';

/** Form values of the reader dialog (Device Management → RFID Readers). */
export interface ReaderForm {
  name: string;
  location: string;
  schoolId: string;
  kind: ReaderKind;
  serialNumber: string;
  allowedNetworks: string;
  isActive: boolean;
}

export const emptyReaderForm = (schoolId = consoleSchoolValue()): ReaderForm => ({
  name: '',
  location: '',
  schoolId,
  kind: 'HTTP',
  serialNumber: '',
  allowedNetworks: '',
  isActive: true,
});

export const readerToForm = (r: RfidReader): ReaderForm => ({
  name: r.name,
  location: r.location ?? '',
  schoolId: r.schoolId ? String(r.schoolId) : '',
  kind: r.kind,
  serialNumber: r.serialNumber ?? '',
  allowedNetworks: (r.allowedNetworks ?? []).join('\n'),
  isActive: r.isActive,
});

/** Creates (answer carries the one-time token) or updates a reader; checked with the API's own schema first. */
export async function saveReader(
  form: ReaderForm,
  editing: RfidReader | null,
): Promise<ActionResult<RfidReader | RfidReaderWithToken>> {
  const checked = validate(readerCreateSchema, form);
  if (!checked.ok) return invalid(checked.errors);
  const body = {
    ...form,
    location: form.location.trim() || null,
    serialNumber: form.kind === 'ZKTECO' ? form.serialNumber.trim() || null : null,
    allowedNetworks: form.allowedNetworks.trim() || null,
  };
  try {
    const data = editing ? await updateReader(editing.id, body) : await createReader(body);
    return { ok: true, message: editing ? 'Reader updated successfully' : 'Reader added', data };
  } catch (err) {
    return actionFailure(err, editing ? 'Failed to update RFID reader' : 'Failed to create RFID reader');
  }
}

export async function issueNewToken(reader: RfidReader): Promise<ActionResult<RfidReaderWithToken>> {
  try {
    return { ok: true, message: 'New token issued', data: await rotateReaderToken(reader.id) };
  } catch (err) {
    return actionFailure(err, 'Failed to issue a new token');
  }
}

/** Deletes a reader; one with taps is retired instead (kept with its history), and the message says which. */
export async function removeReader(reader: RfidReader): Promise<ActionResult<null>> {
  try {
    const { outcome } = await deleteReader(reader.id);
    return { ok: true, message: outcome === 'retired' ? READER_MESSAGES.retiredDone : READER_MESSAGES.deleted, data: null };
  } catch (err) {
    return actionFailure(err, 'Failed to delete RFID reader');
  }
}

/** The curl line shown with a new token: one tap, as a reader sends it. */
export function curlExample(origin: string, token: string): string {
  return [
    `curl -X POST ${origin}/api/rfid/taps \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"eventId":"gate1-000001","cardUid":"04A1B2C3","tappedAt":"${new Date().toISOString()}"}'`,
  ].join('\n');
}

/**
 * Device Management follows the readers' taps live (`attendance:all`): each tap moves its reader's "last seen"
 * (`onSeen`); a card no student holds asks for the unknown-cards list again, at most every 2 s.
 */
export function followReaderTaps(handlers: { onSeen: (tap: LiveTapEvent) => void; onUnknownCard: () => void }): () => void {
  let unknownAt = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const stop = subscribeLive('attendance:all', (tap) => {
    handlers.onSeen(tap);
    if (tap.outcome !== 'UNKNOWN_CARD' || pending) return;
    const wait = Math.max(0, unknownAt + 2000 - Date.now());
    pending = setTimeout(() => {
      pending = null;
      unknownAt = Date.now();
      handlers.onUnknownCard();
    }, wait);
  });
  return () => {
    stop();
    if (pending) clearTimeout(pending);
  };
}
