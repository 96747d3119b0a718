import { z } from 'zod';
import { idField, requiredText, safeString } from '../validation';

/** Facebook pages. */

export const FACEBOOK_PAGE_MESSAGES = {
  pageId: 'Page ID is required',
  pageName: 'Page name is required',
  accessToken: 'Access token is required',
  schoolId: 'School is required',
  notFound: 'Facebook page not found',
  duplicate: 'A Facebook page with this Page ID already exists',
  recipientId: 'Recipient ID is required',
  message: 'Message is required',
  messageTooLong: 'Message must be 2000 characters or less',
  testOk: 'Facebook page connection test successful!',
  testFailed: 'Failed to test Facebook page connection. Please check the configuration.',
  testError: 'An error occurred while testing the Facebook page.',
  sendOk: 'Test message sent successfully!',
  sendFailed: 'Failed to send test message. Please check the configuration.',
  sendError: 'An error occurred while sending the test message.',
  deleteConfirm: 'Are you sure you want to delete this Facebook page?',
  needsReauth: 'This page needs reconnection: generate a new page access token and save it.',
} as const;

/** Messenger's limit on one text message. */
export const MESSENGER_TEXT_MAX = 2000;

export const facebookPageSchema = z.object({
  id: z.number(),
  pageId: z.string(),
  pageName: z.string(),
  /** Masked (last 4 characters) everywhere but an audited reveal. */
  accessToken: z.string(),
  schoolId: z.number().nullable(),
  school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
  isActive: z.boolean(),
  /** The Graph API refused the token (error 190): the page needs a new token. */
  needsReauth: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FacebookPage = z.infer<typeof facebookPageSchema>;

/** POST /facebook-pages/{id}/access-token (with the caller's password): the audited reveal. */
export const facebookPageTokenSchema = z.object({ accessToken: z.string() });

const required = (message: string, max = 200) => requiredText(message, max);

/** Facebook page ids are numeric. */
const pageIdField = required(FACEBOOK_PAGE_MESSAGES.pageId, 40).refine(
  (v) => /^\d{1,30}$/.test(v),
  'Page ID must be the numeric Facebook page id',
);
const activeField = z.boolean({ error: 'Active must be true or false' });

/** POST /api/super-admin/facebook-pages. */
export const facebookPageCreateSchema = z.object({
  pageId: pageIdField,
  pageName: required(FACEBOOK_PAGE_MESSAGES.pageName),
  accessToken: required(FACEBOOK_PAGE_MESSAGES.accessToken, 1000),
  schoolId: idField(FACEBOOK_PAGE_MESSAGES.schoolId),
  isActive: activeField.optional().transform((v) => v ?? true),
});
export type FacebookPageCreateInput = z.output<typeof facebookPageCreateSchema>;

/** PATCH /api/super-admin/facebook-pages/{id}: an absent or blank accessToken keeps the stored token. */
export const facebookPageUpdateSchema = z.object({
  pageId: pageIdField.optional(),
  pageName: required(FACEBOOK_PAGE_MESSAGES.pageName).optional(),
  accessToken: z
    .string({ error: FACEBOOK_PAGE_MESSAGES.accessToken })
    .trim()
    .max(1000, 'Must be 1000 characters or less')
    .optional()
    .transform((v) => v || undefined),
  schoolId: idField(FACEBOOK_PAGE_MESSAGES.schoolId).optional(),
  isActive: activeField.optional(),
});
export type FacebookPageUpdateInput = z.output<typeof facebookPageUpdateSchema>;

/** POST /api/super-admin/facebook-pages/send-message: pageId is the page record's id (or its Facebook page id). */
export const facebookSendMessageSchema = z.object({
  recipientId: required(FACEBOOK_PAGE_MESSAGES.recipientId, 100),
  message: safeString({ error: FACEBOOK_PAGE_MESSAGES.message })
    .trim()
    .min(1, FACEBOOK_PAGE_MESSAGES.message)
    .max(MESSENGER_TEXT_MAX, FACEBOOK_PAGE_MESSAGES.messageTooLong),
  pageId: z.union([z.number(), z.string()], { error: 'Page is required' }).transform((v) => String(v).trim()),
});
export type FacebookSendMessageInput = z.output<typeof facebookSendMessageSchema>;

export interface FacebookPageForm {
  pageId: string;
  pageName: string;
  accessToken: string;
  schoolId: string;
  isActive: boolean;
}

export const emptyFacebookPageForm = (): FacebookPageForm => ({
  pageId: '',
  pageName: '',
  accessToken: '',
  schoolId: '',
  isActive: true,
});

export const facebookPageToForm = (p: FacebookPage): FacebookPageForm => ({
  pageId: p.pageId,
  pageName: p.pageName,
  accessToken: '',
  schoolId: p.schoolId ? String(p.schoolId) : '',
  isActive: p.isActive,
});

/** Search by page name, page id or school name (case-insensitive), then the school filter. */
export function filterFacebookPages(pages: FacebookPage[], search: string, schoolId: string): FacebookPage[] {
  const term = search.trim().toLowerCase();
  return pages.filter(
    (p) =>
      (!schoolId || String(p.schoolId) === schoolId) &&
      (!term || [p.pageName, p.pageId, p.school?.name ?? ''].some((v) => v.toLowerCase().includes(term))),
  );
}

export const pageCountLabel = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
