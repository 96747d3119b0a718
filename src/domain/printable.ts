import { truncateText } from './inquiry-list';

/*
 * Text a device sent, made safe to store, log and show (issue #18): every control or text-direction character
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
