import { SignJWT, type JWTPayload } from 'jose';

/**
 * An HS256 JWT, as httpSMS signs its webhooks with the signing key: for the stand-in gateway and the tests, which
 * also sign tokens httpSMS would never send (claims left undefined are left out). The server verifies them with
 * jose too (server/features/messages/webhook-jwt.ts).
 */
export function signJwt(secret: string, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}
