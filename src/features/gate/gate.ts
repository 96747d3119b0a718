import type { GateStation, Roster, RosterEntry } from '@domain/gate';
import type { TapOutcome } from '@domain/rfid';
import type { ApiError } from '@kit/http';
import { fetchRoster, fetchStation, pairGate, postTaps, setGateToken, whenUnpaired } from './api';
import { createBurstReader } from './burst';
import { cardFormat, cardIndex } from './cards';
import * as db from './db';
import { loadPhotos, photoCounts, photoFor, syncPhotos } from './photos';
import { playTone } from './sound';
import { createLatency } from './stats';
import { localOutcome, schoolClock, shownOutcome } from './verdict';
import * as screen from './screen';

/*
 * The gate station page. Unpaired, it asks for a pairing code (or reads it from the QR code's link). Paired, it reads
 * card bursts from the USB reader, shows each tap at once from the cached roster, writes it to IndexedDB and posts
 * the queue in order; the server's verdicts replace the page's own. A 401 (unpaired, new token) stops it at once.
 */

interface Pairing {
  token: string;
  station: GateStation;
}

/** How often the page asks for its station (so unpairing stops it within seconds) and its roster. */
const STATION_EVERY_MS = 5_000;
const ROSTER_EVERY_MS = 5 * 60_000;
const RETRY_MS = 3_000;
const BATCH = 100;

let pairing: Pairing | null = null;
let index = cardIndex<RosterEntry>([]);
let byId = new Map<number, RosterEntry>();
let online = navigator.onLine;
let unsent = 0;
let recent: db.TapRecord[] = [];
const formats = new Map<string, number>();
const latency = createLatency();
const timers: Array<ReturnType<typeof setInterval>> = [];
/** How far the server's clock is ahead of this PC's: taps are stamped and the clock shown by the server's time. */
let skew = 0;
const now = () => Date.now() + skew;
async function learnSkew(station: GateStation) {
  skew = Date.parse(station.serverTime) - Date.now();
  await db.writeKv('skew', skew);
}

const zone = () => pairing!.station.timeZone;
const outcomeOf = (t: db.TapRecord): TapOutcome => t.server?.outcome ?? t.local;

function useRoster(roster: Roster) {
  index = cardIndex(roster.students);
  byId = new Map(roster.students.map((s) => [s.id, s]));
}

function view(t: db.TapRecord): screen.TapView {
  const studentId = t.server ? t.server.studentId : t.studentId;
  const who = studentId != null ? byId.get(studentId) : undefined;
  return {
    key: t.eventId,
    name: who?.name ?? null,
    grade: who?.grade ?? null,
    section: who?.section ?? null,
    photoUrl: photoFor(who?.photoUrl ?? null),
    card: t.raw,
    tappedAt: t.tappedAt,
    shown: shownOutcome(outcomeOf(t), t.server?.status ?? null),
    pending: !t.server && !t.refused,
  };
}

function render(current?: db.TapRecord) {
  if (current) screen.showTap(view(current), zone());
  screen.showRecent(recent.map(view), zone());
  screen.showNetwork(online, unsent);
  screen.showP95(latency.p95(), latency.count);
}

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A card read: shown at once with the page's verdict, stored, then sent. */
async function onCard(raw: string) {
  const format = cardFormat(raw);
  if (!format) return;
  formats.set(format, (formats.get(format) ?? 0) + 1);
  screen.showFormats(formats);
  const at = now();
  const { date } = schoolClock(new Date(at), zone());
  const student = index.find(raw);
  const earlier = student
    ? (await db.tapsOfDay(date))
        .filter((t) => (t.server ? t.server.studentId : t.studentId) === student.id)
        .map((t) => ({ at: Date.parse(t.tappedAt), outcome: outcomeOf(t) }))
    : [];
  const tap: db.TapRecord = {
    eventId: `gate-${pairing!.station.readerId}-${at.toString(36)}-${randomHex(6)}`,
    raw,
    tappedAt: new Date(at).toISOString(),
    date,
    studentId: student?.id ?? null,
    local: localOutcome({ at, known: !!student }, earlier, pairing!.station.rules, zone()),
    server: null,
    refused: null,
    sent: 0,
  };
  recent = [tap, ...recent].slice(0, screen.RECENT_SHOWN);
  unsent += 1;
  render(tap);
  playTone(shownOutcome(tap.local).tone);
  tap.seq = await db.addTap(tap);
  void flush();
}

let flushing = false;
let retry: ReturnType<typeof setTimeout> | null = null;

/** Posts the queue in order, a batch at a time, until it is empty or the network fails (then again later). */
async function flush() {
  if (flushing || !pairing) return;
  flushing = true;
  try {
    for (;;) {
      const batch = await db.unsentTaps(BATCH);
      if (batch.length === 0) break;
      const started = performance.now();
      const answer = await postTaps(batch.map((t) => ({ eventId: t.eventId, cardUid: t.raw, tappedAt: t.tappedAt })));
      latency.add(performance.now() - started);
      online = true;
      const results = new Map(answer.results.map((r) => [r.eventId, r]));
      const rejected = new Map(answer.rejected.map((r) => [r.eventId, r.reason]));
      let unknownStudent = false;
      for (const t of batch) {
        const r = results.get(t.eventId);
        if (r) t.server = { outcome: r.outcome, status: r.status, studentId: r.studentId };
        t.refused = rejected.get(t.eventId) ?? null;
        t.sent = 1;
        if (r?.studentId != null && !byId.has(r.studentId)) unknownStudent = true;
        await db.putTap(t);
        const shown = recent.findIndex((x) => x.eventId === t.eventId);
        if (shown >= 0) recent[shown] = t;
      }
      unsent = await db.countUnsent();
      if (unknownStudent) await refreshRoster();
      const current = document.getElementById('tap-card')?.dataset.key;
      render(recent.find((t) => t.eventId === current));
    }
  } catch (err) {
    if ((err as ApiError).status !== 401) {
      online = false;
      retry ??= setTimeout(() => {
        retry = null;
        void flush();
      }, RETRY_MS);
    }
    render();
  } finally {
    flushing = false;
  }
}

async function refreshRoster() {
  let roster: Roster;
  try {
    roster = await fetchRoster();
    await db.writeKv('roster', roster);
    useRoster(roster);
  } catch {
    // Offline: the cached roster stays.
    return;
  }
  // In the background: a large school's photos must not hold up its taps.
  void syncPhotos(roster.students.map((s) => s.photoUrl)).then(() => screen.showPhotos(photoCounts()));
}

async function checkStation() {
  try {
    const station = await fetchStation();
    await learnSkew(station);
    pairing = { ...pairing!, station };
    await db.writeKv('pairing', pairing);
    screen.showStation(station.schoolName, station.readerName);
    if (!online) {
      online = true;
      void flush();
    }
  } catch (err) {
    if ((err as ApiError).status !== 401) online = false;
  }
  render();
}

/** Unpaired in Device Management (or a new token): the page stops and asks for a new code. */
async function unpaired(message = 'This gate was unpaired in Device Management. Pair it again with a new code.') {
  if (!pairing) return;
  pairing = null;
  setGateToken(null);
  for (const t of timers.splice(0)) clearInterval(t);
  await db.deleteKv('pairing');
  showPairing(message);
}

function showPairing(message: string | null) {
  screen.showView('pair');
  screen.showPairError(message);
  const input = document.getElementById('pair-code') as HTMLInputElement;
  const fromLink = /#pair=([A-Za-z0-9-]+)/.exec(location.hash)?.[1];
  if (fromLink) input.value = fromLink;
  input.focus();
}

async function onPair(event: SubmitEvent) {
  event.preventDefault();
  const input = document.getElementById('pair-code') as HTMLInputElement;
  const button = document.getElementById('pair-submit') as HTMLButtonElement;
  button.disabled = true;
  try {
    const result = await pairGate(input.value);
    await db.writeKv('pairing', result);
    await learnSkew(result.station);
    history.replaceState(null, '', location.pathname);
    input.value = '';
    await startScreen(result);
  } catch (err) {
    screen.showPairError((err as ApiError).message);
  } finally {
    button.disabled = false;
  }
}

async function startScreen(p: Pairing) {
  pairing = p;
  skew = (await db.readKv<number>('skew')) ?? 0;
  setGateToken(p.token);
  screen.showView('screen');
  screen.showStation(p.station.schoolName, p.station.readerName);
  const cached = await db.readKv<Roster>('roster');
  if (cached) useRoster(cached);
  await loadPhotos();
  await db.pruneBefore(schoolClock(new Date(now()), zone()).date);
  recent = await db.latestTaps(screen.RECENT_SHOWN);
  unsent = await db.countUnsent();
  render(recent[0]);
  screen.showClock(new Date(now()), zone());
  timers.push(
    setInterval(() => pairing && screen.showClock(new Date(now()), zone()), 1000),
    setInterval(() => void checkStation(), STATION_EVERY_MS),
    setInterval(() => void refreshRoster(), ROSTER_EVERY_MS),
  );
  await refreshRoster();
  render(recent[0]);
  void flush();
}

/** Keeps the screen on while the page is shown (asked again each time it comes back). */
async function keepAwake() {
  try {
    if (document.visibilityState === 'visible') await navigator.wakeLock?.request('screen');
  } catch {
    // Refused (battery saver, an insecure address): the screen may dim.
  }
}

export async function startGate() {
  whenUnpaired(() => void unpaired());
  const read = createBurstReader();
  document.addEventListener('keydown', (e) => {
    if (!pairing || e.target instanceof HTMLInputElement) return;
    const step = read(e.key, e.timeStamp);
    if (step.kind === 'card') {
      e.preventDefault();
      void onCard(step.text);
    }
  });
  (document.getElementById('pair-form') as HTMLFormElement).addEventListener('submit', (e) => void onPair(e));
  // A card typed by hand in Settings (a test without a reader, or a reader that types too slowly).
  document.getElementById('try-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = document.getElementById('try-card') as HTMLInputElement;
    if (pairing && input.value.trim()) void onCard(input.value.trim());
    input.value = '';
  });
  document.getElementById('btn-fullscreen')?.addEventListener('click', () => void document.documentElement.requestFullscreen?.());
  document
    .getElementById('btn-forget')
    ?.addEventListener('click', () => void unpaired('This device forgot its pairing. Pair it again with a new code.'));
  window.addEventListener('online', () => void flush());
  window.addEventListener('offline', () => {
    online = false;
    render();
  });
  document.addEventListener('visibilitychange', () => void keepAwake());
  void keepAwake();
  const saved = await db.readKv<Pairing>('pairing');
  if (saved) await startScreen(saved);
  else showPairing(null);
}
