import { atom } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import { getCookie } from './cookies';
import { ROLE_COOKIES } from '@domain/roles';
import { consoleRole } from './console-scope';

/**
 * The browser's one socket.io connection (spec §4 "Real-time connection", §7 "Real-time", §9 constants).
 * Screens never open sockets themselves: they call `subscribeLive(event, handler)` while mounted; the
 * first subscriber connects, the last one leaving disconnects. On every (re)connect the socket asks to
 * join the super-admin room with the session token; the server admits only a live SUPER_ADMIN session. In the school
 * admin's console it asks to join its school's rooms instead (the server picks the school from the session).
 */
export type LiveEventName = 'attendance' | 'attendance:all' | 'sms:sent';
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

/** Spec §9: 10 retries, 1000 → 5000 ms delay, 20000 ms timeout, websocket first then polling. */
export const LIVE_OPTIONS = {
  path: '/socket.io',
  reconnectionAttempts: 10,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  transports: ['websocket', 'polling'],
} as const;

export const $liveStatus = atom<LiveStatus>('idle');

type Handler = (payload: unknown) => void;
const handlers = new Map<LiveEventName, Set<Handler>>();
let socket: Socket | null = null;

function connect(): Socket {
  const role = consoleRole();
  const token = getCookie(ROLE_COOKIES[role]) ?? '';
  const s = io({ ...LIVE_OPTIONS, transports: [...LIVE_OPTIONS.transports], auth: { token } });
  $liveStatus.set('connecting');
  s.on('connect', () => {
    s.emit(role === 'ADMIN' ? 'joinSchool' : 'joinSuperAdmin', (r?: { ok: boolean }) =>
      $liveStatus.set(r?.ok === false ? 'offline' : 'live'),
    );
  });
  s.on('disconnect', () => $liveStatus.set('reconnecting'));
  s.io.on('reconnect_failed', () => $liveStatus.set('offline'));
  s.onAny((event: string, payload: unknown) => {
    handlers.get(event as LiveEventName)?.forEach((h) => h(payload));
  });
  return s;
}

/** Calls `handler` for every `event` until the returned function is called. */
export function subscribeLive(event: LiveEventName, handler: Handler): () => void {
  if (!handlers.has(event)) handlers.set(event, new Set());
  handlers.get(event)!.add(handler);
  socket ??= connect();
  return () => {
    handlers.get(event)?.delete(handler);
    const any = [...handlers.values()].some((set) => set.size > 0);
    if (!any && socket) {
      socket.disconnect();
      socket = null;
      $liveStatus.set('idle');
    }
  };
}
