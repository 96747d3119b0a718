import { toApiError } from '../http';

/** What a form action answers: done (with a message), or the messages to show (banner and per field). */
export type ActionResult<T = undefined> =
  { ok: true; message: string; data: T } | { ok: false; message: string | null; errors: Record<string, string> };

/** Field messages found before anything was sent. */
export const invalid = (errors: Record<string, string>): ActionResult<never> => ({ ok: false, message: null, errors });

/**
 * A failed call as an ActionResult; a message already shown next to its field
 * is not repeated in the banner.
 */
export async function actionFailure(err: unknown, fallback: string): Promise<ActionResult<never>> {
  const e = await toApiError(err, fallback);
  return { ok: false, message: Object.values(e.errors).includes(e.message) ? null : e.message, errors: e.errors };
}

/**
 * The fields a form sends (optional fields only when present): undefined and null are left out,
 * except that on an edit a field that had a value and is now empty is sent as null (cleared).
 */
export function sentFields<T extends object>(value: T, before?: object | null): Partial<T> {
  const previous = (before ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (v === null) {
      if (before && previous[key] != null) out[key] = null;
      continue;
    }
    out[key] = v;
  }
  return out as Partial<T>;
}
