/** The first `max` characters and '...' when the text is longer; whole characters (an emoji is never cut in half). */
export function truncateText(text: string | null | undefined, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : (text ?? '');
}

/*
 * Text a device sent, made safe to store, log and show: every control or text-direction character
 * (the ones isSafeText refuses, plus tab and line breaks) as a visible \uXXXX escape — PostgreSQL cannot store
 * NUL, and a log or a table cell must not be rewritten by them — then shortened to `max` characters.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export const printable = (text: string, max: number): string =>
  truncateText(
    text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    max,
  );
