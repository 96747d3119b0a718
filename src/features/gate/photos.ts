import * as db from './db';

/*
 * Learner photos that work offline. Each roster photo is fetched once, shrunk to a thumbnail and kept in IndexedDB
 * under its address; the screen shows the thumbnail (from memory, so a tap's photo needs no network and no wait)
 * and falls back to the address while a photo is not saved yet. Photos that left the roster are dropped.
 */

/** The thumbnail's longer side in pixels: sharp on the gate's photo box, about 10 KB as JPEG. */
export const THUMB_SIDE = 320;
/** Photos fetched at once while saving (a 1,500-learner roster is saved in the background, not in one burst). */
const AT_ONCE = 3;

const shown = new Map<string, string>();
let saving: Promise<void> | null = null;
let saved = 0;
let wanted = 0;

/** What the screen's <img> gets for a learner's photo: the saved thumbnail, else the photo's own address. */
export function photoFor(url: string | null): string | null {
  if (!url) return null;
  return shown.get(url) ?? url;
}

/** How many of the roster's photos this device holds: the settings panel tells the school's IT. */
export const photoCounts = () => ({ saved, wanted });

/** The thumbnails saved on this device, ready to show (at start, before any network). */
export async function loadPhotos(): Promise<void> {
  for (const [url, blob] of await db.allPhotos()) {
    if (!shown.has(url)) shown.set(url, URL.createObjectURL(blob));
  }
  saved = shown.size;
}

async function thumbnail(photo: Blob): Promise<Blob> {
  const image = await createImageBitmap(photo);
  const scale = Math.min(1, THUMB_SIDE / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  image.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('thumbnail'))), 'image/jpeg', 0.82),
  );
}

async function saveOne(url: string): Promise<void> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) return; // gone or refused: asked again at the next roster
  const blob = await thumbnail(await res.blob());
  await db.putPhoto(url, blob);
  shown.set(url, URL.createObjectURL(blob));
}

/**
 * Brings the saved thumbnails in line with the roster's photos: missing ones fetched a few at a time, others
 * dropped. A network failure stops the round (the next roster refresh goes on); one bad image is skipped.
 */
export function syncPhotos(urls: ReadonlyArray<string | null>): Promise<void> {
  saving ??= (async () => {
    const keep = new Set(urls.filter((u): u is string => !!u));
    wanted = keep.size;
    for (const url of [...shown.keys()]) {
      if (keep.has(url)) continue;
      URL.revokeObjectURL(shown.get(url)!);
      shown.delete(url);
      await db.deletePhoto(url);
    }
    const missing = [...keep].filter((u) => !shown.has(u));
    let offline = false;
    const worker = async () => {
      while (!offline && missing.length) {
        const url = missing.shift()!;
        try {
          await saveOne(url);
        } catch (err) {
          if (err instanceof TypeError) offline = true; // fetch's network failure
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    saved = [...keep].filter((u) => shown.has(u)).length;
  })().finally(() => {
    saving = null;
  });
  return saving;
}
