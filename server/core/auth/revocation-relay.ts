import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { deploymentKey } from '../deployment';
import { sessionRevocations, type Revocation } from './sessions';

/*
 * Carries session revocations (logout, password change, deactivation) between server processes, so each one's
 * session cache (session-cache.ts) and live sockets (realtime.ts) drop a revoked session AT ONCE.
 *
 * "At once" means before the revoking request's reply leaves: a pub/sub message is delivered asynchronously (a
 * PostgreSQL NOTIFY reaches the listener after the notifier's commit returns; a loaded machine can serve the
 * client's next request on the other node first). So every receiver ACKNOWLEDGES a revocation after it has
 * applied it, and `published()` resolves only when every live peer has acknowledged, or ACK_TIMEOUT_MS has
 * passed (logged: that peer is then forgotten until its next heartbeat).
 *
 * Peers are known from their heartbeats: each process says hello when it starts (the others answer with theirs),
 * then every HEARTBEAT_MS, and bye when it closes; one not heard for PEER_TTL_MS is gone (a killed process).
 */
const HEARTBEAT_MS = 5_000;
const PEER_TTL_MS = 3 * HEARTBEAT_MS;
const ACK_TIMEOUT_MS = 2_000;

/** The cross-process signal: publishes this process's revocations, re-emits the others'. */
export interface RevocationRelay {
  /** False while the connection is down (revocations may be missed: nothing is served from the cache then). */
  healthy(): boolean;
  /**
   * Resolves once every revocation this process published has been applied by every live peer (null when none
   * is in flight). Replies wait for it, so a client told "signed out" cannot reach another node before it knows.
   */
  published(): Promise<void> | null;
  close(): Promise<void>;
}

export type RelayMessage =
  | { origin: string; kind: 'hello' | 'beat' | 'bye' }
  | { origin: string; kind: 'revoked'; id: string; revocation: Revocation }
  | { origin: string; kind: 'ack'; id: string; to: string };

export interface RelayTiming {
  heartbeatMs: number;
  peerTtlMs: number;
  ackTimeoutMs: number;
}

const DEFAULT_TIMING: RelayTiming = { heartbeatMs: HEARTBEAT_MS, peerTtlMs: PEER_TTL_MS, ackTimeoutMs: ACK_TIMEOUT_MS };

interface Pending {
  waiting: Set<string>;
  done: () => void;
}

/**
 * The protocol over any broadcast channel: `send` publishes to every process (this one included), `receive`
 * takes each message that arrives. Starts by saying hello; `stop` says bye.
 */
export function relayVia(
  send: (message: string) => Promise<unknown>,
  log: FastifyBaseLogger,
  { events = sessionRevocations, timing = DEFAULT_TIMING }: { events?: typeof sessionRevocations; timing?: RelayTiming } = {},
) {
  const origin = randomUUID();
  const peers = new Map<string, number>(); // origin → last heard (ms)
  const pending = new Map<string, Pending>();
  const inFlight = new Set<Promise<void>>();
  const post = (message: RelayMessage) =>
    send(JSON.stringify(message)).catch((err: unknown) => {
      log.warn({ err, kind: message.kind }, 'session relay: message not sent');
      throw err;
    });

  const livePeers = () => {
    const now = Date.now();
    for (const [peer, heard] of peers) if (now - heard > timing.peerTtlMs) peers.delete(peer);
    return [...peers.keys()];
  };

  /** Resolves when every live peer has acknowledged, the send failed, or the time is up (never rejects). */
  const publish = (revocation: Revocation) =>
    new Promise<void>((resolve) => {
      const id = randomUUID();
      const waiting = new Set(livePeers());
      const finish = () => {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      };
      const timer = setTimeout(() => {
        log.warn({ peers: [...waiting] }, 'session relay: revocation not acknowledged in time; peer forgotten');
        for (const peer of waiting) peers.delete(peer);
        finish();
      }, timing.ackTimeoutMs);
      pending.set(id, { waiting, done: finish });
      post({ origin, kind: 'revoked', id, revocation }).then(() => !waiting.size && finish(), finish);
    });

  const onRevoked = (revocation: Revocation) => {
    if (revocation.remote) return;
    const sending = publish(revocation);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };
  events.on('revoked', onRevoked);
  const beat = setInterval(() => void post({ origin, kind: 'beat' }).catch(() => {}), timing.heartbeatMs);
  beat.unref();

  return {
    origin,
    /** Says hello (after the subscription is in place, so the answers are heard). */
    start: () => post({ origin, kind: 'hello' }).catch(() => {}),
    receive(raw: string) {
      let m: RelayMessage;
      try {
        m = JSON.parse(raw) as RelayMessage;
      } catch (err) {
        return log.warn({ err }, 'bad session revocation message');
      }
      if (m.origin === origin) return;
      // A node of the previous release (a rolling deploy) sends { origin, revocation } and never acknowledges:
      // applied, and not counted as a peer to wait for.
      const legacy = m as { kind?: string; revocation?: Revocation };
      if (legacy.kind === undefined && legacy.revocation) {
        events.emit('revoked', { ...legacy.revocation, remote: true });
        return;
      }
      if (m.kind === 'bye') {
        peers.delete(m.origin);
        for (const p of pending.values()) if (p.waiting.delete(m.origin) && !p.waiting.size) p.done();
        return;
      }
      const known = peers.has(m.origin);
      peers.set(m.origin, Date.now());
      if (m.kind === 'hello' && !known) void post({ origin, kind: 'beat' }).catch(() => {});
      if (m.kind === 'revoked') {
        // Applied synchronously (cache entries and sockets dropped), then acknowledged.
        events.emit('revoked', { ...m.revocation, remote: true });
        void post({ origin, kind: 'ack', id: m.id, to: m.origin }).catch(() => {});
      }
      if (m.kind === 'ack' && m.to === origin) {
        const p = pending.get(m.id);
        if (p && p.waiting.delete(m.origin) && !p.waiting.size) p.done();
      }
    },
    published: () => (inFlight.size ? Promise.all(inFlight).then(() => undefined) : null),
    peers: livePeers,
    /** Stops relaying; says bye when `connected` (a message to a connection that is down could wait forever). */
    async stop(connected = true) {
      clearInterval(beat);
      events.off('revoked', onRevoked);
      if (connected) await post({ origin, kind: 'bye' }).catch(() => {});
    },
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
    await relay.start();
    return {
      healthy: () => sub.isReady && pub.isReady,
      published: relay.published,
      async close() {
        await relay.stop(pub.isReady);
        await Promise.allSettled([pub, sub].map((c) => (c.isReady ? c.quit() : c.disconnect())));
      },
    };
  }
  if (!opts.databaseUrl) return null;
  return listenNotifyRelay(opts.databaseUrl, channel, opts);
}

/**
 * LISTEN/NOTIFY on a connection of its own. A lost connection (a PostgreSQL restart, a killed backend) is made
 * again, 1 s later and then backing off to 30 s: meanwhile `healthy()` is false, so the session cache serves
 * nothing; once back, the cache starts empty (revocations sent meanwhile were missed) and this process says hello.
 * The connection's application_name, `session-relay <deployment> <pid>`, tells it apart in pg_stat_activity.
 */
async function listenNotifyRelay(databaseUrl: string, channel: string, opts: RelayOptions): Promise<RevocationRelay> {
  // A channel is an identifier: at most 63 bytes, quoted.
  const pgChannel = channel.replace(/[^a-z0-9_:-]/gi, '_').slice(0, 63);
  const applicationName = `session-relay ${deploymentKey(opts)} ${process.pid}`.slice(0, 63);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const relay = relayVia(
    (m) => (client ? client.query('select pg_notify($1, $2)', [pgChannel, m]) : Promise.reject(new Error('not connected'))),
    opts.log,
  );

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => n.channel === pgChannel && n.payload && relay.receive(n.payload));
    try {
      await c.connect();
      await c.query(`LISTEN "${pgChannel}"`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
  };
  const lost = (c: pg.Client, err?: unknown) => {
    if (c !== client || closed) return;
    client = null;
    opts.log.warn({ err }, 'session relay: PostgreSQL connection lost; sessions are read on every request until it is back');
    void c.end().catch(() => {});
    reconnect(1000);
  };
  const reconnect = (delayMs: number) => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          opts.onReconnect();
          opts.log.info('session relay: PostgreSQL connection back');
          return relay.start();
        },
        (err: unknown) => {
          opts.log.warn({ err }, 'session relay: PostgreSQL reconnect failed');
          reconnect(Math.min(delayMs * 2, 30_000));
        },
      );
    }, delayMs);
    retry.unref();
  };

  await connect();
  await relay.start();
  return {
    healthy: () => client !== null,
    published: relay.published,
    async close() {
      await relay.stop(client !== null);
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
