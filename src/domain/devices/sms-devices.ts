import { z } from 'zod';
import { isWholeNumber, MAX_ID, PHONE_PATTERN, requiredText, safeString } from '../validation';

/** SMS devices. */

export const SMS_DEVICE_STATUSES = ['ACTIVE', 'INACTIVE', 'MAINTENANCE'] as const;
export type SmsDeviceStatus = (typeof SMS_DEVICE_STATUSES)[number];
export const SMS_DEVICE_STATUS_LABELS: Record<SmsDeviceStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  MAINTENANCE: 'Maintenance',
};

/** SMS device messages (and the device test's texts), shared by the dialog and the API. */
export const SMS_DEVICE_MESSAGES = {
  name: 'Name is required',
  deviceName: 'Device name is required',
  phoneNumber: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  apiKey: 'API key is required',
  status: 'Status must be Active, Inactive or Maintenance',
  dailyLimit: 'Daily limit must be a whole number of 0 or more',
  sendRate: 'Send rate must be a whole number from 1 to 60 messages a minute',
  sendRateHint:
    "Set the same value as the phone's 'messages per minute' in the httpSMS app (10 by default; Android asks for permission above about 30)",
  school: 'Please choose a school or Global (All Schools)',
  notFound: 'SMS device not found',
  testPhone: 'Please enter a phone number to send the test to',
  testSent: 'Test message sent successfully!',
  testFailed: 'Failed to send test message. Please check the device configuration.',
  testError: 'An error occurred while testing the device.',
  deleteConfirm: 'Are you sure you want to delete this device?',
} as const;

/**
 * Messages a minute the outbox hands one phone: httpSMS's own per-phone setting, whose default is 10 (Android asks a
 * person to allow more than about 30 a minute; httpSMS accepts at most 60).
 */
export const SEND_RATE = { default: 10, min: 1, max: 60 } as const;

/** A device as the API returns it: apiKey is masked (last 4 characters) everywhere but an audited reveal. */
export const smsDeviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  deviceName: z.string(),
  phoneNumber: z.string(),
  apiKey: z.string(),
  description: z.string().nullable(),
  schoolId: z.number().nullable(),
  school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
  status: z.enum(SMS_DEVICE_STATUSES),
  dailyLimit: z.number().nullable(),
  /** Messages a minute the outbox hands this phone, never more over any minute. */
  sendRatePerMinute: z.number(),
  isDefault: z.boolean(),
  lastActive: z.string().nullable(),
  /** Messages the gateway accepted today (the school's day): what counts against the daily limit. */
  sentToday: z.number(),
  /** Attempts the gateway did not accept today (refused, unreachable), shown apart. */
  failedToday: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmsDevice = z.infer<typeof smsDeviceSchema>;

/** POST /sms-devices/{id}/api-key (with the caller's password): the audited reveal. */
export const smsDeviceKeySchema = z.object({ apiKey: z.string() });

const required = (message: string, max = 100) => requiredText(message, max);

const phone = (requiredMessage: string) =>
  required(requiredMessage, 30).refine((v) => PHONE_PATTERN.test(v), SMS_DEVICE_MESSAGES.phoneInvalid);

/** '' / null / absent → null = Global (All Schools); else a school id. */
const schoolField = z
  .union([z.number(), z.string(), z.null()], { error: SMS_DEVICE_MESSAGES.school })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '' || v === 'global') return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: SMS_DEVICE_MESSAGES.school });
      return z.NEVER;
    }
    return n;
  });

/** Optional whole number ≥ 0; empty or zero means "no limit" (stored as null). */
const dailyLimitField = z
  .union([z.number(), z.string(), z.null()], { error: SMS_DEVICE_MESSAGES.dailyLimit })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!isWholeNumber(n, 0)) {
      ctx.addIssue({ code: 'custom', message: SMS_DEVICE_MESSAGES.dailyLimit });
      return z.NEVER;
    }
    return n === 0 ? null : n;
  });

/** A whole number of messages a minute, 1–60, as a number or numeric text (the form's input). */
const sendRateField = z.union([z.number(), z.string()], { error: SMS_DEVICE_MESSAGES.sendRate }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < SEND_RATE.min || n > SEND_RATE.max) {
    ctx.addIssue({ code: 'custom', message: SMS_DEVICE_MESSAGES.sendRate });
    return z.NEVER;
  }
  return n;
});

const descriptionField = z
  .union([safeString(), z.null()], { error: 'Description must be text' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v?.trim() || null))
  .refine((v) => !v || v.length <= 500, 'Description must be 500 characters or less');

const statusField = z.enum(SMS_DEVICE_STATUSES, { error: SMS_DEVICE_MESSAGES.status });
const flag = z.boolean({ error: 'Default must be true or false' });

/** POST /api/super-admin/sms-devices. */
export const smsDeviceCreateSchema = z.object({
  name: required(SMS_DEVICE_MESSAGES.name),
  deviceName: required(SMS_DEVICE_MESSAGES.deviceName),
  phoneNumber: phone(SMS_DEVICE_MESSAGES.phoneNumber),
  apiKey: required(SMS_DEVICE_MESSAGES.apiKey, 500),
  description: descriptionField,
  schoolId: schoolField.transform((v) => v ?? null),
  status: statusField.optional().transform((v) => v ?? 'ACTIVE'),
  dailyLimit: dailyLimitField.transform((v) => v ?? null),
  sendRatePerMinute: sendRateField.optional().transform((v) => v ?? SEND_RATE.default),
  isDefault: flag.optional().transform((v) => v ?? false),
});
export type SmsDeviceCreateInput = z.output<typeof smsDeviceCreateSchema>;

/** PUT /api/super-admin/sms-devices/{id}: every field optional; an absent or blank apiKey keeps the stored key. */
export const smsDeviceUpdateSchema = z.object({
  name: required(SMS_DEVICE_MESSAGES.name).optional(),
  deviceName: required(SMS_DEVICE_MESSAGES.deviceName).optional(),
  phoneNumber: phone(SMS_DEVICE_MESSAGES.phoneNumber).optional(),
  apiKey: safeString({ error: SMS_DEVICE_MESSAGES.apiKey })
    .trim()
    .max(500, 'Must be 500 characters or less')
    .optional()
    .transform((v) => v || undefined),
  description: descriptionField,
  schoolId: schoolField,
  status: statusField.optional(),
  dailyLimit: dailyLimitField,
  sendRatePerMinute: sendRateField.optional(),
  isDefault: flag.optional(),
});
export type SmsDeviceUpdateInput = z.output<typeof smsDeviceUpdateSchema>;

/** GET /api/super-admin/sms-devices?schoolId= (optional; 'global' lists the devices of no school). */
export const smsDeviceListQuerySchema = z.object({
  schoolId: z
    .string({ error: 'School must be a school id or global' })
    .trim()
    .regex(/^(\d{1,10}|global|)$/, 'School must be a school id or global')
    .optional()
    .transform((v) => (!v ? undefined : v === 'global' ? ('global' as const) : Number(v))),
});

/** POST /api/super-admin/sms-devices/{id}/test. */
export const smsDeviceTestSchema = z.object({
  testPhoneNumber: z
    .string({ error: SMS_DEVICE_MESSAGES.testPhone })
    .trim()
    .min(1, SMS_DEVICE_MESSAGES.testPhone)
    .max(30, SMS_DEVICE_MESSAGES.phoneInvalid)
    .refine((v) => PHONE_PATTERN.test(v), SMS_DEVICE_MESSAGES.phoneInvalid),
});

/** The dialog's values (text inputs), turned into the create/update payload by the schemas above. */
export interface SmsDeviceForm {
  name: string;
  deviceName: string;
  phoneNumber: string;
  apiKey: string;
  description: string;
  schoolId: string;
  status: SmsDeviceStatus;
  dailyLimit: string;
  sendRatePerMinute: string;
  isDefault: boolean;
}

export const emptySmsDeviceForm = (): SmsDeviceForm => ({
  name: '',
  deviceName: '',
  phoneNumber: '',
  apiKey: '',
  description: '',
  schoolId: '',
  status: 'ACTIVE',
  dailyLimit: '',
  sendRatePerMinute: String(SEND_RATE.default),
  isDefault: false,
});

/** An existing device in the dialog: the key stays empty (blank keeps it; Reveal fetches it). */
export const smsDeviceToForm = (d: SmsDevice): SmsDeviceForm => ({
  name: d.name,
  deviceName: d.deviceName,
  phoneNumber: d.phoneNumber,
  apiKey: '',
  description: d.description ?? '',
  schoolId: d.schoolId ? String(d.schoolId) : '',
  status: d.status,
  dailyLimit: d.dailyLimit ? String(d.dailyLimit) : '',
  sendRatePerMinute: String(d.sendRatePerMinute),
  isDefault: d.isDefault,
});

/** The brand-coloured icon of a physical device name (Samsung, Xiaomi, …), by the first brand word found. */
export const DEVICE_BRANDS: Array<[brand: string, colour: string]> = [
  ['samsung', '#1428a0'],
  ['xiaomi', '#ff6900'],
  ['redmi', '#ff6900'],
  ['oppo', '#1ba784'],
  ['vivo', '#415fff'],
  ['realme', '#d4a017'],
  ['huawei', '#cf0a2c'],
  ['nokia', '#124191'],
  ['google', '#4285f4'],
  ['pixel', '#4285f4'],
  ['motorola', '#5c92fa'],
  ['infinix', '#2e7d32'],
  ['tecno', '#0b5cab'],
];

export function deviceBrandColour(deviceName: string): string {
  const lower = deviceName.toLowerCase();
  return DEVICE_BRANDS.find(([brand]) => lower.includes(brand))?.[1] ?? '#4b5563';
}

export const deviceCountLabel = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;
