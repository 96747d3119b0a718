import { isCalendarDate } from '../list-filters';
import { GENDERS, NOTIFICATION_PREFERENCES, type Gender, type NotificationPreference } from './constants';

/*
 * The CSV import reads what a registrar types: each reader turns a cell into the value the Register Student rules
 * take, or says why it cannot. A cell a reader does not recognise is passed on unchanged, so the rule's own message
 * names the problem.
 */

/** How the preview explains dates (shown above the rows). */
export const IMPORT_DATE_RULE =
  'Dates may be written MM/DD/YYYY (as the Philippines writes them) or YYYY-MM-DD. When both numbers could be the ' +
  'month, the first one is the month: 03/04/2012 is March 4, 2012. A first number over 12 can only be the day: ' +
  '25/03/2012 is March 25, 2012.';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 'March 4, 2012' (the preview's wording of a date read from an ambiguous cell). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = MONTHS[m - 1]!;
  return `${month[0]!.toUpperCase()}${month.slice(1)} ${d}, ${y}`;
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export type DateReading =
  { ok: true; value: string; /** both numbers could be the month: read month first */ ambiguous: boolean } | { ok: false };

/**
 * A date cell: YYYY-MM-DD (or YYYY/MM/DD), MM/DD/YYYY with '/', '-' or '.', day first when the first number is over
 * 12, and a month's name ('June 15, 2012', '15 Jun 2012'). Two-digit years are refused (2012 or 1912?).
 */
export function readDate(raw: string): DateReading {
  const text = raw.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return checked(Number(m[1]), Number(m[2]), Number(m[3]), false);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (a > 12 && b <= 12) return checked(y, b, a, false);
    return checked(y, a, b, a <= 12 && b <= 12 && a !== b);
  }
  m = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  if (m) return named(m[1]!, Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(text);
  if (m) return named(m[2]!, Number(m[1]), Number(m[3]));
  return { ok: false };
}

function named(month: string, d: number, y: number): DateReading {
  const word = month.toLowerCase();
  const index = word.length >= 3 ? MONTHS.findIndex((name) => name.startsWith(word)) : -1;
  return index < 0 ? { ok: false } : checked(y, index + 1, d, false);
}

function checked(y: number, m: number, d: number, ambiguous: boolean): DateReading {
  const value = iso(y, m, d);
  return isCalendarDate(value) ? { ok: true, value, ambiguous } : { ok: false };
}

const GENDER_WORDS: Record<string, Gender> = {
  m: 'MALE',
  male: 'MALE',
  boy: 'MALE',
  lalaki: 'MALE',
  f: 'FEMALE',
  female: 'FEMALE',
  girl: 'FEMALE',
  babae: 'FEMALE',
  o: 'OTHER',
  other: 'OTHER',
};

/** Male/M/Female/F (any case; also Boy/Girl, Lalaki/Babae, Other); anything else passes on unchanged. */
export const readGender = (raw: string): string => GENDER_WORDS[raw.trim().toLowerCase()] ?? raw;

const PREFERENCE_WORDS: Record<string, NotificationPreference> = {};
for (const [pref, words] of [
  ['SMS_ONLY', ['sms', 'smsonly', 'text', 'textonly', 'texts', 'textmessage', 'phone', 'cellphone']],
  [
    'FACEBOOK_MESSENGER_ONLY',
    ['messenger', 'messengeronly', 'facebook', 'facebookonly', 'fb', 'fbmessenger', 'facebookmessenger', 'facebookmessengeronly'],
  ],
  [
    'BOTH',
    [
      'both',
      'all',
      'smsandmessenger',
      'smsmessenger',
      'textandmessenger',
      'smsandfacebookmessenger',
      'smsandfacebook',
      'smsandfb',
      'messengerandsms',
    ],
  ],
] as const)
  for (const w of words) PREFERENCE_WORDS[w] = pref;

/** 'SMS', 'Text', 'Messenger', 'FB', 'Both', 'SMS and Messenger', the labels and the codes; else unchanged. */
export const readPreference = (raw: string): string =>
  PREFERENCE_WORDS[
    raw
      .toLowerCase()
      .replace(/&|\+/g, 'and')
      .replace(/[^a-z]/g, '')
  ] ?? raw;

/** The grade a cell names: 'Grade 7', 'grade7', 'G7', 'Gr. 7' and '7' are the same grade. */
const gradeKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(grade|gr\.?|g)\s*(?=\d)/, '');

export type GradeMatch = { id: number; name: string; exact: boolean } | null;

/** The school's grade a cell names: its exact name first, else the one grade whose name says the same number or word. */
export function matchGrade(raw: string, grades: ReadonlyArray<{ id: number; name: string }>): GradeMatch {
  const exact = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const byName = grades.find((g) => g.name.trim().toLowerCase().replace(/\s+/g, ' ') === exact);
  if (byName) return { id: byName.id, name: byName.name, exact: true };
  const key = gradeKey(raw);
  const loose = grades.filter((g) => gradeKey(g.name) === key);
  return loose.length === 1 ? { id: loose[0]!.id, name: loose[0]!.name, exact: false } : null;
}

const DATE_FIELDS = [
  { key: 'dateOfBirth', label: 'Date of birth' },
  { key: 'enrolmentDate', label: 'Enrolment date' },
] as const;

/** What the import says of a cell no reader understands. */
export const IMPORT_VALUE_ERRORS = {
  date: (label: string, raw: string) => `${label} "${raw}" is not a date: write it MM/DD/YYYY or YYYY-MM-DD`,
  gender: (raw: string) => `Gender "${raw}" is not Male (M), Female (F) or Other`,
  preference: (raw: string) => `Notification preference "${raw}" is not SMS, Messenger or Both`,
} as const;

/**
 * A row's cells as the Register Student rules take them: dates as YYYY-MM-DD, sex and notification preference as
 * their codes. `errors`: dates no reader understands; `notes`: how an ambiguous date was read (for the preview).
 */
export function readImportCells(raw: Record<string, string>): {
  cells: Record<string, string>;
  errors: Record<string, string>;
  notes: Record<string, string>;
} {
  const cells = { ...raw };
  const errors: Record<string, string> = {};
  const notes: Record<string, string> = {};
  for (const { key, label } of DATE_FIELDS) {
    const cell = raw[key]?.trim();
    if (!cell) continue;
    const date = readDate(cell);
    if (!date.ok) errors[key] = IMPORT_VALUE_ERRORS.date(label, cell);
    else {
      cells[key] = date.value;
      if (date.ambiguous) notes[key] = `${label} ${cell} read as ${longDate(date.value)} (month first)`;
    }
  }
  const gender = raw.gender?.trim();
  if (gender) {
    cells.gender = readGender(gender);
    if (!(GENDERS as readonly string[]).includes(cells.gender)) errors.gender = IMPORT_VALUE_ERRORS.gender(gender);
  }
  const preference = raw.notificationPreference?.trim();
  if (preference) {
    cells.notificationPreference = readPreference(preference);
    if (!(NOTIFICATION_PREFERENCES as readonly string[]).includes(cells.notificationPreference))
      errors.notificationPreference = IMPORT_VALUE_ERRORS.preference(preference);
  }
  return { cells, errors, notes };
}
