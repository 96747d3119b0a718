import { z } from 'zod';
import {
  booleanField,
  clearableText,
  isEmail,
  isWholeNumber,
  optionalNumber,
  safeString,
  UNSAFE_TEXT_ERROR,
  isSafeText,
} from './validation';

/** Acronym max 10. */
export const ACRONYM_MAX = 10;

/** School create/edit messages, shared by the form and the API. */
export const SCHOOL_MESSAGES = {
  name: 'School name is required',
  acronym: 'Acronym is required',
  acronymMax: 'Acronym must be 10 characters or less',
  email: 'Please enter a valid email address',
  website: 'Please enter a valid website URL',
  studentCount: 'Student count must be a number',
  contractAmount: 'Contract amount must be a number',
  expiry: 'Expiry date must be after contract date',
  date: 'Please enter a valid date (YYYY-MM-DD)',
  duplicateAcronym: 'A school with this acronym already exists',
  allowGlobalOverflow: 'Global overflow must be true or false',
  depedSchoolId: 'DepEd School ID must be 6 digits',
} as const;

export const SCHOOL_HEAD_MAX = 100;
/** The school head's name as DepEd's forms print it: absent = unchanged, '' or null = cleared. */
export const schoolHeadNameField = z
  .string({ error: "School head's name must be text" })
  .trim()
  .max(SCHOOL_HEAD_MAX, `School head's name must be ${SCHOOL_HEAD_MAX} characters or less`)
  .refine(isSafeText, UNSAFE_TEXT_ERROR)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/** host.tld with an optional http(s) scheme, port and path ("school.edu.ph", "https://x.org/about"). */
export const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (v: string) =>
  DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const dateField = clearableText(10).refine((v) => v == null || isRealDate(v), SCHOOL_MESSAGES.date);

const nameField = safeString({ error: SCHOOL_MESSAGES.name })
  .trim()
  .min(1, SCHOOL_MESSAGES.name)
  .max(200, 'School name must be 200 characters or less');

const acronymField = safeString({ error: SCHOOL_MESSAGES.acronym })
  .trim()
  .min(1, SCHOOL_MESSAGES.acronym)
  .max(ACRONYM_MAX, SCHOOL_MESSAGES.acronymMax);

/** Every field of a school that the create and edit forms send. */
const schoolFields = z.object({
  name: nameField,
  acronym: acronymField,
  address: clearableText(300),
  contactNumber: clearableText(50),
  email: clearableText(254).refine((v) => v == null || isEmail(v), SCHOOL_MESSAGES.email),
  website: clearableText(300).refine((v) => v == null || WEBSITE_PATTERN.test(v), SCHOOL_MESSAGES.website),
  studentCount: optionalNumber(SCHOOL_MESSAGES.studentCount, {
    test: (n) => isWholeNumber(n),
    message: 'Student count must be a whole number of 0 or more',
  }),
  /** Printed on DepEd School Form 2 (optional; the spec's payloads do not name it). */
  depedSchoolId: clearableText(20).refine((v) => v == null || /^\d{6}$/.test(v), SCHOOL_MESSAGES.depedSchoolId),
  /** The school head (DepEd forms); the school's staff set it too (school settings). */
  schoolHeadName: schoolHeadNameField,
  contractNumber: clearableText(100),
  contractDate: dateField,
  contractExpiryDate: dateField,
  contractStatus: clearableText(50),
  contractType: clearableText(50),
  contractAmount: optionalNumber(SCHOOL_MESSAGES.contractAmount, {
    test: (n) => n >= 0,
    message: 'Contract amount cannot be negative',
  }),
});

/** The expiry date may not be before the contract date (dates are 'YYYY-MM-DD', so text order works). */
export function expiryBeforeContract(contractDate: string | null | undefined, expiry: string | null | undefined): boolean {
  return Boolean(contractDate && expiry && expiry < contractDate);
}

const expiryRule = (v: { contractDate?: string | null; contractExpiryDate?: string | null }, ctx: z.RefinementCtx) => {
  if (expiryBeforeContract(v.contractDate, v.contractExpiryDate)) {
    ctx.addIssue({ code: 'custom', path: ['contractExpiryDate'], message: SCHOOL_MESSAGES.expiry });
  }
};

/** POST /api/super-admin/schools (the `data` part). Empty optional fields come out as null/undefined. */
export const schoolCreateSchema = schoolFields.superRefine(expiryRule);
export type SchoolCreateInput = z.output<typeof schoolCreateSchema>;

/**
 * PATCH /api/super-admin/schools/{id}: any subset; null clears an optional field; isActive included, and
 * allowGlobalOverflow (global SMS devices take the school's messages when its own phones have no room).
 */
export const schoolUpdateSchema = schoolFields
  .partial()
  .extend({
    isActive: booleanField('Active must be true or false').optional(),
    allowGlobalOverflow: booleanField(SCHOOL_MESSAGES.allowGlobalOverflow).optional(),
  })
  .superRefine(expiryRule);
export type SchoolUpdateInput = z.output<typeof schoolUpdateSchema>;

/**
 * What a school admin may change of their own school (MANAGE_SCHOOL_PROFILE), with the logo: the name
 * and how to reach the school. The acronym (in every list and message), the DepEd ID and student count, the
 * contract fields and the active flag stay the super admin's: naming one of them is a 400.
 */
export const SCHOOL_PROFILE_FIELDS = ['name', 'address', 'contactNumber', 'email', 'website'] as const;
export const SCHOOL_PROFILE_ONLY = 'Only the super admin can change this';
export const schoolProfileSchema = schoolFields
  .pick({ name: true, address: true, contactNumber: true, email: true, website: true })
  .partial()
  .loose()
  .superRefine((v, ctx) => {
    for (const key of Object.keys(v))
      if (!(SCHOOL_PROFILE_FIELDS as readonly string[]).includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: SCHOOL_PROFILE_ONLY });
  });
export type SchoolProfileInput = z.output<typeof schoolProfileSchema>;

/** School, as the API returns it (counts computed by the server from real rows). */
export const schoolSchema = z.object({
  id: z.number(),
  name: z.string(),
  acronym: z.string(),
  address: z.string().nullable(),
  contactNumber: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  depedSchoolId: z.string().nullable(),
  schoolHeadName: z.string().nullable(),
  isActive: z.boolean(),
  /** Global SMS devices take this school's messages when its own ACTIVE phones have no room (super admin's choice). */
  allowGlobalOverflow: z.boolean(),
  studentCount: z.number().nullable(),
  currentStudentCount: z.number(),
  currentAdminCount: z.number(),
  /** Percent of studentCount in use, rounded; 0 without a capacity. */
  studentCapacityUsed: z.number(),
  contractNumber: z.string().nullable(),
  contractDate: z.string().nullable(),
  contractExpiryDate: z.string().nullable(),
  contractStatus: z.string().nullable(),
  contractType: z.string().nullable(),
  contractAmount: z.number().nullable(),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** The editable fields as the console sends them: absent = not given / unchanged, null = cleared (edit only). */
export type SchoolPayload = z.input<typeof schoolUpdateSchema>;

/** GET /api/super-admin/schools?search= (name or acronym contains). */
export const schoolListQuerySchema = z.object({ search: z.string().optional() });

/** Contract file (id, fileUrl, createdAt) plus its original name, type and size. */
export const contractFileSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  fileUrl: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type ContractFile = z.infer<typeof contractFileSchema>;

/** A website as a link target: a scheme is optional when typed, so add https:// when it is missing. */
export const websiteHref = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);

/** The 404 of every route that names a school that does not exist (the console shows it as it is). */
export const SCHOOL_NOT_FOUND = 'School not found';
