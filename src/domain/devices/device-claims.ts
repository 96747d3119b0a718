import { z } from 'zod';

/*
 * What a school admin is told when a value they typed is held by ANOTHER school's record: only that it is not
 * available (never that it exists: that would let one school list another's learners and devices). A conflict
 * within the admin's own school keeps the "already exists" texts; the super admin sees every school and keeps them
 * too. Such answers are counted per admin and per school (NOT_AVAILABLE_LIMIT within NOT_AVAILABLE_WINDOW_MS);
 * past the limit nothing more is checked (429).
 *
 * A reader serial or Facebook Page ID held elsewhere becomes a device claim that the super admin resolves
 * (GRANTED: the record moves to the claiming school; REFUSED: it stays).
 */

export const NOT_AVAILABLE = {
  lrn: 'This LRN is not available',
  email: 'This email is not available',
  card: 'This card is not available',
  serial: 'This serial number is not available',
  pageId: 'This Page ID is not available',
} as const;

/** The claim's answer to the admin: the value is not available, and the vendor will look at it. */
export const CLAIM_RECORDED = {
  RFID_READER: `${NOT_AVAILABLE.serial}: the vendor has been asked to review it`,
  FACEBOOK_PAGE: `${NOT_AVAILABLE.pageId}: the vendor has been asked to review it`,
} as const;

export const NOT_AVAILABLE_LIMIT = 20;
export const NOT_AVAILABLE_WINDOW_MS = 60 * 60_000;
export const NOT_AVAILABLE_TOO_MANY =
  'Too many values were not available in the last hour. Please try again later, or ask the vendor for help.';

export const DEVICE_CLAIM_KINDS = ['RFID_READER', 'FACEBOOK_PAGE'] as const;
export type DeviceClaimKind = (typeof DEVICE_CLAIM_KINDS)[number];
export const DEVICE_CLAIM_KIND_LABELS: Record<DeviceClaimKind, string> = {
  RFID_READER: 'Reader serial number',
  FACEBOOK_PAGE: 'Facebook Page ID',
};

export const DEVICE_CLAIM_STATUSES = ['OPEN', 'GRANTED', 'REFUSED'] as const;
export type DeviceClaimStatus = (typeof DEVICE_CLAIM_STATUSES)[number];

export const DEVICE_CLAIM_MESSAGES = {
  notFound: 'Claim not found',
  resolved: 'This claim has already been resolved',
  decision: 'Decision must be GRANT or REFUSE',
  kind: 'Kind must be RFID_READER or FACEBOOK_PAGE',
  status: 'Status must be OPEN, GRANTED or REFUSED',
  granted: 'Claim granted: the record now belongs to the claiming school',
  refused: 'Claim refused: the record stays where it is',
  /** The value is no longer held by anyone (deleted, retired): nothing to move; the school can register it. */
  released: 'Claim granted: the value is free now, and the claiming school can register it',
} as const;

const schoolRef = z.object({ id: z.number(), name: z.string(), acronym: z.string() }).nullable();

export const deviceClaimSchema = z.object({
  id: z.number(),
  kind: z.enum(DEVICE_CLAIM_KINDS),
  value: z.string(),
  /** the claiming school */
  school: schoolRef,
  adminName: z.string(),
  status: z.enum(DEVICE_CLAIM_STATUSES),
  /** who holds the value now (null: nobody, or a record of no school) */
  holder: z.object({ recordId: z.number(), name: z.string(), school: schoolRef }).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
});
export type DeviceClaim = z.infer<typeof deviceClaimSchema>;

export const deviceClaimListQuerySchema = z.object({
  kind: z.enum(DEVICE_CLAIM_KINDS, { error: DEVICE_CLAIM_MESSAGES.kind }).optional(),
  status: z.enum(DEVICE_CLAIM_STATUSES, { error: DEVICE_CLAIM_MESSAGES.status }).optional(),
});
export type DeviceClaimListQuery = z.infer<typeof deviceClaimListQuerySchema>;

export const DEVICE_CLAIM_DECISIONS = ['GRANT', 'REFUSE'] as const;
export const deviceClaimResolveSchema = z.object({
  decision: z.enum(DEVICE_CLAIM_DECISIONS, { error: DEVICE_CLAIM_MESSAGES.decision }),
});
export type DeviceClaimDecision = z.infer<typeof deviceClaimResolveSchema>['decision'];
