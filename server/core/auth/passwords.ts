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

/** The scrypt cost a stored hash was made at (0 when it is not an scrypt hash). */
export function hashCost(stored: string): number {
  const [scheme, costText] = stored.split('$');
  return scheme === 'scrypt' ? Number(costText) || 0 : 0;
}

/**
 * Whether a stored hash must be made again at `cost`: a check costs what its hash's cost says, so a hash at
 * another cost than the dummy one answers a wrong password faster or slower and tells a stranger the account
 * exists. Every hash is kept at the configured cost; an older one is re-hashed at the next good sign-in.
 */
export const needsRehash = (stored: string, cost: number): boolean => hashCost(stored) !== cost;

/** Opaque tokens (sessions, readers) are stored only as this hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A hash of a fixed password per scrypt cost: verifying against it keeps a sign-in's time the same whether or not the account exists. */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(cost: number): Promise<string> {
  let hash = dummies.get(cost);
  if (!hash) dummies.set(cost, (hash = hashPassword('dummy-password', cost)));
  return hash;
}
