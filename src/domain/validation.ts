import { z } from 'zod';

/** Shared building blocks so the same rule gives the same message on the form and from the API. */

// In the browser zod must not probe for `new Function` (its JIT): the site's CSP forbids eval, and even the
// caught probe is reported as a violation. The server keeps the faster JIT path.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** The public forms' honeypot (public-forms.ts): accepts anything, bots send all sorts; the route decides with
 * honeypotFilled before validating. */
export const honeypotField = z.unknown().optional();

// "{email}, no spaces" — something@something.something without whitespace.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321's limit on an address; longer text is not an email (and is never handed to the pattern). */
export const EMAIL_MAX = 254;

/**
 * The one email check. EMAIL_PATTERN backtracks quadratically on long text ('a@' + '.'.repeat(n) + '@':
 * 100 kB takes seconds of CPU), so the length is checked first and the pattern only ever sees ≤ 254 chars.
 */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value) && isSafeText(value);
export const PHONE_PATTERN = /^\+?[0-9][0-9\s\-()]{6,19}$/;
/**
 * zod's `error` option when a missing value and a value of the wrong type need different messages
 * (a single message is simply `{ error: message }`).
 */
export const typeError = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid),
});

/**
 * Characters a name or text may not contain: C0/C1 controls (tab, line feed and carriage return are text)
 * and the bidi embedding, override and isolate controls that make 'exe.txt' display as 'txt.exe'.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const UNSAFE_TEXT_MESSAGE = 'Must not contain control or text-direction characters';
/**
 * A lone UTF-16 surrogate (half of a character, e.g. '\uD800' in JSON) is no character at all: it cannot be
 * encoded as UTF-8 for an SMS, a PDF or PostgreSQL. With the u flag a well-formed pair is one code point,
 * so \p{Cs} matches only an unpaired half.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const BROKEN_TEXT_MESSAGE = 'Must not contain broken characters (an unpaired UTF-16 surrogate)';
export const isSafeText = (value: string): boolean => !UNSAFE_TEXT.test(value) && !LONE_SURROGATE.test(value);
/** Why a text breaks the text rule (the refine's message), or null. */
export const textProblem = (value: string): string | null =>
  UNSAFE_TEXT.test(value) ? UNSAFE_TEXT_MESSAGE : LONE_SURROGATE.test(value) ? BROKEN_TEXT_MESSAGE : null;
/** The refine options of the text rule: `.refine(isSafeText, UNSAFE_TEXT_ERROR)` names what is wrong. */
export const UNSAFE_TEXT_ERROR = {
  error: (issue: { input?: unknown }) => textProblem(String(issue.input)) ?? UNSAFE_TEXT_MESSAGE,
};

/**
 * THE text rule: every name and free text the console or the API takes starts from this instead of
 * z.string(), so a control or bidi character is refused with one message wherever it is typed.
 * tests/api/app/text-rule.test.ts walks every create/update route to hold it.
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isSafeText, UNSAFE_TEXT_ERROR);

/** Largest id an integer column holds on PostgreSQL; a bigger number can never name a record. */
export const MAX_ID = 2_147_483_647;

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be ${max} characters or less`)
    .refine(isSafeText, UNSAFE_TEXT_ERROR);

export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .refine(isSafeText, UNSAFE_TEXT_ERROR)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const emailField = (requiredMessage = 'Email is required', invalid = 'Please enter a valid email address') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, invalid)
    .refine(isEmail, invalid)
    .transform((v) => v.toLowerCase());

export const optionalEmail = (invalid = 'Please enter a valid email address') =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX, invalid)
    .refine((v) => v === '' || isEmail(v), invalid)
    .optional()
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : undefined));

/** First message per field, keyed by the dotted path: the `errors` object of a 400 and of a form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Validates form input with a domain schema; the console forms use this, the API uses parseOrThrow. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: fieldErrors(r.error) };
}

/**
 * Optional text that an edit can clear: absent → undefined (leave as is), '' or null → null (clear),
 * else the trimmed text. On create, null simply means "not given".
 */
export const clearableText = (max = 500) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .refine(isSafeText, UNSAFE_TEXT_ERROR)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * A whole number an integer column holds (≤ MAX_ID): 1e308 is an "integer" to JavaScript, but SQLite
 * would store it as a float and PostgreSQL refuses it. Use it in the `rule` of counts and levels.
 */
export const isWholeNumber = (n: number, min = 0): boolean => Number.isInteger(n) && n >= min && n <= MAX_ID;

/**
 * An optional number given as a number or as numeric text (form inputs, multipart fields):
 * absent → undefined, '' or null → null, anything non-numeric → `message`; `rule` adds a range check.
 */
export const optionalNumber = (message: string, rule?: { test: (n: number) => boolean; message: string }) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : NUMERIC.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (rule && !rule.test(n)) {
        ctx.addIssue({ code: 'custom', message: rule.message });
        return z.NEVER;
      }
      return n;
    });

/** A required record id (number or numeric text, > 0); `message` for missing and invalid alike. */
export const idField = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/**
 * A record id in a URL path. Anything that is not a positive whole number cannot name a record, so it is
 * refused like an unknown id: route params that fail their schema are answered 404 with this message.
 */
export const idPath = (notFoundMessage: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, notFoundMessage)
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_ID, notFoundMessage);

/** `{ id }` path params of a route about one record. */
export const idParams = (notFoundMessage: string) => z.object({ id: idPath(notFoundMessage) });

/** A boolean from JSON or from a multipart text field ('true'/'false'). */
export const booleanField = (message = 'Must be true or false') =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }).transform((v) => v === true || v === 'true');
