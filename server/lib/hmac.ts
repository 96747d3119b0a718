import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Facebook's X-Hub-Signature-256: 'sha256=' + hex HMAC-SHA256(app secret, raw body). */
export function verifyHubSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  return safeEqual(header, `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** An HS256 JWT (how httpSMS signs its webhooks with your signing key); the stand-in gateway uses it too. */
export function signJwt(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

/** Verifies an HS256 JWT's signature and its exp/nbf (when present); returns its claims or null. */
export function verifyJwt(secret: string, token: string, now = Date.now()): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  if (!safeEqual(sig, createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'))) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const sec = now / 1000;
    if (typeof claims.exp === 'number' && claims.exp < sec - 60) return null;
    if (typeof claims.nbf === 'number' && claims.nbf > sec + 60) return null;
    return claims;
  } catch {
    return null;
  }
}
