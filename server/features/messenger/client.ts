import type { DB } from '@core/db/index';
import type { SecretBox } from '@core/secrets/secrets';

/**
 * Messenger Send API client against GRAPH_API_URL (default https://graph.facebook.com/v25.0).
 * Errors are sorted by what the caller must do: the token is dead (190 → the page needs reconnection, never
 * retried), rate limited (4, 613 → back off), outside the messaging window (fall back to SMS), temporary
 * (retry) or permanent (the person blocked the page, no such user…).
 */
/** What a caller of a page needs: the pages' table, the secrets that open their tokens, the Graph API. */
export interface PageDeps {
  db: DB;
  secrets: SecretBox;
  graphApiUrl: string;
  timeoutMs: number;
}

export type GraphErrorKind = 'reauth' | 'rate' | 'window' | 'temporary' | 'permanent';

export interface GraphError {
  kind: GraphErrorKind;
  code: number | null;
  subcode: number | null;
  reason: string;
}

export function classifyGraphError(
  status: number | null,
  error?: { code?: number; error_subcode?: number; message?: string },
): GraphError {
  const code = error?.code ?? null;
  const subcode = error?.error_subcode ?? null;
  const reason =
    `Messenger ${code ?? status ?? 'network'}${subcode ? `/${subcode}` : ''}: ${error?.message ?? 'no answer'}`.slice(0, 300);
  let kind: GraphErrorKind;
  if (code === 190) kind = 'reauth';
  else if (code === 4 || code === 613 || code === 32 || code === 17) kind = 'rate';
  else if (code === 10 && subcode === 2018278) kind = 'window';
  else if (code === 2 || code === 1200 || status === null || (status >= 500 && code == null)) kind = 'temporary';
  else kind = 'permanent';
  return { kind, code, subcode, reason };
}

async function graph(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ ok: true; body: Record<string, unknown> } | ({ ok: false } & GraphError)> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return {
      ok: false,
      ...classifyGraphError(null, { message: timedOut ? 'Graph API did not answer in time' : 'Graph API unreachable' }),
    };
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = {};
  }
  if (res.ok && !body.error) return { ok: true, body };
  return { ok: false, ...classifyGraphError(res.status, body.error as { code?: number }) };
}

const base = (graphApiUrl: string) => graphApiUrl.replace(/\/+$/, '');
/** The page token goes in a header, never in the URL: URLs end up in proxy and access logs. */
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** POST /{page-id}/messages with the page token. */
export async function sendMessengerText(opts: {
  graphApiUrl: string;
  pageId: string;
  accessToken: string;
  psid: string;
  text: string;
  messagingType?: 'RESPONSE' | 'UPDATE';
  timeoutMs: number;
}): Promise<{ ok: true; messageId: string | null } | ({ ok: false } & GraphError)> {
  const r = await graph(
    `${base(opts.graphApiUrl)}/${encodeURIComponent(opts.pageId)}/messages`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(opts.accessToken) },
      body: JSON.stringify({
        recipient: { id: opts.psid },
        messaging_type: opts.messagingType ?? 'UPDATE',
        message: { text: opts.text },
      }),
    },
    opts.timeoutMs,
  );
  if (!r.ok) return r;
  return { ok: true, messageId: typeof r.body.message_id === 'string' ? r.body.message_id : null };
}

/** Test connection: GET /me?fields=id,name must name this page (a user token or another page's token fails). */
export async function testPageToken(opts: {
  graphApiUrl: string;
  pageId: string;
  accessToken: string;
  timeoutMs: number;
}): Promise<{ ok: true; name: string } | ({ ok: false } & GraphError)> {
  const r = await graph(
    `${base(opts.graphApiUrl)}/me?fields=id,name`,
    { method: 'GET', headers: bearer(opts.accessToken) },
    opts.timeoutMs,
  );
  if (!r.ok) return r;
  if (String(r.body.id) !== opts.pageId) {
    return {
      ok: false,
      kind: 'permanent',
      code: null,
      subcode: null,
      reason: `The token belongs to ${String(r.body.id ?? 'another account')}, not page ${opts.pageId}`,
    };
  }
  return { ok: true, name: String(r.body.name ?? '') };
}
