import type { FastifyRequest } from 'fastify';
import type { Executor } from '@core/db/index';
import { writeLog } from '@core/audit-log';

/*
 * Refused device requests (unknown ZKTeco serial, foreign network) go to the system log, at most once a
 * minute per action and source address (per app), so a misconfigured or hostile device cannot flood the log.
 */
const loggedByApp = new WeakMap<object, Map<string, number>>();
const EVERY_MS = 60_000;

export async function logRefusedDevice(db: Executor, request: FastifyRequest, action: string, details: Record<string, unknown>) {
  const key = `${action}:${request.ip}`;
  const now = request.server.clock.now().getTime();
  let lastLogged = loggedByApp.get(request.server);
  if (!lastLogged) loggedByApp.set(request.server, (lastLogged = new Map()));
  request.log.warn({ action, ...details, ip: request.ip }, 'device request refused');
  if ((lastLogged.get(key) ?? 0) > now - EVERY_MS) return;
  lastLogged.set(key, now);
  if (lastLogged.size > 10_000) lastLogged.clear();
  await writeLog(
    db,
    { role: 'DEVICE', userId: null, name: 'RFID reader', ip: request.ip, userAgent: request.headers['user-agent'] },
    {
      action,
      entity: 'RfidReader',
      entityId: (details.readerId as number | undefined) ?? null,
      details,
    },
  );
}
