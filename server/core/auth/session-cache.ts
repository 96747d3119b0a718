import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/index';
import { deploymentKey } from '../deployment';
import { hashToken } from './passwords';
import type { AuthContext } from './context';
import { findLiveAuth, sessionRevocations, type LiveAuth, type Revocation } from './sessions';

/*
 * Validated sessions kept for a few seconds (SESSION_CACHE_MS), so an authenticated request usually costs no
 * statement for its session, and a miss costs one (`findLiveAuth`). At most MAX_ENTRIES, the oldest go first;
 * failed lookups are never kept (a stream of made-up tokens cannot evict the real ones).
 *
 * A revocation (logout, password change, deactivation: `sessionRevocations`) clears the matching entries AT ONCE:
 * in this process directly, in the other server processes through the relay below (Redis pub/sub when REDIS_URL
 * is set, else PostgreSQL LISTEN/NOTIFY; SQLite is one process). The relay re-emits a remote revocation on this
 * process's `sessionRevocations`, so server/core/realtime.ts drops the sockets of that session at once too.
 *
 * A revoking transaction signals when its UPDATE has run, before its COMMIT: a request read on another
 * connection in between still finds the session live. So a revoked session (or user) is HELD for HOLD_MS: not
 * cached again, every request reads the database, which refuses it once the revocation has committed.
 */
const MAX_ENTRIES = 10_000;
const HOLD_MS = 30_000;

/** The cross-process signal: publishes this process's revocations, re-emits the others'. */
export interface RevocationRelay {
  /** False while the connection is down (revocations may be missed: nothing is served from the cache then). */
  healthy(): boolean;
  /**
   * Resolves once every revocation this process published has left it (null when none is in flight). Replies
   * wait for it, so a client told "signed out" cannot reach another node before that node has been told.
   */
  published(): Promise<void> | null;
  close(): Promise<void>;
}

interface Entry {
  auth: AuthContext;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly heldSessions = new Map<number, number>();
  private readonly heldUsers = new Map<string, { until: number; except?: number }>();
  /** Bumped by every revocation: a lookup that overlapped one does not store what it read. */
  private epoch = 0;
  private relay: RevocationRelay | null = null;

  constructor(
    private readonly db: DB,
    private readonly ttlMs: number,
  ) {
    sessionRevocations.on('revoked', this.onRevoked);
  }

  /** The signed-in user of a live session, or null (one statement on a miss, none on a hit). */
  async lookup(token: string): Promise<AuthContext | null> {
    if (this.ttlMs <= 0 || (this.relay && !this.relay.healthy())) {
      this.entries.clear();
      return (await findLiveAuth(this.db, token))?.auth ?? null;
    }
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.auth;
    if (hit) this.entries.delete(key);
    const epoch = this.epoch;
    const live = await findLiveAuth(this.db, token);
    if (live && epoch === this.epoch && !this.held(live.auth, Date.now())) this.store(key, live, now);
    return live?.auth ?? null;
  }

  /** Uses `relay` for revocations made by other processes (closed with the cache). */
  useRelay(relay: RevocationRelay) {
    this.relay = relay;
  }

  /** Forgets every entry (the relay reconnected: revocations sent meanwhile may have been missed). */
  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  async close() {
    sessionRevocations.off('revoked', this.onRevoked);
    this.entries.clear();
    await this.relay?.close();
  }

  private store(key: string, live: LiveAuth, now: number) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { auth: live.auth, until: Math.min(now + this.ttlMs, Date.parse(live.expiresAt)) });
  }

  private held(auth: AuthContext, now: number): boolean {
    if ((this.heldSessions.get(auth.sessionId) ?? 0) > now) return true;
    const user = this.heldUsers.get(`${auth.role}:${auth.userId}`);
    return !!user && user.until > now && user.except !== auth.sessionId;
  }

  private readonly onRevoked = (r: Revocation) => {
    this.epoch += 1;
    const now = Date.now();
    for (const [key, until] of this.heldSessions) if (until <= now) this.heldSessions.delete(key);
    for (const [key, held] of this.heldUsers) if (held.until <= now) this.heldUsers.delete(key);
    if ('sessionId' in r) this.heldSessions.set(r.sessionId, now + HOLD_MS);
    else this.heldUsers.set(`${r.role}:${r.userId}`, { until: now + HOLD_MS, except: r.exceptSessionId });
    for (const [key, { auth }] of this.entries) {
      const hit =
        'sessionId' in r
          ? auth.sessionId === r.sessionId
          : auth.role === r.role && auth.userId === r.userId && auth.sessionId !== r.exceptSessionId;
      if (hit) this.entries.delete(key);
    }
  };
}

interface RelayOptions {
  redisUrl?: string;
  databaseUrl?: string;
  pgSchema?: string;
  sqliteFile: string;
  log: FastifyBaseLogger;
  /** Called when the connection comes back (revocations sent while it was down may have been missed). */
  onReconnect(): void;
}

type Message = { origin: string; revocation: Revocation };

/** Publishes local revocations with `send`; `receive` turns another process's message back into an event. */
function relayVia(send: (message: string) => Promise<unknown>, log: FastifyBaseLogger) {
  const origin = randomUUID();
  const inFlight = new Set<Promise<void>>();
  const onRevoked = (revocation: Revocation) => {
    if (revocation.remote) return;
    const sending = send(JSON.stringify({ origin, revocation } satisfies Message)).then(
      () => undefined,
      (err: unknown) => log.warn({ err }, 'session revocation not relayed'),
    );
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };
  sessionRevocations.on('revoked', onRevoked);
  return {
    receive(message: string) {
      try {
        const m = JSON.parse(message) as Message;
        if (m.origin !== origin) sessionRevocations.emit('revoked', { ...m.revocation, remote: true });
      } catch (err) {
        log.warn({ err }, 'bad session revocation message');
      }
    },
    published: () => (inFlight.size ? Promise.all(inFlight).then(() => undefined) : null),
    stop: () => void sessionRevocations.off('revoked', onRevoked),
  };
}

/**
 * The relay of revocations between server processes: Redis pub/sub when REDIS_URL is set, else PostgreSQL
 * LISTEN/NOTIFY; null with SQLite and no Redis (one process).
 */
export async function createRevocationRelay(opts: RelayOptions): Promise<RevocationRelay | null> {
  const channel = `session-revocations:${deploymentKey(opts)}`;
  if (opts.redisUrl) {
    const { createClient } = await import('redis');
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err: unknown) => opts.log.warn({ err }, 'session relay: Redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    const relay = relayVia((m) => pub.publish(channel, m), opts.log);
    await sub.subscribe(channel, relay.receive);
    sub.on('ready', opts.onReconnect);
    return {
      healthy: () => sub.isReady && pub.isReady,
      published: relay.published,
      async close() {
        relay.stop();
        await Promise.allSettled([pub, sub].map((c) => (c.isReady ? c.quit() : c.disconnect())));
      },
    };
  }
  if (!opts.databaseUrl) return null;
  // A channel is an identifier: at most 63 bytes, quoted.
  const pgChannel = channel.replace(/[^a-z0-9_:-]/gi, '_').slice(0, 63);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  let up = false;
  client.on('error', (err) => {
    up = false;
    opts.log.warn({ err }, 'session relay: PostgreSQL connection lost; sessions are read on every request');
  });
  client.on('end', () => (up = false));
  await client.connect();
  const relay = relayVia((m) => client.query('select pg_notify($1, $2)', [pgChannel, m]), opts.log);
  client.on('notification', (n) => n.channel === pgChannel && n.payload && relay.receive(n.payload));
  await client.query(`LISTEN "${pgChannel}"`);
  up = true;
  return {
    healthy: () => up,
    published: relay.published,
    async close() {
      relay.stop();
      up = false;
      await client.end().catch(() => {});
    },
  };
}
