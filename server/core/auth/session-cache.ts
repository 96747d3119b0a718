import type { DB } from '../db/index';
import { hashToken } from './passwords';
import type { AuthContext } from './context';
import { findLiveAuth, sessionRevocations, type LiveAuth, type Revocation } from './sessions';
import type { RevocationRelay } from './revocation-relay';
import type { SessionLifetimes } from '../config';
import type { Clock } from '../time/clock';

/*
 * Validated sessions kept for a few seconds (SESSION_CACHE_MS), so an authenticated request usually costs no
 * statement for its session, and a miss costs one (`findLiveAuth`). At most MAX_ENTRIES, the oldest go first;
 * failed lookups are never kept (a stream of made-up tokens cannot evict the real ones). An entry never outlives its
 * session's idle expiry or absolute expiry (`LiveAuth.expiresAt`), so the cache cannot keep an unused session alive;
 * a miss stamps the session as seen (at most once a minute), which is how use moves its idle expiry.
 *
 * A revocation (logout, password change, deactivation: `sessionRevocations`) clears the matching entries AT ONCE:
 * in this process directly, in the other server processes through revocation-relay.ts (Redis pub/sub or
 * PostgreSQL LISTEN/NOTIFY, acknowledged by every peer before the revoking reply leaves). The relay re-emits a
 * remote revocation on this process's `sessionRevocations`, so realtime.ts drops that session's sockets too.
 *
 * A revoking transaction signals when its UPDATE has run, before its COMMIT: a request read on another
 * connection in between still finds the session live. So a revoked session (or user) is HELD for HOLD_MS: not
 * cached again, every request reads the database, which refuses it once the revocation has committed.
 */
const MAX_ENTRIES = 10_000;
const HOLD_MS = 30_000;

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
    private readonly lifetimes: SessionLifetimes,
    /** The server's clock: sessions expire on it, and so do the entries kept for them */
    private readonly clock: Clock,
  ) {
    sessionRevocations.on('revoked', this.onRevoked);
  }

  /** The signed-in user of a live session, or null (one statement on a miss, none on a hit). */
  async lookup(token: string): Promise<AuthContext | null> {
    if (this.ttlMs <= 0 || (this.relay && !this.relay.healthy())) {
      this.entries.clear();
      return (await findLiveAuth(this.db, token, this.lifetimes, this.clock))?.auth ?? null;
    }
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.auth;
    if (hit) this.entries.delete(key);
    const epoch = this.epoch;
    const live = await findLiveAuth(this.db, token, this.lifetimes, this.clock);
    if (live && epoch === this.epoch && !this.held(live.auth, this.clock.now().getTime())) this.store(key, live, now);
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
    const now = this.clock.now().getTime();
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
