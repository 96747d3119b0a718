import { wantsBearerToken } from './browser-session';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/index';
import type { Actor } from '../audit-log';

/**
 * Devices an account signed in from: at each good sign-in the browser gets (or keeps) a long-lived HttpOnly cookie,
 * whose hash is remembered for the account. A request carrying a known device counts its failures under
 * (account, device), not (account, address): strangers' failures at a shared address do not lock the owner out.
 */
export const DEVICE_COOKIE = 'DEVICE_ID';
const YEAR_S = 365 * 24 * 3600;
const KEEP_MS = YEAR_S * 1000;
const issued = new WeakMap<Actor, string>();

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

/** The device cookie a request carries (32 random bytes, base64url), if well formed. */
export function deviceCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/** The request's device when the account signed in from it before (its throttle key), else null. */
export async function knownDevice(db: Executor, account: string, actor: Actor): Promise<string | null> {
  if (!actor.deviceId) return null;
  const hash = hashOf(actor.deviceId);
  const row = await db
    .selectFrom('knownDevices')
    .select('account')
    .where('account', '=', account)
    .where('deviceHash', '=', hash)
    .executeTakeFirst();
  return row ? `device:${hash}` : null;
}

/** After a good sign-in: remembers the request's device (a new one if it has none) for the account. */
export async function rememberDevice(db: Executor, account: string, actor: Actor): Promise<void> {
  const id = actor.deviceId ?? randomBytes(32).toString('base64url');
  const now = new Date();
  const hash = hashOf(id);
  await db
    .deleteFrom('knownDevices')
    .where('lastSeenAt', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  await db.deleteFrom('knownDevices').where('account', '=', account).where('deviceHash', '=', hash).execute();
  await db.insertInto('knownDevices').values({ account, deviceHash: hash, lastSeenAt: now.toISOString() }).execute();
  issued.set(actor, id);
}

/** Sets the device cookie of a sign-in (called by each sign-in route after its service). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, actor: Actor): void {
  const id = issued.get(actor);
  // A script that asked for a bearer token gets no cookie at all.
  if (!id || wantsBearerToken(request)) return;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=${id}; Path=/api; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure}`);
}
