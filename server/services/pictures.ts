import { checkFile, IMAGE_KINDS, type IncomingFile, type UploadStore } from './uploads';
import { PICTURE_MAX_BYTES } from './profile';

/* Profile pictures of people (admins, students): checked before anything is written, cleaned up after. */

/** Checks a picture (by content, ≤ 2 MB) before anything is written; returns how to store it. */
export function checkedPicture(uploads: UploadStore, picture: IncomingFile | undefined) {
  if (!picture) return async () => undefined;
  const kind = checkFile(picture, IMAGE_KINDS, PICTURE_MAX_BYTES, 'Profile picture');
  return () => uploads.save(picture, kind);
}

/**
 * Runs a write with a freshly stored picture: if the write fails the new file is removed, if it
 * succeeds the replaced file is.
 */
export async function withPicture<T>(
  uploads: UploadStore,
  store: () => Promise<{ url: string } | undefined>,
  replacedUrl: string | null,
  write: (url: string | undefined) => Promise<T>,
): Promise<T> {
  const stored = await store();
  let result: T;
  try {
    result = await write(stored?.url);
  } catch (err) {
    await uploads.remove(stored?.url);
    throw err;
  }
  if (stored) await uploads.remove(replacedUrl);
  return result;
}
