import { api, onUnauthorized, toApiError } from '@kit/http';
import type { GateStation, PairResult, Roster } from '@domain/gate';
import type { TapBatchResult, TapEvent } from '@domain/rfid';

/*
 * The gate page's calls, through the one HTTP client: pairing by code, then everything with the reader's token
 * (never a staff session). A 401 means the page was unpaired or its token replaced: `whenUnpaired` is called.
 */

let token: string | null = null;
export const setGateToken = (value: string | null) => {
  token = value;
};
export const whenUnpaired = (handle: () => void) => {
  onUnauthorized.handle = handle;
};

const auth = () => ({ authorization: `Bearer ${token}` });
async function data<T>(res: Promise<Response>, fallback: string): Promise<T> {
  try {
    return ((await (await res).json()) as { data: T }).data;
  } catch (err) {
    throw await toApiError(err, fallback);
  }
}

export const pairGate = (code: string) =>
  data<PairResult>(api.post('gate/pair', { json: { code } }), 'Pairing failed. Please try again.');

export const fetchStation = () => data<GateStation>(api.get('gate/station', { headers: auth() }), 'Failed to read the station');

export const fetchRoster = () => data<Roster>(api.get('gate/roster', { headers: auth() }), 'Failed to read the roster');

/** Posts taps in order as one batch (the server records each event id once). */
export const postTaps = (events: Array<Pick<TapEvent, 'eventId' | 'cardUid' | 'tappedAt'>>) =>
  data<TapBatchResult>(api.post('rfid/taps', { json: { events }, headers: auth() }), 'Failed to send taps');
