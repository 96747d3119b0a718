/**
 * httpSMS-compatible gateway client (INTEGRATIONS.md §1 httpSMS): POST {base}/v1/messages/send with
 * `x-api-key` and { from, to, content, request_id }. The request_id is the outbox idempotency key, so a
 * retried call after a lost answer does not make the gateway send twice.
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
   * (bad key, no such phone, plan limit), so another device may still send it.
   */
  | { ok: false; retryable: boolean; deviceFault: boolean; status: number | null; reason: string; notSent?: boolean };

/** Connection errors that happen before a request leaves: the gateway cannot have taken the message. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

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
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': req.apiKey },
      body: JSON.stringify({ from: req.from, to: req.to, content: req.content, request_id: req.requestId }),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return {
      ok: false,
      retryable: true,
      deviceFault: false,
      status: null,
      reason: timedOut ? 'SMS gateway did not answer in time' : 'SMS gateway unreachable',
      notSent: NOT_SENT_CODES.has(String((err as { cause?: { code?: unknown } }).cause?.code)),
    };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) {
    const data = (body as { data?: { id?: unknown } } | null)?.data;
    return { ok: true, providerMsgId: data?.id != null ? String(data.id) : null };
  }
  const detail = messageOf(body) ?? res.statusText;
  const retryable = res.status >= 500 || res.status === 408;
  // 401/403: the device's key; 404: no such phone on the account; 429: the phone's or plan's limit.
  const deviceFault = [401, 403, 404, 429].includes(res.status);
  return { ok: false, retryable, deviceFault, status: res.status, reason: `SMS gateway ${res.status}: ${detail}`.slice(0, 300) };
}
