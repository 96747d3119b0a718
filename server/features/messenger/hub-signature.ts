import { createHmac, timingSafeEqual } from 'node:crypto';

/** Facebook's X-Hub-Signature-256 on a Page's webhook: 'sha256=' + hex HMAC-SHA256(app secret, raw body). */
export function verifyHubSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
