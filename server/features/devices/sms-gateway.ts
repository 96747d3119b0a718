import { NoAnswer, postJson, type JsonAnswer } from '@core/http/post-json';
/**
 * httpSMS-compatible gateway client: POST {base}/v1/messages/send with
 * `x-api-key` and { from, to, content, request_id }. The request_id is the outbox idempotency key; httpSMS
 * does not promise to de-duplicate it, so a call whose answer was lost is never simply repeated: the
 * worker looks the request_id up with `findSmsByRequestId` first (GET /v1/messages of owner and contact).
 */
export interface SmsSendRequest {
  baseUrl: string;
  apiKey: string;
  from: string;
  to: string;
  content: string;
  requestId: string;
  timeoutMs: number;
}

export type SmsSendResult =
  | { ok: true; providerMsgId: string | null }
  /**
   * retryable: a timeout, a network error or a 5xx (try again later); otherwise the gateway refused this
   * message (4xx) and sending it again would be refused again. deviceFault: the refusal is about the device
   * (bad key, no such phone, plan limit), so another device may still send it. creditsUsedUp: httpSMS's 402, the
   * account's monthly messages are used up (nothing was stored): the device can send nothing more until they renew.
   */
  | {
      ok: false;
      retryable: boolean;
      deviceFault: boolean;
      creditsUsedUp?: boolean;
      status: number | null;
      reason: string;
      maybeSent: boolean;
    };

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return undefined;
}

export async function sendSms(req: SmsSendRequest): Promise<SmsSendResult> {
  const url = `${req.baseUrl.replace(/\/+$/, '')}/v1/messages/send`;
  let res: JsonAnswer;
  try {
    res = await postJson(
      url,
      { 'x-api-key': req.apiKey },
      { from: req.from, to: req.to, content: req.content, request_id: req.requestId },
      req.timeoutMs,
    );
  } catch (err) {
    const kind = err instanceof NoAnswer ? err.kind : 'network';
    return {
      ok: false,
      retryable: true,
      deviceFault: false,
      status: null,
      reason: kind === 'timeout' ? 'SMS gateway did not answer in time' : 'SMS gateway unreachable',
      // No answer: the gateway may have taken the message, unless the connection was never made.
      maybeSent: kind !== 'refused',
    };
  }
  const body = res.body;
  if (res.status >= 200 && res.status < 300) {
    const data = (body as { data?: { id?: unknown } } | null)?.data;
    return { ok: true, providerMsgId: data?.id != null ? String(data.id) : null };
  }
  const detail = messageOf(body) ?? res.statusText;
  const retryable = res.status >= 500 || res.status === 408;
  // 401/403: the device's key; 402: the account's credits; 404: no such phone on the account; 429: the phone's or
  // plan's limit.
  const deviceFault = [401, 402, 403, 404, 429].includes(res.status);
  return {
    ok: false,
    retryable,
    deviceFault,
    creditsUsedUp: res.status === 402,
    status: res.status,
    reason: `SMS gateway ${res.status}: ${detail}`.slice(0, 300),
    maybeSent: false,
  };
}

export interface SmsLookupRequest {
  baseUrl: string;
  apiKey: string;
  /** the device's phone (httpSMS `owner`) and the recipient (`contact`) */
  owner: string;
  contact: string;
  requestId: string;
  /** the attempt began at this instant: older messages cannot be it */
  since: Date;
  timeoutMs: number;
}

export type SmsLookupResult =
  { found: true; providerMsgId: string; status: string } | { found: false } | { found: null; reason: string };

/** httpSMS pages its message list by 20 (its maximum); a message that old is looked for no further. */
const LOOKUP_PAGE = 20;
const LOOKUP_PAGES = 5;
/** Clock difference allowed between us and the gateway when a page's oldest message ends the search. */
const LOOKUP_SKEW_MS = 15 * 60_000;

/**
 * Whether the gateway holds a message with this request_id: GET /v1/messages?owner&contact&skip&limit (newest
 * first), page by page until the messages are older than the attempt. found: null = the gateway could not
 * answer (or the history is too long to be sure): the caller must not resend.
 */
export async function findSmsByRequestId(req: SmsLookupRequest): Promise<SmsLookupResult> {
  const oldest = req.since.getTime() - LOOKUP_SKEW_MS;
  for (let page = 0; page < LOOKUP_PAGES; page += 1) {
    const q = new URLSearchParams({
      owner: req.owner,
      contact: req.contact,
      skip: String(page * LOOKUP_PAGE),
      limit: String(LOOKUP_PAGE),
    });
    let res: Response;
    let body: unknown = null;
    try {
      res = await fetch(`${req.baseUrl.replace(/\/+$/, '')}/v1/messages?${q}`, {
        headers: { accept: 'application/json', 'x-api-key': req.apiKey },
        signal: AbortSignal.timeout(req.timeoutMs),
      });
      body = await res.json().catch(() => null);
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      return { found: null, reason: timedOut ? 'the message list did not come in time' : 'SMS gateway unreachable' };
    }
    const list = (body as { data?: unknown } | null)?.data;
    if (!res.ok || !Array.isArray(list))
      return { found: null, reason: `SMS gateway ${res.status}: ${messageOf(body) ?? res.statusText}`.slice(0, 200) };
    const messages = list as Array<{ id?: unknown; request_id?: unknown; status?: unknown; created_at?: unknown }>;
    const hit = messages.find((m) => m.request_id === req.requestId);
    if (hit) return { found: true, providerMsgId: String(hit.id ?? ''), status: String(hit.status ?? '') };
    const last = messages.at(-1);
    const lastAt = typeof last?.created_at === 'string' ? Date.parse(last.created_at) : NaN;
    if (messages.length < LOOKUP_PAGE || lastAt < oldest) return { found: false };
  }
  return { found: null, reason: `not among the newest ${LOOKUP_PAGE * LOOKUP_PAGES} messages to this number` };
}

export interface HeartbeatRequest {
  baseUrl: string;
  apiKey: string;
  /** the device's phone (httpSMS `owner`) */
  owner: string;
  timeoutMs: number;
}

/**
 * The phone's newest heartbeat (httpSMS GET /v1/heartbeats?owner&limit=1): its ISO time, null when the phone has
 * none, undefined when the gateway could not say (no answer, a refusal): nothing is known then.
 */
export async function lastHeartbeat(req: HeartbeatRequest): Promise<string | null | undefined> {
  const q = new URLSearchParams({ owner: req.owner, limit: '1' });
  try {
    const res = await fetch(`${req.baseUrl.replace(/\/+$/, '')}/v1/heartbeats?${q}`, {
      headers: { accept: 'application/json', 'x-api-key': req.apiKey },
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
    if (!res.ok || !Array.isArray(body?.data)) return undefined;
    const at = (body.data[0] as { timestamp?: unknown } | undefined)?.timestamp;
    if (at === undefined) return null;
    return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
  } catch {
    return undefined;
  }
}
