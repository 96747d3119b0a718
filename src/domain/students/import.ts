import { z } from 'zod';
import { csvLine } from '@shared/csv';
import { clearableText, idField } from '../validation';
import { personFields } from '.';
import { REGISTER_FIELDS } from './register';

/*
 * CSV import of students for one school (beyond the spec). The browser uploads the file twice:
 * POST students/import/preview answers every row's verdict without writing anything; POST
 * students/import/commit checks the same file again (the database may have changed) and writes the valid
 * rows in one transaction, streaming its progress as NDJSON `ImportEvent` lines, the summary last.
 */

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/**
 * The template's columns, in order. `required` columns must be present in the header line. Password is read for
 * files made from the older template and ignored: every learner's first password is generated.
 */
export const IMPORT_COLUMNS = [
  { key: 'firstName', header: 'First Name', required: true },
  { key: 'lastName', header: 'Last Name', required: true },
  { key: 'email', header: 'Email', required: false },
  { key: 'lrn', header: 'LRN', required: true },
  { key: 'password', header: 'Password', required: false },
  { key: 'grade', header: 'Grade', required: false },
  { key: 'section', header: 'Section', required: false },
  { key: 'dateOfBirth', header: 'Date of Birth', required: false },
  { key: 'gender', header: 'Gender', required: false },
  { key: 'address', header: 'Address', required: false },
  { key: 'rfidCardId', header: 'RFID Card ID', required: false },
  { key: 'phoneNumber', header: 'Phone Number', required: false },
  { key: 'parentFirstName', header: 'Parent First Name', required: false },
  { key: 'parentLastName', header: 'Parent Last Name', required: false },
  { key: 'parentEmail', header: 'Parent Email', required: false },
  { key: 'parentFacebookMessengerName', header: 'Parent Facebook Messenger Name', required: false },
  { key: 'parentPhone', header: 'Parent Phone', required: true },
  { key: 'parentAddress', header: 'Parent Address', required: false },
  { key: 'emergencyContact', header: 'Emergency Contact', required: false },
  { key: 'notificationPreference', header: 'Notification Preference', required: false },
  { key: 'middleName', header: 'Middle Name', required: false },
  { key: 'enrolmentDate', header: 'Enrolment Date', required: false },
  // SF1's own fields (School Register), optional.
  ...REGISTER_FIELDS.map((f) => ({ key: f.key, header: f.label, required: false as const })),
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** 'First Name', 'firstName', 'first_name' and 'FIRST NAME' all name the same column. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_HEADER = new Map<string, ImportColumnKey>(
  IMPORT_COLUMNS.flatMap((c) => [
    [headerKey(c.header), c.key],
    [headerKey(c.key), c.key],
  ]),
);

export const IMPORT_MESSAGES = {
  noFile: 'Please choose a CSV file to import',
  notCsv: 'Please choose a CSV file (.csv, UTF-8 text)',
  tooLarge: 'The CSV file must be 5 MB or smaller',
  empty: 'The CSV file has no student rows',
  tooManyRows: `The CSV file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller files`,
  school: 'Please select a school for the import',
  missingColumns: (names: string[]) => `Missing required column(s): ${names.join(', ')}`,
  unknownColumns: (names: string[]) => `Unknown column(s): ${names.join(', ')}. Download the template for the expected columns`,
  duplicateColumns: (names: string[]) => `Column(s) given twice: ${names.join(', ')}`,
  unreadable: (reason: string) => `The CSV file could not be read: ${reason}`,
  gradeNotFound: (name: string) => `Grade "${name}" not found in this school`,
  passwordIgnored:
    'The Password column is ignored: every learner gets a generated password, shown after the import and printable on slips.',
  sectionNotFound: (name: string) => `Section "${name}" not found in this grade`,
  sectionNeedsGrade: 'A section needs a grade',
  duplicateInFile: (label: string, line: number) => `Duplicate ${label} in this file (same as line ${line})`,
} as const;

/**
 * Maps a header line to column keys: `{ columns }` (null for none), or the message for missing,
 * unknown or repeated columns.
 */
export function matchImportHeaders(headers: string[]): { ok: true; columns: ImportColumnKey[] } | { ok: false; message: string } {
  const cleaned = headers.map((h) => h.replace(/^\ufeff/, '').trim());
  const unknown = cleaned.filter((h) => h !== '' && !COLUMN_BY_HEADER.has(headerKey(h)));
  if (unknown.length) return { ok: false, message: IMPORT_MESSAGES.unknownColumns(unknown) };
  const columns = cleaned.map((h) => COLUMN_BY_HEADER.get(headerKey(h))) as ImportColumnKey[];
  const repeated = IMPORT_COLUMNS.filter((c) => columns.filter((k) => k === c.key).length > 1).map((c) => c.header);
  if (repeated.length) return { ok: false, message: IMPORT_MESSAGES.duplicateColumns(repeated) };
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !columns.includes(c.key)).map((c) => c.header);
  if (missing.length) return { ok: false, message: IMPORT_MESSAGES.missingColumns(missing) };
  return { ok: true, columns };
}

/** The template file: the header line and one example row. */
export function importTemplateCsv(): string {
  const example: Record<ImportColumnKey, string> = {
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    email: '',
    lrn: '123456789012',
    password: '',
    grade: '7',
    section: 'Rizal',
    dateOfBirth: '06/15/2012',
    gender: 'M',
    address: '123 Mabini St, Quezon City',
    rfidCardId: '04A1B2C3',
    phoneNumber: '',
    parentFirstName: 'Maria',
    parentLastName: 'Dela Cruz',
    parentEmail: 'maria.delacruz@example.com',
    parentFacebookMessengerName: '',
    parentPhone: '0917 123 4567',
    parentAddress: '',
    emergencyContact: '',
    notificationPreference: 'SMS',
    middleName: 'Santos',
    enrolmentDate: '',
    motherTongue: 'Tagalog',
    ethnicGroup: '',
    religion: 'Roman Catholic',
    barangay: 'San Roque',
    municipality: 'Quezon City',
    province: 'Metro Manila',
    fatherName: 'Jose Dela Cruz',
    motherMaidenName: 'Maria Santos Reyes',
    guardianRelationship: 'Mother',
  };
  const columns = IMPORT_COLUMNS.filter((c) => c.key !== 'password');
  return `\ufeff${csvLine(columns.map((c) => c.header))}${csvLine(columns.map((c) => example[c.key]))}`;
}

/**
 * One CSV row, once its cells are read (readImportCells): the Register Student rules, with the grade and section
 * named instead of chosen and no password (the commit generates each learner's first one).
 */
export const importRowSchema = z.object({
  ...personFields,
  grade: clearableText(100),
  section: clearableText(100),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const IMPORT_ROW_STATUSES = ['valid', 'invalid', 'duplicate'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** A row's verdict in the preview. `line` is the line number in the file (the header is line 1). */
export const importRowResultSchema = z.object({
  line: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** field → message, every field's problem at once ('_' for the row as a whole) */
  errors: z.record(z.string(), z.string()),
  /** field → how a cell was read when it could mean something else (an ambiguous date, a grade named loosely) */
  notes: z.record(z.string(), z.string()),
  firstName: z.string(),
  lastName: z.string(),
  lrn: z.string(),
  email: z.string(),
  grade: z.string(),
  section: z.string(),
  /** as read (YYYY-MM-DD) when it could be; else the cell */
  dateOfBirth: z.string(),
  /** how many of SF1's own fields (School Register) the row fills, of REGISTER_FIELDS.length */
  registerFields: z.number(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importPreviewSchema = z.object({
  schoolId: z.number(),
  fileName: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  /** how cells are read (dates) and what is ignored, shown above the rows */
  rules: z.array(z.string()),
  rows: z.array(importRowResultSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_OUTCOMES = ['created', 'skipped', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importSummaryRowSchema = z.object({
  line: z.number(),
  status: z.enum(IMPORT_OUTCOMES),
  /** why it was skipped or failed; '' when created */
  reason: z.string(),
  studentId: z.number().nullable(),
  name: z.string(),
  lrn: z.string(),
  email: z.string(),
  /** the learner's generated first password (created rows only), shown once here; null otherwise */
  password: z.string().nullable(),
});
export type ImportSummaryRow = z.infer<typeof importSummaryRowSchema>;

/** created; skipped = duplicates (in the file or already registered); failed = rows with invalid fields. */
export const importSummarySchema = z.object({
  schoolId: z.number(),
  /** for the printed password slips */
  schoolName: z.string(),
  fileName: z.string(),
  total: z.number(),
  created: z.number(),
  skipped: z.number(),
  failed: z.number(),
  rows: z.array(importSummaryRowSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** One NDJSON line of POST students/import/commit: progress while it works, then the summary (or an error). */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['checking', 'hashing', 'saving']),
    done: z.number(),
    total: z.number(),
  }),
  z.object({ type: z.literal('summary'), summary: importSummarySchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ImportEvent = z.infer<typeof importEventSchema>;

/** The multipart fields of preview and commit besides the `file`. */
export const importUploadSchema = z.object({ schoolId: idField(IMPORT_MESSAGES.school) });

/** 0..100 over the whole commit: checking 0–10, hashing 10–80, saving 80–100. */
export function importPercent(event: Extract<ImportEvent, { type: 'progress' }>): number {
  const share = event.total > 0 ? event.done / event.total : 1;
  const [from, span] = event.phase === 'checking' ? [0, 10] : event.phase === 'hashing' ? [10, 70] : [80, 20];
  return Math.round(from + span * Math.min(1, share));
}

/** The first message of a row (shown in summaries and tables). */
export const firstRowError = (errors: Record<string, string>) => Object.values(errors)[0] ?? '';

/** The summary as a CSV file (formula-guarded like every export). */
export function importSummaryCsv(summary: ImportSummary): string {
  const head = csvLine(['Line', 'Status', 'Name', 'LRN', 'Email', 'Student ID', 'Generated Password', 'Reason']);
  const body = summary.rows
    .map((r) => csvLine([r.line, r.status, r.name, r.lrn, r.email, r.studentId, r.password, r.reason]))
    .join('');
  return `\ufeff${head}${body}`;
}
