import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { relayVia } from '../../../server/core/auth/revocation-relay';
import type { Revocation } from '../../../server/core/auth/sessions';

/*
 * The revocation relay's protocol between server processes, over an in-process broadcast channel that delivers
 * each message after `delayMs` (as a pub/sub server does: later than the publisher's own call returns). Time is
 * vitest's fake timers: the channel's delays, the relay's time limit and its clock move when the test says. The real
 * transports (PostgreSQL NOTIFY, Redis) are covered by tests/api/auth/session-cache.test.ts and two-nodes.test.ts.
 */
class Bus {
  private readonly subscribers = new Set<(m: string) => void>();
  constructor(public delayMs: number) {}
  send = async (message: string) => {
    for (const deliver of [...this.subscribers]) setTimeout(() => deliver(message), this.delayMs);
  };
  subscribe(deliver: (m: string) => void) {
    this.subscribers.add(deliver);
    return () => this.subscribers.delete(deliver);
  }
}

const timing = { heartbeatMs: 60_000, peerTtlMs: 180_000, ackTimeoutMs: 300 };
const started: { stop(): Promise<void> }[] = [];

async function node(bus: Bus, warnings: string[] = []) {
  const events = new EventEmitter<{ revoked: [Revocation] }>();
  const applied: Revocation[] = [];
  events.on('revoked', (r) => r.remote && applied.push(r));
  const log = { warn: (_o: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
  const relay = relayVia(bus.send, log, { events, timing });
  const unsubscribe = bus.subscribe(relay.receive);
  await relay.start();
  const n = { relay, events, applied, unsubscribe, stop: () => relay.stop() };
  started.push(n);
  return n;
}

/** Lets `ms` of fake time pass, delivering what the channel and the timers have due. */
const settle = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Fake time moves on, a millisecond at a time, until `promise` (a publication) has settled. */
async function until(promise: Promise<unknown> | null) {
  let done = false;
  void promise?.finally(() => (done = true));
  if (!promise) return;
  while (!done) await vi.advanceTimersByTimeAsync(1);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((n) => n.stop()));
  vi.useRealTimers();
});

describe('revocation relay between server processes', () => {
  it('a revocation is published only once every peer has applied it, however late the channel delivers', async () => {
    const bus = new Bus(40);
    const here = await node(bus);
    const there = await node(bus);
    const third = await node(bus);
    await settle(100); // hellos and their answers delivered
    expect(here.relay.peers().sort()).toEqual([there.relay.origin, third.relay.origin].sort());

    const t0 = Date.now();
    here.events.emit('revoked', { sessionId: 7 });
    const published = here.relay.published();
    expect(published).not.toBeNull();
    await until(published);
    // Both peers cleared their caches before the reply could leave: one delivery there, one ack back.
    expect(there.applied).toEqual([{ sessionId: 7, remote: true }]);
    expect(third.applied).toEqual([{ sessionId: 7, remote: true }]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
    expect(here.relay.published()).toBeNull();
  });

  it('a process started later is known from its hello, and is waited for too', async () => {
    const bus = new Bus(5);
    const here = await node(bus);
    await settle(20);
    expect(here.relay.peers()).toEqual([]);
    const late = await node(bus);
    await settle(20);
    expect(here.relay.peers()).toEqual([late.relay.origin]);
    expect(late.relay.peers()).toEqual([here.relay.origin]); // learnt from here's answer to its hello
    here.events.emit('revoked', { role: 'SUPER_ADMIN', userId: 1, exceptSessionId: 3 });
    await until(here.relay.published());
    expect(late.applied).toEqual([{ role: 'SUPER_ADMIN', userId: 1, exceptSessionId: 3, remote: true }]);
  });

  it('a peer that stops answering is waited for at most the time limit, logged, then forgotten', async () => {
    const bus = new Bus(5);
    const warnings: string[] = [];
    const here = await node(bus, warnings);
    const hung = await node(bus);
    await settle(20);
    hung.unsubscribe(); // the process hangs: it no longer reads the channel, and never says bye

    const t0 = Date.now();
    here.events.emit('revoked', { sessionId: 1 });
    await until(here.relay.published());
    expect(Date.now() - t0).toBeGreaterThanOrEqual(timing.ackTimeoutMs - 5);
    expect(warnings).toEqual(['session relay: revocation not acknowledged in time; peer forgotten']);
    expect(here.relay.peers()).toEqual([]);

    const t1 = Date.now();
    here.events.emit('revoked', { sessionId: 2 });
    await until(here.relay.published());
    expect(Date.now() - t1).toBeLessThan(timing.ackTimeoutMs);
  });

  it('a peer that closed says bye and is not waited for; remote revocations are not sent on again', async () => {
    const bus = new Bus(5);
    const here = await node(bus);
    const there = await node(bus);
    await settle(20);
    there.unsubscribe();
    await there.stop();
    await settle(20);
    expect(here.relay.peers()).toEqual([]);

    const other = await node(bus);
    await settle(20);
    here.events.emit('revoked', { sessionId: 4 });
    await until(here.relay.published());
    expect(other.applied).toEqual([{ sessionId: 4, remote: true }]);
    // The receiver re-emitted it as remote: it publishes nothing of its own.
    expect(other.relay.published()).toBeNull();
  });

  it('a node of the previous release (no acknowledgements) is obeyed and never waited for', async () => {
    const bus = new Bus(5);
    const here = await node(bus);
    here.relay.receive(JSON.stringify({ origin: 'old-node', revocation: { sessionId: 9 } }));
    expect(here.applied).toEqual([{ sessionId: 9, remote: true }]);
    expect(here.relay.peers()).toEqual([]);
  });

  it('a message that is not JSON is logged and ignored', async () => {
    const bus = new Bus(1);
    const warnings: string[] = [];
    const here = await node(bus, warnings);
    here.relay.receive('{not json');
    expect(warnings).toEqual(['bad session revocation message']);
    expect(here.applied).toEqual([]);
  });
});
