import { z } from 'zod';
import { CARD_UID_MAX } from '@shared/card-uid';
import { idQuery, isCalendarDate } from './list-filters';
import { idField, isSafeText, safeString } from './validation';
import { firstBadNetwork, parseNetwork } from '@shared/networks';
import { printable } from '@shared/printable';

/*
 * RFID readers and tap intake: the payloads of /api/super-admin/rfid-readers, POST /api/rfid/taps
 * and the rules both sides share. Server-only checks (CIDR parsing, clock window) live in server/features/rfid/taps.ts.
 */

/** GATE: a gate station, the /gate page with a USB reader, paired by a short code (it posts with the reader's token). */
export const READER_KINDS = ['HTTP', 'ZKTECO', 'GATE'] as const;
export type ReaderKind = (typeof READER_KINDS)[number];
export const READER_KIND_LABELS: Record<ReaderKind, string> = {
  HTTP: 'HTTP (token)',
  ZKTECO: 'ZKTeco ADMS push',
  GATE: 'Gate station (USB reader + browser)',
};
/** Kinds a gate station page can be paired with (both post taps with a token). */
export const PAIRABLE_KINDS: readonly ReaderKind[] = ['HTTP', 'GATE'];

/** A reader heard from within this window counts as online (HTTP readers post taps or heartbeats; ZKTeco polls every ~30 s). */
export const READER_ONLINE_MS = 5 * 60_000;
export const isReaderOnline = (lastSeenAt: string | null, now = Date.now()) =>
  !!lastSeenAt && now - Date.parse(lastSeenAt) < READER_ONLINE_MS;

export const READER_MESSAGES = {
  name: 'Reader name is required',
  school: 'School is required',
  kind: 'Kind must be HTTP, ZKTECO or GATE',
  serial: 'Serial number is required for a ZKTeco reader',
  serialFormat: 'Serial number may only contain letters, digits and - _ .',
  network: 'Allowed networks must be IP ranges such as 192.168.1.0/24',
  notFound: 'RFID reader not found',
  duplicateSerial: 'A reader with this serial number already exists',
  retired: 'This reader is retired: it is kept for its history and cannot be changed. Register the device as a new reader.',
  deleted: 'Reader deleted successfully',
  retiredDone: 'Reader retired: it has taps, so it is kept (disabled) with its history',
} as const;

/** The 400 of a malformed allowed network names the entry (escaped and shortened: it is echoed back). */
export const networkMessage = (entry: string) => `${READER_MESSAGES.network}: "${printable(entry, 60)}" is not one`;

/** '192.168.1.0/24', '10.0.0.7' (= /32), 'fd00::/8' — the same parser the tap-time check uses. */
export const isCidr = (value: string): boolean => parseNetwork(value) !== null;

/** A list of CIDRs from JSON (array) or a form (one per line or comma-separated); empty → null (any network). */
const networksField = z
  .union([z.array(z.string()), z.string(), z.null()], { error: READER_MESSAGES.network })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const list = (Array.isArray(v) ? v : (v ?? '').split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean);
    const bad = firstBadNetwork(list);
    if (list.length > 50 || bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: bad === undefined ? READER_MESSAGES.network : networkMessage(bad) });
      return z.NEVER;
    }
    return list.length ? list : null;
  });

const serialField = z
  .string({ error: READER_MESSAGES.serialFormat })
  .trim()
  .max(64, 'Serial number must be 64 characters or less')
  .regex(/^[A-Za-z0-9._-]*$/, READER_MESSAGES.serialFormat)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

const readerFields = {
  name: safeString({ error: READER_MESSAGES.name })
    .trim()
    .min(1, READER_MESSAGES.name)
    .max(100, 'Name must be 100 characters or less'),
  location: safeString({ error: 'Location must be text' })
    .trim()
    .max(200, 'Location must be 200 characters or less')
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  schoolId: idField(READER_MESSAGES.school),
  kind: z.enum(READER_KINDS, { error: READER_MESSAGES.kind }),
  serialNumber: serialField,
  allowedNetworks: networksField,
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

const needsSerial = (v: { kind?: ReaderKind; serialNumber?: string | null }, ctx: z.RefinementCtx) => {
  if (v.kind === 'ZKTECO' && !v.serialNumber)
    ctx.addIssue({ code: 'custom', path: ['serialNumber'], message: READER_MESSAGES.serial });
};

/** POST /api/super-admin/rfid-readers */
export const readerCreateSchema = z
  .object({ ...readerFields, kind: readerFields.kind.default('HTTP'), isActive: readerFields.isActive.default(true) })
  .superRefine(needsSerial);
export type ReaderCreate = z.output<typeof readerCreateSchema>;
/** What the console sends to create or edit a reader. */
export type ReaderInput = z.input<typeof readerCreateSchema>;

/** PATCH /api/super-admin/rfid-readers/{id}: any subset (the kind/serial rule is checked on the merged reader). */
export const readerUpdateSchema = z.object(readerFields).partial();
export type ReaderUpdate = z.output<typeof readerUpdateSchema>;

/** What the API returns for a reader (never the token; `token` only in the create/rotate answer). */
export const rfidReaderSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  schoolId: z.number().nullable(),
  school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
  /** The reader's school's time zone (the platform's default without one): its Last Seen is read in it. */
  timeZone: z.string(),
  kind: z.enum(READER_KINDS),
  serialNumber: z.string().nullable(),
  allowedNetworks: z.array(z.string()).nullable(),
  /** '••••1a2b': the last characters of the token, to tell tokens apart. */
  tokenHint: z.string().nullable(),
  isActive: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when the reader was removed while it had taps: kept with its history, disabled, listed only on request. */
  retiredAt: z.string().nullable(),
});
export type RfidReader = z.infer<typeof rfidReaderSchema>;
/** The token is shown once: only its hash is stored. */
export const rfidReaderWithTokenSchema = rfidReaderSchema.extend({ token: z.string() });
export type RfidReaderWithToken = z.infer<typeof rfidReaderWithTokenSchema>;

export const readerListQuerySchema = z.object({
  schoolId: idQuery('School ID'),
  /** 'true' lists retired readers too (hidden by default). */
  retired: z.enum(['true', 'false'], { error: 'retired must be true or false' }).optional(),
});

/** DELETE answer: a reader with taps is retired (kept with its history) rather than deleted. */
export const readerRemovalSchema = z.object({ outcome: z.enum(['deleted', 'retired']) });
export type ReaderRemoval = z.infer<typeof readerRemovalSchema>;

/** A tap or ATTLOG line refused with its reason, as kept for the reader's refusals (values as sent, escaped). */
export const tapRefusalSchema = z.object({
  id: z.number(),
  readerId: z.number(),
  readerName: z.string(),
  eventId: z.string(),
  cardUidRaw: z.string().nullable(),
  tappedAtRaw: z.string().nullable(),
  reason: z.string(),
  receivedAt: z.string(),
  /** The reader's school's time zone (the platform's default without one). */
  timeZone: z.string(),
});
export type TapRefusal = z.infer<typeof tapRefusalSchema>;
export const refusalListQuerySchema = z.object({ schoolId: idQuery('School ID'), readerId: idQuery('Reader ID') });
/** The console shows the latest refusals (of a school or a reader). */
export const REFUSALS_SHOWN = 50;

/** A tap of a card no student has (Device Management lists the latest). */
export const unknownTapSchema = z.object({
  id: z.number(),
  /** The school of the reader it was tapped at (a learner of that school can be given the card). */
  schoolId: z.number().nullable(),
  cardUid: z.string(),
  cardUidRaw: z.string(),
  tappedAt: z.string(),
  readerName: z.string(),
  readerLocation: z.string().nullable(),
  /** The reader's school's time zone (the platform's default without one). */
  timeZone: z.string(),
});
export type UnknownTap = z.infer<typeof unknownTapSchema>;

/**
 * A late replay: a tap that changed attendance long after it happened (over an ABSENT mark, or not from its
 * reader's own buffer). Device Management lists the latest; the parent was sent a correction.
 */
export const lateReplaySchema = z.object({
  id: z.number(),
  loggedAt: z.string(),
  reason: z.enum(['OVER_ABSENT', 'NOT_OWN_BUFFER']),
  readerId: z.number(),
  readerName: z.string(),
  /** Who created the reader or last set its token (null: not known for readers older than this record). */
  madeBy: z.object({ role: z.string(), userId: z.number(), name: z.string(), email: z.string() }).nullable(),
  eventId: z.string(),
  tappedAt: z.string(),
  receivedAt: z.string(),
  studentId: z.number(),
  studentName: z.string(),
  attendanceId: z.number().nullable(),
  date: z.string(),
  /** The school's time zone. */
  timeZone: z.string(),
  from: z.string().nullable(),
  to: z.string(),
});
export type LateReplay = z.infer<typeof lateReplaySchema>;
/** The console shows the latest late replays (of a school). */
export const LATE_REPLAYS_SHOWN = 50;
export const lateReplayListQuerySchema = z.object({ schoolId: idQuery('School ID') });

/* ---------- Tap intake: POST /api/rfid/taps ---------- */

/** Most events in one request (an offline reader replays its buffer in batches). */
export const TAP_BATCH_MAX = 500;
/** A tap more than this far ahead of the server clock is refused (the reader's clock is wrong). */
export const TAP_MAX_FUTURE_MS = 5 * 60_000;
/** A tap older than this is refused (too late to change attendance or notify anyone). */
export const TAP_MAX_AGE_MS = 7 * 86_400_000;

export const TAP_MESSAGES = {
  eventId: 'eventId is required (1 to 100 characters)',
  cardUid: 'cardUid is not a card UID (hex or 10-digit decimal)',
  tappedAt: 'tappedAt must be an ISO-8601 date-time with a time zone (e.g. 2026-11-16T07:31:05+08:00)',
  impossible: 'tappedAt is not a real date and time (e.g. February 30, or 24:00)',
  future: 'tappedAt is more than 5 minutes ahead of the server clock',
  old: 'tappedAt is older than 7 days',
  batch: `events must be a list of 1 to ${TAP_BATCH_MAX} taps`,
  body: 'Send one tap { eventId, cardUid, tappedAt } or { events: [ … ] }',
  event: 'Each event must be an object { eventId, cardUid, tappedAt }',
  unsafe: (field: string) => `${field} must not contain control or text-direction characters`,
} as const;

/** An explicit offset or Z is required: a reader's local time without a zone is ambiguous. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
/** The form of an ISO-8601 instant with a zone (its values are possiblyReal's to judge). */
export const isIsoInstant = (v: string) => ISO_INSTANT.test(v);
/**
 * An ISO instant naming a real calendar day and time of day: Date.parse rolls 2026-02-30 over to March 1 (which may
 * then look old), so the parts are checked as written.
 */
export function isRealInstant(v: string): boolean {
  const m = ISO_INSTANT.exec(v);
  if (!m || !isCalendarDate(m[1]!)) return false;
  const [h, mi, sec] = [Number(m[2]), Number(m[3]), Number(m[5] ?? 0)];
  return h <= 23 && mi <= 59 && sec <= 59 && Number.isFinite(Date.parse(v));
}

/** The shape of one tap; its values (UID, time) are checked per event so one bad tap never sinks a batch. */
export const tapEventSchema = z
  .object({
    eventId: z
      .string({ error: TAP_MESSAGES.eventId })
      .trim()
      .min(1, TAP_MESSAGES.eventId)
      .max(100, TAP_MESSAGES.eventId)
      .refine(isSafeText, TAP_MESSAGES.unsafe('eventId')),
    cardUid: z
      .string({ error: TAP_MESSAGES.cardUid })
      .max(CARD_UID_MAX * 2, TAP_MESSAGES.cardUid)
      .refine(isSafeText, TAP_MESSAGES.unsafe('cardUid')),
    tappedAt: z
      .string({ error: TAP_MESSAGES.tappedAt })
      .max(40, TAP_MESSAGES.tappedAt)
      .refine(isSafeText, TAP_MESSAGES.unsafe('tappedAt')),
  })
  .meta({
    description: 'One card tap. eventId is unique per reader (a replay answers with the first result).',
    examples: [{ eventId: 'gate1-000123', cardUid: '04:A1:B2:C3', tappedAt: '2026-11-16T07:31:05+08:00' }],
  });
/** A tap as checked; `index` is its place in the request (batch position or ATTLOG line), for its rejection. */
export type TapEvent = z.output<typeof tapEventSchema> & { index?: number };

export const tapBatchSchema = z
  .object({
    events: z
      .array(tapEventSchema, { error: TAP_MESSAGES.batch })
      .min(1, TAP_MESSAGES.batch)
      .max(TAP_BATCH_MAX, TAP_MESSAGES.batch),
  })
  .meta({
    description: `An offline reader's buffer: up to ${TAP_BATCH_MAX} taps; each bad event is reported by eventId, the rest recorded.`,
    examples: [{ events: [{ eventId: 'gate1-000124', cardUid: '3735928559', tappedAt: '2026-11-16T07:32:10Z' }] }],
  });

/** What became of a tap. */
export const TAP_OUTCOMES = [
  'CHECK_IN',
  'LATE',
  'CHECK_OUT',
  'NO_CHANGE',
  'DEBOUNCED',
  'UNKNOWN_CARD',
  'NOT_SCHOOL_DAY',
  /** A learner not on the roll that day (transferred out, dropped out, NLPA, or not yet enrolled): kept, no record. */
  'NOT_ENROLLED',
] as const;
export type TapOutcome = (typeof TAP_OUTCOMES)[number];

export const tapResultSchema = z.object({
  eventId: z.string(),
  outcome: z.enum(TAP_OUTCOMES),
  /** Attendance status after the tap, when a student was matched. */
  status: z.string().nullable(),
  attendanceId: z.number().nullable(),
  studentId: z.number().nullable(),
  /** True when this eventId was already recorded: the first result, nothing changed now. */
  replayed: z.boolean(),
});
export type TapResult = z.infer<typeof tapResultSchema>;
/** A refused event: its eventId as sent (control characters escaped, shortened), its place in the request, why. */
export const tapRejectionSchema = z.object({ eventId: z.string(), index: z.number(), reason: z.string() });
export type TapRejection = z.infer<typeof tapRejectionSchema>;
export const tapBatchResultSchema = z.object({ results: z.array(tapResultSchema), rejected: z.array(tapRejectionSchema) });
export type TapBatchResult = z.infer<typeof tapBatchResultSchema>;

/** What POST /api/rfid/taps takes, as integrators read it (the OpenAPI document): one tap or a batch. */
export const tapBodySchema = z.union([tapEventSchema, tapBatchSchema]);

/** A batch's list: its length is checked here, each event on its own (one bad event never sinks the batch). */
const batchListSchema = z.object({
  events: z.array(z.unknown(), { error: TAP_MESSAGES.batch }).min(1, TAP_MESSAGES.batch).max(TAP_BATCH_MAX, TAP_MESSAGES.batch),
});

/** A refused batch event: its rejection, and what it carried (kept, escaped, with the reader's refusals). */
export type RefusedTap = TapRejection & { cardUid?: unknown; tappedAt?: unknown };

/** A batch event that fails its schema → its rejection (the first message, the eventId made printable). */
function rejectEvent(event: unknown, index: number, error: z.ZodError): RefusedTap {
  const isObject = !!event && typeof event === 'object' && !Array.isArray(event);
  const { eventId, cardUid, tappedAt } = (isObject ? event : {}) as Record<string, unknown>;
  const reason = isObject ? error.issues[0]!.message : TAP_MESSAGES.event;
  return { eventId: typeof eventId === 'string' ? printable(eventId.trim(), 100) : '', index, reason, cardUid, tappedAt };
}

/**
 * The body of POST /api/rfid/taps: one tap, or `{ events }`. Whatever the shape, the route gets a list, whether
 * it was a single tap (whose bad value is a 400) and, for a batch, the events refused by their shape or text
 * (reported one by one with their reason; the rest are recorded). It parses by hand so that each shape keeps its
 * own messages (a union would answer "Invalid input"); the OpenAPI document shows `tapBodySchema` instead
 * (`openapiBody`, server/core/http/openapi.ts).
 */
export const tapRequestSchema = z
  .unknown()
  .transform((body, ctx): { single: boolean; events: TapEvent[]; refused: RefusedTap[] } => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      ctx.addIssue({ code: 'custom', message: TAP_MESSAGES.body });
      return z.NEVER;
    }
    const single = !('events' in body);
    const parsed = single ? tapEventSchema.safeParse(body) : batchListSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    if (single) return { single, events: [parsed.data as TapEvent], refused: [] };
    const events: TapEvent[] = [];
    const refused: RefusedTap[] = [];
    (parsed.data as { events: unknown[] }).events.forEach((event, index) => {
      const one = tapEventSchema.safeParse(event);
      if (one.success) events.push({ ...one.data, index });
      else refused.push(rejectEvent(event, index, one.error));
    });
    return { single, events, refused };
  })
  .meta({ openapiBody: tapBodySchema });
