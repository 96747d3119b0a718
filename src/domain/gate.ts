import { z } from 'zod';
import { safeString } from './validation';

/*
 * The gate station: the /gate page paired with one reader. Staff make a short single-use pairing code in Device
 * Management; the page exchanges it for the reader's token (kept on that device only) and then reads what the
 * screen needs (the station, the school's roster) and posts taps to POST /api/rfid/taps with that token.
 */

/** The code's letters: no 0/O, 1/I/L, so it is read and typed without doubt. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;

/** 'abcd-2345' or 'ABCD 2345' → 'ABCD2345': how a typed code is compared. */
export const normalizePairingCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
/** 'ABCD2345' → 'ABCD-2345': how a code is shown. */
export const formatPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const GATE_MESSAGES = {
  code: 'Enter the pairing code shown in Device Management',
  wrong: 'This pairing code is not valid. Check it, or make a new one in Device Management.',
  used: 'This pairing code has already been used. Make a new one in Device Management.',
  expired: 'This pairing code has expired. Make a new one in Device Management.',
  kind: 'Only a gate station or an HTTP reader can be paired with a gate page',
  inactive: 'This reader is deactivated: activate it before pairing a gate page',
  unpaired: 'Gate page unpaired: the page stops at once and needs a new pairing code',
  assigned: (name: string, counted: number) =>
    `Card assigned to ${name}${counted ? `: ${counted} earlier tap${counted === 1 ? '' : 's'} of the day counted` : ''}`,
  cardTaken: 'Another learner already has this card',
  studentNotFound: 'Student not found',
  tapNotFound: 'Unknown card tap not found',
} as const;

/** POST /api/gate/pair */
export const pairRequestSchema = z.object({
  code: safeString({ error: GATE_MESSAGES.code }).trim().min(1, GATE_MESSAGES.code).max(20, GATE_MESSAGES.wrong),
});

/** What the gate page shows of its reader and school (GET /api/gate/station, and the pairing's answer). */
export const gateStationSchema = z.object({
  readerId: z.number(),
  readerName: z.string(),
  location: z.string().nullable(),
  schoolName: z.string(),
  schoolAcronym: z.string(),
  /** The school's time zone: the clock and each tap's time are shown in it. */
  timeZone: z.string(),
  /** The server's clock when it answered: the page stamps its taps and shows its clock by it, whatever the PC's. */
  serverTime: z.string(),
  /** What the page needs to tell a tap's outcome on its own while offline (the server's verdict replaces it). */
  rules: z.object({
    lateCutoff: z.string(),
    schoolDays: z.array(z.number()),
    holidays: z.array(z.string()),
    debounceSeconds: z.number(),
    checkoutMinMinutes: z.number(),
  }),
});
export type GateStation = z.infer<typeof gateStationSchema>;

/** The pairing's answer: the reader's new token (the page keeps it on its device only) and the station. */
export const pairResultSchema = z.object({ token: z.string(), station: gateStationSchema });
export type PairResult = z.infer<typeof pairResultSchema>;

/** POST …/rfid-readers/{id}/pairing-code: the code, shown once, when it stops working (GATE_PAIRING_MINUTES), and a QR code of the page's link. */
export const pairingCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** The /gate link with the code (in its fragment, never sent to a server). */
  link: z.string(),
  qrSvg: z.string(),
});
export type PairingCode = z.infer<typeof pairingCodeSchema>;

/**
 * A learner as the gate shows them (GET /api/gate/roster): the reader's school only, active learners with a card;
 * never a guardian's number or anything the screen does not show.
 */
export const rosterEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  grade: z.string().nullable(),
  section: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The card as stored (upper-case hex): the page matches a tap with the server's rule (src/shared/card-uid.ts). */
  cardUid: z.string(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;
export const rosterSchema = z.object({ students: z.array(rosterEntrySchema), fetchedAt: z.string() });
export type Roster = z.infer<typeof rosterSchema>;

/** POST …/rfid-taps/unknown/{id}/assign: the learner who gets the card. */
export const assignCardSchema = z.object({
  studentId: z.coerce.number({ error: GATE_MESSAGES.studentNotFound }).int().positive(GATE_MESSAGES.studentNotFound),
});
/** The assignment's answer: the learner and how many of the card's earlier taps of the day now count. */
export const assignCardResultSchema = z.object({ studentId: z.number(), cardUid: z.string(), counted: z.number() });
export type AssignCardResult = z.infer<typeof assignCardResultSchema>;
