import type { TapOutcome } from '@domain/rfid';

/*
 * The gate's IndexedDB: what must outlive a reload, a closed tab or a network drop, on this device only.
 * - taps: every tap, written before it is posted, in tap order (`seq`), with its event id (a replay of the same
 *   id is recorded once by the server), the page's own verdict and, once posted, the server's; `sent` 0/1.
 * - kv: the pairing (the reader's token and station) and the cached roster.
 * - photos: each roster photo's thumbnail, keyed by the photo's address (an upload's address changes with its file).
 */

export interface ServerVerdict {
  outcome: TapOutcome;
  status: string | null;
  studentId: number | null;
}

export interface TapRecord {
  seq?: number;
  eventId: string;
  /** The card as the reader typed it. */
  raw: string;
  tappedAt: string;
  /** The school's date of the tap ('YYYY-MM-DD'). */
  date: string;
  studentId: number | null;
  local: TapOutcome;
  server: ServerVerdict | null;
  /** A refusal the server gave (its reason); the tap is not sent again. */
  refused: string | null;
  sent: 0 | 1;
}

const DB_NAME = 'gate-station';
let opened: Promise<IDBDatabase> | null = null;

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 2);
    req.onupgradeneeded = (event) => {
      const db = req.result;
      if (event.oldVersion < 1) {
        const taps = db.createObjectStore('taps', { keyPath: 'seq', autoIncrement: true });
        taps.createIndex('sent', 'sent');
        taps.createIndex('date', 'date');
        db.createObjectStore('kv');
      }
      if (event.oldVersion < 2) db.createObjectStore('photos');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}

async function store(name: 'taps' | 'kv' | 'photos', mode: IDBTransactionMode) {
  return (await open()).transaction(name, mode).objectStore(name);
}

/** Writes a new tap (resolves once it is stored); returns its place in the queue. */
export async function addTap(tap: TapRecord): Promise<number> {
  return Number(await done((await store('taps', 'readwrite')).add(tap)));
}

export async function putTap(tap: TapRecord): Promise<void> {
  await done((await store('taps', 'readwrite')).put(tap));
}

/** Taps not yet answered by the server, oldest first (the order they are posted in). */
export async function unsentTaps(limit: number): Promise<TapRecord[]> {
  return done((await store('taps', 'readonly')).index('sent').getAll(IDBKeyRange.only(0), limit));
}

export async function countUnsent(): Promise<number> {
  return done((await store('taps', 'readonly')).index('sent').count(IDBKeyRange.only(0)));
}

/** A school day's taps on this device, oldest first. */
export async function tapsOfDay(date: string): Promise<TapRecord[]> {
  const rows = await done((await store('taps', 'readonly')).index('date').getAll(IDBKeyRange.only(date)));
  return rows.sort((a, b) => a.seq! - b.seq!);
}

/** The latest taps, newest first. */
export async function latestTaps(n: number): Promise<TapRecord[]> {
  const os = await store('taps', 'readonly');
  return new Promise((resolve, reject) => {
    const out: TapRecord[] = [];
    const req = os.openCursor(null, 'prev');
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor || out.length >= n) return resolve(out);
      out.push(cursor.value as TapRecord);
      cursor.continue();
    };
    req.onerror = () => reject(req.error);
  });
}

/** Sent taps of days before `date` are dropped (the server has them); unsent ones are kept whatever their age. */
export async function pruneBefore(date: string): Promise<void> {
  const os = await store('taps', 'readwrite');
  await new Promise<void>((resolve, reject) => {
    const req = os.index('date').openCursor(IDBKeyRange.upperBound(date, true));
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return resolve();
      if ((cursor.value as TapRecord).sent === 1) cursor.delete();
      cursor.continue();
    };
    req.onerror = () => reject(req.error);
  });
}

export async function readKv<T>(key: string): Promise<T | undefined> {
  return (await done((await store('kv', 'readonly')).get(key))) as T | undefined;
}

export async function writeKv(key: string, value: unknown): Promise<void> {
  await done((await store('kv', 'readwrite')).put(value, key));
}

export async function deleteKv(key: string): Promise<void> {
  await done((await store('kv', 'readwrite')).delete(key));
}

/** Every stored thumbnail, by its photo's address. */
export async function allPhotos(): Promise<Map<string, Blob>> {
  const os = await store('photos', 'readonly');
  const [keys, values] = await Promise.all([done(os.getAllKeys()), done(os.getAll())]);
  return new Map(keys.map((k, i) => [String(k), values[i] as Blob]));
}

export async function putPhoto(url: string, thumbnail: Blob): Promise<void> {
  await done((await store('photos', 'readwrite')).put(thumbnail, url));
}

export async function deletePhoto(url: string): Promise<void> {
  await done((await store('photos', 'readwrite')).delete(url));
}
