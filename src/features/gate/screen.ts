import { formatSchoolTime } from '@kit/text/format';
import type { Shown } from './verdict';

/*
 * The gate screen's DOM (the markup is src/pages/gate.astro): the current tap, the last 10, the clock and the
 * corner figures. Plain DOM so the page's JavaScript stays small; every text goes in by textContent.
 */

export interface TapView {
  key: string;
  name: string | null;
  grade: string | null;
  section: string | null;
  photoUrl: string | null;
  /** The card as typed (shown for an unknown card). */
  card: string;
  tappedAt: string;
  shown: Shown;
  /** The server has not answered yet: the verdict is the page's own. */
  pending: boolean;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const text = (id: string, value: string) => {
  $(id).textContent = value;
};

export const RECENT_SHOWN = 10;

export function showView(view: 'pair' | 'screen') {
  $('gate-pair').hidden = view !== 'pair';
  $('gate-screen').hidden = view !== 'screen';
}

export function showStation(schoolName: string, readerName: string) {
  text('school-name', schoolName);
  text('reader-name', readerName);
  document.title = `Gate · ${schoolName}`;
}

const clockFormat = new Map<string, Intl.DateTimeFormat[]>();
export function showClock(now: Date, timeZone: string) {
  let f = clockFormat.get(timeZone);
  if (!f) {
    f = [
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', second: '2-digit' }),
      new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    ];
    clockFormat.set(timeZone, f);
  }
  text('clock', f[0]!.format(now));
  text('clock-date', f[1]!.format(now));
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

const classLine = (v: Pick<TapView, 'grade' | 'section'>) => [v.grade, v.section].filter(Boolean).join(' · ');

/** The current tap, large: photo, name, grade and section, IN/OUT, PRESENT/LATE, in the outcome's colour. */
export function showTap(v: TapView, timeZone: string) {
  const card = $('tap-card');
  card.dataset.tone = v.shown.tone;
  card.dataset.key = v.key;
  card.dataset.pending = v.pending ? 'true' : 'false';
  const photo = $<HTMLImageElement>('tap-photo');
  photo.hidden = !v.photoUrl;
  if (v.photoUrl) photo.src = v.photoUrl;
  else photo.removeAttribute('src');
  photo.alt = v.name ? `Photo of ${v.name}` : '';
  const face = $('tap-initials');
  face.hidden = !!v.photoUrl;
  face.textContent = v.name ? initials(v.name) : '?';
  text('tap-name', v.name ?? `Unknown card ${v.card}`);
  text('tap-class', v.name ? classLine(v) : 'Ask the office to register this card');
  text('tap-direction', v.shown.direction ?? '');
  text('tap-status', v.shown.status ?? v.shown.label);
  // Without a status the label is already the big line: the small line keeps only the time.
  text('tap-label', v.shown.status ? `${v.shown.label} · ` : '');
  text('tap-time', formatSchoolTime(v.tappedAt, timeZone));
  $('tap-idle').hidden = true;
  $('tap-body').hidden = false;
}

/** The last taps, newest first. */
export function showRecent(list: readonly TapView[], timeZone: string) {
  const ol = $('recent');
  ol.replaceChildren(
    ...list.slice(0, RECENT_SHOWN).map((v) => {
      const li = document.createElement('li');
      li.dataset.tone = v.shown.tone;
      li.dataset.pending = v.pending ? 'true' : 'false';
      const time = document.createElement('span');
      time.className = 'recent-time';
      time.textContent = formatSchoolTime(v.tappedAt, timeZone);
      const who = document.createElement('span');
      who.className = 'recent-name';
      who.textContent = v.name ?? `Unknown card ${v.card}`;
      const what = document.createElement('span');
      what.className = 'recent-what';
      what.textContent = [v.shown.direction, v.shown.status ?? v.shown.label].filter(Boolean).join(' · ');
      li.append(time, who, what);
      return li;
    }),
  );
}

/** "Online", or "Offline: 37 taps saved", or the taps still being sent. */
export function showNetwork(online: boolean, unsent: number) {
  const el = $('net-status');
  el.dataset.online = online ? 'true' : 'false';
  const taps = `${unsent} tap${unsent === 1 ? '' : 's'}`;
  el.textContent = online ? (unsent ? `Online: sending ${taps}` : 'Online') : `Offline: ${taps} saved`;
}

export function showP95(p95: number | null, count: number) {
  text('p95', p95 === null ? 'Server p95: –' : `Server p95: ${Math.round(p95)} ms (${count})`);
}

/** The settings panel's list of card formats this reader typed, with how often. */
export function showFormats(formats: ReadonlyMap<string, number>) {
  const ul = $('formats');
  const rows = [...formats].map(([name, n]) => {
    const li = document.createElement('li');
    li.textContent = `${name}: ${n}`;
    return li;
  });
  ul.replaceChildren(...rows);
  $('formats-empty').hidden = rows.length > 0;
}

export function showPairError(message: string | null) {
  const el = $('pair-error');
  el.hidden = !message;
  el.textContent = message ?? '';
}

/** The settings panel's count of learner photos saved on this device (shown offline). */
export function showPhotos({ saved, wanted }: { saved: number; wanted: number }) {
  text('photos-saved', `Photos saved for offline: ${saved} of ${wanted}`);
}
