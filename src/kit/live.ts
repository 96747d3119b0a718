import { atom, onMount } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import { getCookie } from './cookies';
import { CSRF_COOKIES } from '@domain/auth/roles';
import type { LiveEventName, LivePayload, StudentLiveEventName, StudentLivePayload } from '@domain/live-events';
import { consoleRole } from './console/role';

/**
 * The browser's one socket.io connection.
 * Screens never open sockets themselves: they call `subscribeLive(event, handler)` while mounted. The socket is
 * the value of a store that connects when it gains its first listener and disconnects after the last one leaves
 * (nanostores' onMount, which waits a second first, so moving between two live screens keeps the connection).
 * On every (re)connect the socket asks to join its rooms with the session (its cookie and CSRF value): the super-admin room (the
 * console; the server admits only a live SUPER_ADMIN session), its school's rooms in the school admin's console
 * (the server picks the school from the session), or the learner's own room on the student portal
 * (`liveAs('STUDENT')` before subscribing). Events and their payloads are typed by src/domain/live-events.ts.
 */
export type { LiveEventName };
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

/** 10 retries, 1000 → 5000 ms delay, 20000 ms timeout, websocket first then polling. */
export const LIVE_OPTIONS = {
  path: '/socket.io',
  reconnectionAttempts: 10,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  transports: ['websocket', 'polling'],
} as const;

export const $liveStatus = atom<LiveStatus>('idle');

/** Which room the socket joins, as which role (the readable cookie of its CSRF value). */
const ROOMS = {
  SUPER_ADMIN: { cookie: CSRF_COOKIES.SUPER_ADMIN, join: 'joinSuperAdmin' },
  ADMIN: { cookie: CSRF_COOKIES.ADMIN, join: 'joinSchool' },
  STUDENT: { cookie: CSRF_COOKIES.STUDENT, join: 'joinStudent' },
} as const;
/** Set by a page that is not a console (the student portal); a console's role follows its path. */
let page: keyof typeof ROOMS | null = null;

/** The page's live room (a page is one role's: call it once, before the first subscribeLive). */
export function liveAs(role: keyof typeof ROOMS): void {
  page = role;
}

type Handler = (payload: unknown) => void;
const handlers = new Map<LiveEventName, Set<Handler>>();

function connect(): Socket {
  const { cookie, join } = ROOMS[page ?? consoleRole()];
  // The handshake carries the session cookies (the browser sends them) and the role's CSRF value.
  const csrf = getCookie(cookie) ?? '';
  const s = io({ ...LIVE_OPTIONS, transports: [...LIVE_OPTIONS.transports], auth: { csrf } });
  $liveStatus.set('connecting');
  s.on('connect', () => {
    s.emit(join, (r?: { ok: boolean }) => $liveStatus.set(r?.ok === false ? 'offline' : 'live'));
  });
  s.on('disconnect', () => $liveStatus.set('reconnecting'));
  s.io.on('reconnect_failed', () => $liveStatus.set('offline'));
  s.onAny((event: string, payload: unknown) => {
    handlers.get(event as LiveEventName)?.forEach((h) => h(payload));
  });
  return s;
}

const $socket = atom<Socket | null>(null);
onMount($socket, () => {
  const socket = connect();
  $socket.set(socket);
  return () => {
    socket.disconnect();
    $socket.set(null);
    $liveStatus.set('idle');
  };
});

/** Calls `handler` for every `event` until the returned function is called. */
export function subscribeLive<E extends LiveEventName>(event: E, handler: (payload: LivePayload<E>) => void): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  handlers.set(event, set);
  const h = handler as Handler;
  set.add(h);
  const unlisten = $socket.listen(() => {});
  return () => {
    set.delete(h);
    unlisten();
  };
}

/** The same subscription on the student portal, typed by the learner's room's events (STUDENT_LIVE_EVENTS). */
export const subscribeStudentLive = subscribeLive as unknown as <E extends StudentLiveEventName>(
  event: E,
  handler: (payload: StudentLivePayload<E>) => void,
) => () => void;
