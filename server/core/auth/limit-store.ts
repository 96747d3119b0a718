import type { FastifyBaseLogger } from 'fastify';
import { deploymentKey } from '../deployment';

/**
 * Where the sign-in limits keep their counters: in this process's memory, or in Redis when REDIS_URL is set, so
 * every server process of a deployment counts the same guesses (keys are prefixed with the deployment).
 */
export interface LimitStore {
  /** Adds one to `key`'s counter; a new counter lives `windowMs`. Returns the count and the ms it has left. */
  hit(key: string, windowMs: number): Promise<Counted>;
  /** Takes one back from `key`'s counter while it lives (never below zero, never reviving it). */
  unhit(key: string): Promise<void>;
  /** The counter of `key`, if it is alive. */
  get(key: string): Promise<Counted | null>;
  /** Sets `key` to live `ttlMs` from now (a mark such as "slowed down until"). */
  mark(key: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface Counted {
  count: number;
  leftMs: number;
}

const MAX_KEYS = 50_000;

export class MemoryLimitStore implements LimitStore {
  private entries = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<Counted> {
    const now = Date.now();
    let entry = this.live(key, now);
    if (!entry) {
      if (this.entries.size >= MAX_KEYS) for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, leftMs: entry.resetAt - now };
  }

  async unhit(key: string): Promise<void> {
    const entry = this.live(key, Date.now());
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async get(key: string): Promise<Counted | null> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, leftMs: entry.resetAt - now } : null;
  }

  async mark(key: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { count: 1, resetAt: Date.now() + ttlMs });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

// INCR and, on a new counter, PEXPIRE in one step (no counter can be left without an expiry).
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

// DECR only a live counter above zero (a missing key is not created without an expiry).
const UNHIT = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

interface StoreOptions {
  redisUrl?: string;
  databaseUrl?: string;
  pgSchema?: string;
  sqliteFile: string;
  log: FastifyBaseLogger;
}

/** The limits' store of an app: Redis when REDIS_URL is set, else memory (one process). */
export async function createLimitStore(opts: StoreOptions): Promise<LimitStore> {
  if (!opts.redisUrl) return new MemoryLimitStore();
  const prefix = `sign-in-limits:${deploymentKey(opts)}:`;
  const { createClient } = await import('redis');
  const client = createClient({ url: opts.redisUrl });
  client.on('error', (err: unknown) => opts.log.warn({ err }, 'sign-in limits: Redis error'));
  await client.connect();
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await client.eval(HIT, { keys: [prefix + key], arguments: [String(windowMs)] })) as number[];
      return { count, leftMs: ttl > 0 ? ttl : windowMs };
    },
    async unhit(key) {
      await client.eval(UNHIT, { keys: [prefix + key] });
    },
    async get(key) {
      const [count, ttl] = await client
        .multi()
        .get(prefix + key)
        .pTTL(prefix + key)
        .exec();
      if (count === null || typeof ttl !== 'number' || ttl <= 0) return null;
      return { count: Number(count), leftMs: ttl };
    },
    async mark(key, ttlMs) {
      await client.set(prefix + key, '1', { PX: Math.max(1, Math.round(ttlMs)) });
    },
    async del(key) {
      await client.del(prefix + key);
    },
    async close() {
      await (client.isReady ? client.quit() : client.disconnect());
    },
  };
}

const stores = new WeakMap<object, LimitStore>();
const fallback = new WeakMap<object, LimitStore>();

/** Makes `store` the limits' store of the app whose database handle is `owner`. */
export function useLimitStore(owner: object, store: LimitStore): void {
  stores.set(owner, store);
}

/** The limits' store of an app (memory until the app sets one). */
export function limitStoreOf(owner: object): LimitStore {
  let store = stores.get(owner) ?? fallback.get(owner);
  if (!store) fallback.set(owner, (store = new MemoryLimitStore()));
  return store;
}
