import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** scrypt$N$salt$hash — the cost travels with the hash so it can be raised later. */
export async function hashPassword(password: string, cost = 16384): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), Number(costText));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Opaque tokens (sessions, readers) are stored only as this hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');
