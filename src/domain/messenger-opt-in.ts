import { z } from 'zod';

/*
 * A parent's Messenger opt-in. The school makes a link https://m.me/{page}?ref={ref} for
 * one student's guardian; the first person to open it binds their PSID, once. A second use (by anyone), an
 * expired link or a replaced one binds nothing, is logged, and the page answers with OPT_IN_REPLIES.
 * Routes: GET/POST …/students/{id}/messenger-opt-in[/links], DELETE …/messenger-opt-in/binding.
 */

export const OPT_IN_MESSAGES = {
  studentNotFound: 'Student not found',
  noPage: "This student's school has no active Facebook page. Add one in Device Management → Facebook Pages.",
  notBound: 'The parent is not connected to Messenger.',
  unbound: 'Parent disconnected from Messenger.',
  linkCreated: 'New Messenger link created. The previous link no longer works.',
} as const;

/** What the page answers in Messenger when a ref binds nothing (sent with the page's token). */
export const OPT_IN_REPLIES = {
  used: 'This link has already been used to connect a parent, so it cannot connect this account. Please ask the school for a new link.',
  expired: 'This link has expired. Please ask the school for a new link.',
  invalid: 'This link is no longer valid. Please ask the school for a new link.',
} as const;
export type OptInRefusal = keyof typeof OPT_IN_REPLIES;

/**
 * Whose Messenger a link connects: the guardian's (links the school makes and prints) or the learner's own
 * (links the learner makes in the portal). A learner's link never fills or replaces the guardian's slot.
 */
export const MESSENGER_SLOTS = ['GUARDIAN', 'LEARNER'] as const;
export type MessengerSlot = (typeof MESSENGER_SLOTS)[number];

/** What the page answers when a learner's own link connects (the learner slot gets no attendance notices). */
export const LEARNER_CONNECTED_REPLY =
  "This Messenger account is now connected as the learner's own. Attendance messages go to your guardian; to connect a guardian, ask the school for their link.";

const pageRef = z.object({ pageId: z.string(), pageName: z.string().nullable() });

/** The student detail's Messenger section: the school's page, the guardian's binding, the live link. */
export const messengerOptInSchema = z.object({
  /** The active page of the student's school (null: no page, no link can be made). */
  page: pageRef.nullable(),
  /** The parent's binding (bound since, through which page); boundAt is null for bindings made before #18. */
  binding: z.object({ boundAt: z.string().nullable(), page: pageRef.nullable() }).nullable(),
  /** The link waiting to be opened (its ref is never shown again after creation: only a hash is stored). */
  pendingLink: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
  /** How long a new link stays valid (MESSENGER_OPTIN_TTL_DAYS). */
  ttlDays: z.number(),
});
export type MessengerOptIn = z.infer<typeof messengerOptInSchema>;

/** POST …/messenger-opt-in/links: the new link and its QR code, shown this once. */
export const newOptInLinkSchema = messengerOptInSchema.extend({
  /** https://m.me/{pageId}?ref={ref} */
  link: z.string(),
  /** The QR code of the link, as an SVG document (print it for the parent). */
  qrSvg: z.string(),
});
export type NewOptInLink = z.infer<typeof newOptInLinkSchema>;
