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

/**
 * An HS256 JWT (how httpSMS signs its webhooks with your signing key), for the stand-in gateway and the tests,
 * which also sign tokens httpSMS would never send. Tokens are VERIFIED with jose (server/features/notifications/webhook-jwt.ts).
 */
export function signJwt(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}
