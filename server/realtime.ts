import { Server } from 'socket.io';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/index';
import { findSession } from './services/sessions';

export const SUPER_ADMIN_ROOM = 'super-admin';

/** Live events of spec §7 "Real-time": attendance, attendance:all, sms:sent. */
export type LiveEvent = 'attendance' | 'attendance:all' | 'sms:sent';

export interface Realtime {
  emitToSuperAdmins(event: LiveEvent, payload: unknown): void;
  close(): Promise<void>;
}

/**
 * socket.io at /socket.io. The handshake carries the session token (auth.token or a Bearer header);
 * `joinSuperAdmin` puts the socket in the super-admin room only for a live SUPER_ADMIN session.
 */
export async function createRealtime(
  httpServer: HttpServer,
  db: DB,
  log: FastifyBaseLogger,
  redisUrl?: string,
): Promise<Realtime> {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  let closeRedis: (() => Promise<void>) | undefined;

  if (redisUrl) {
    // Several server processes share rooms through Redis (ARCHITECTURE.md "Stack").
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  io.on('connection', (socket) => {
    const header = socket.handshake.headers.authorization;
    const token =
      (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
      (header?.startsWith('Bearer ') ? header.slice(7) : '');
    socket.on('joinSuperAdmin', async (ack?: (r: { ok: boolean }) => void) => {
      try {
        const session = token ? await findSession(db, token) : null;
        const ok = session?.role === 'SUPER_ADMIN';
        if (ok) await socket.join(SUPER_ADMIN_ROOM);
        if (typeof ack === 'function') ack({ ok });
      } catch (err) {
        log.warn({ err }, 'joinSuperAdmin failed');
        if (typeof ack === 'function') ack({ ok: false });
      }
    });
  });

  return {
    emitToSuperAdmins(event, payload) {
      io.to(SUPER_ADMIN_ROOM).emit(event, payload);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis?.();
    },
  };
}
