import { normalizeSmsText, smsParts, type SmsParts } from './sms-text';

/**
 * A school's attendance notices as texts with placeholders, one rule for the editor's check and preview and for
 * the outbox that sends them.
 *
 * A template is text with placeholders in braces: `{name}` the learner, `{school}` the school's acronym, `{time}`
 * and `{date}` of the event; the arrival-and-departure notice also has `{departure}` (its `{time}` is the
 * arrival). A brace never stands for itself: `{` always opens a placeholder (so an unknown name or a missing `}`
 * is refused, never sent as typed), and `}` only closes one.
 */

/** The notices a school words itself: one per attendance notice, and the one that tells an arrival and a departure. */
export const NOTICE_KINDS = ['CHECK_IN', 'CHECK_OUT', 'LATE_ARRIVAL', 'CORRECTION', 'ABSENCE', 'ARRIVAL_AND_DEPARTURE'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The languages a school's notices go out in: English (the default) or Filipino. */
export const NOTICE_LANGUAGES = ['en', 'fil'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export const NOTICE_LANGUAGE_LABELS: Record<NoticeLanguage, string> = { en: 'English', fil: 'Filipino' };

export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  CHECK_IN: 'Check-in',
  CHECK_OUT: 'Check-out',
  LATE_ARRIVAL: 'Late arrival',
  CORRECTION: 'Correction',
  ABSENCE: 'Absence',
  ARRIVAL_AND_DEPARTURE: 'Arrival and departure in one message',
};

/** What each placeholder stands for (the editor lists them). */
export const PLACEHOLDER_MEANINGS = {
  name: "the learner's name",
  school: "the school's acronym",
  time: 'the time of the tap',
  date: 'the day, e.g. Nov 28',
  departure: 'the time the learner left',
} as const;
export type Placeholder = keyof typeof PLACEHOLDER_MEANINGS;

const COMMON: readonly Placeholder[] = ['name', 'school', 'time', 'date'];
/** The placeholders each notice takes. */
export const NOTICE_PLACEHOLDERS: Record<NoticeKind, readonly Placeholder[]> = {
  CHECK_IN: COMMON,
  CHECK_OUT: COMMON,
  LATE_ARRIVAL: COMMON,
  CORRECTION: COMMON,
  ABSENCE: COMMON,
  ARRIVAL_AND_DEPARTURE: [...COMMON, 'departure'],
};

/**
 * The texts a school starts with, and gets back when it resets one. Each fits one SMS part (160 GSM-7
 * characters) for an ordinary name; a longer name is shortened by the outbox (see `inOnePart`).
 */
export const DEFAULT_TEMPLATES: Record<NoticeLanguage, Record<NoticeKind, string>> = {
  en: {
    CHECK_IN: '{school}: {name} arrived at school at {time}, {date}.',
    CHECK_OUT: '{school}: {name} left school at {time}, {date}.',
    LATE_ARRIVAL: '{school}: {name} arrived LATE at school at {time}, {date}.',
    CORRECTION: '{school}: Correction: {name} was recorded at school at {time}, {date} (a reader sent it late).',
    ABSENCE: '{school}: {name} was marked ABSENT today, {date}. Please contact the school if this is unexpected.',
    ARRIVAL_AND_DEPARTURE: '{school}: {name} arrived at school at {time} and left at {departure}, {date}.',
  },
  fil: {
    CHECK_IN: '{school}: Dumating si {name} sa paaralan nang {time}, {date}.',
    CHECK_OUT: '{school}: Umalis si {name} sa paaralan nang {time}, {date}.',
    LATE_ARRIVAL: '{school}: NAHULI si {name}: dumating sa paaralan nang {time}, {date}.',
    CORRECTION: '{school}: Pagtatama: naitala si {name} sa paaralan nang {time}, {date} (huli itong naipadala ng reader).',
    ABSENCE:
      '{school}: Naitalang LIBAN si {name} ngayong araw, {date}. Makipag-ugnayan po sa paaralan kung hindi ninyo ito inaasahan.',
    ARRIVAL_AND_DEPARTURE: '{school}: Dumating si {name} sa paaralan nang {time} at umalis nang {departure}, {date}.',
  },
};

/** A template's longest text: ample for three SMS parts, short enough to read in the editor. */
export const TEMPLATE_MAX_LENGTH = 480;

/** The placeholders a notice takes, as a refusal lists them: '{name}, {school}, {time} or {date}'. */
export const listPlaceholders = (kind: NoticeKind): string => {
  const names = NOTICE_PLACEHOLDERS[kind].map((p) => `{${p}}`);
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

type Piece = { text: string } | { placeholder: Placeholder };

/** A template cut into text and placeholders, or the first problem found (a message naming it). */
export function parseTemplate(kind: NoticeKind, template: string): { pieces: Piece[] } | { problem: string } {
  const allowed = NOTICE_PLACEHOLDERS[kind];
  const pieces: Piece[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    const close = template.indexOf('}', at);
    if (close !== -1 && (open === -1 || close < open))
      return { problem: `A closing brace without an opening one: "${excerpt(template, close)}"` };
    if (open === -1) {
      pieces.push({ text: template.slice(at) });
      break;
    }
    if (open > at) pieces.push({ text: template.slice(at, open) });
    const end = template.indexOf('}', open);
    const nextOpen = template.indexOf('{', open + 1);
    if (end === -1 || (nextOpen !== -1 && nextOpen < end))
      return { problem: `Unclosed brace: "${excerpt(template, open)}" needs a closing }` };
    const name = template.slice(open + 1, end);
    if (!(allowed as readonly string[]).includes(name))
      return { problem: `Unknown placeholder {${name}}: use ${listPlaceholders(kind)}` };
    pieces.push({ placeholder: name as Placeholder });
    at = end + 1;
  }
  return { pieces };
}

/** Up to 12 characters of the template from `at`, to name where a brace is wrong. */
const excerpt = (template: string, at: number) => Array.from(template.slice(at)).slice(0, 12).join('');

/** Why a template cannot be used (a message naming the wrong placeholder or brace), or null. */
export function templateProblem(kind: NoticeKind, template: string): string | null {
  const parsed = parseTemplate(kind, template);
  return 'problem' in parsed ? parsed.problem : null;
}

export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/**
 * The template with its placeholders filled. A template the rule refuses never reaches here from the API;
 * should one be stored anyway, its notice falls back to the default text rather than send braces to a parent.
 */
export function fillTemplate(kind: NoticeKind, language: NoticeLanguage, template: string, values: PlaceholderValues): string {
  let parsed = parseTemplate(kind, template);
  if ('problem' in parsed) parsed = parseTemplate(kind, DEFAULT_TEMPLATES[language][kind]) as { pieces: Piece[] };
  let out = '';
  for (const piece of parsed.pieces) out += 'text' in piece ? piece.text : (values[piece.placeholder] ?? '');
  // A school without an acronym: no empty "{school}: " prefix.
  return (values.school ? out : out.replace(/^\s*:\s*/, '')).trim();
}

/** A notice's SMS parts as the outbox sends it (normalised). */
export const sentParts = (text: string): SmsParts => smsParts(normalizeSmsText(text));

export interface NoticeLearner {
  firstName: string;
  lastName: string;
}

/**
 * The notice `body(name)` in one SMS part when a shorter name can do it: the full name, else first name and last
 * initial, else the first name cut. A first name with a letter outside GSM-7 makes the notice UCS-2 (70 a part):
 * it is not cut to letters nobody would recognise; the shorter form goes only when it saves a part.
 */
export function inOnePart(learner: NoticeLearner, body: (name: string) => string): string {
  const text = body(`${learner.firstName} ${learner.lastName}`.trim());
  const full = sentParts(text).parts;
  if (full <= 1) return text;
  const shortText = body(`${learner.firstName} ${Array.from(learner.lastName)[0] ?? ''}.`);
  const short = sentParts(shortText);
  if (short.parts <= 1) return shortText;
  if (short.encoding === 'GSM-7') {
    const first = Array.from(learner.firstName);
    const over = short.characters - short.perPart;
    for (let keep = Math.max(1, first.length - over); keep >= 1; keep -= 1) {
      const cut = body(`${first.slice(0, keep).join('')}.`);
      if (sentParts(cut).parts <= 1) return cut;
    }
  }
  return short.parts < full ? shortText : text;
}

/** A notice as the outbox words it: the template filled, the name shortened when that keeps it in one part. */
export function renderNotice(
  kind: NoticeKind,
  language: NoticeLanguage,
  template: string,
  learner: NoticeLearner,
  values: Omit<PlaceholderValues, 'name'>,
): string {
  return inOnePart(learner, (name) => fillTemplate(kind, language, template, { ...values, name }));
}

/** The learner and the moment the editor's preview shows. */
export const SAMPLE_LEARNER: NoticeLearner = { firstName: 'Juan', lastName: 'Dela Cruz' };
export const SAMPLE_VALUES = { school: 'SJHS', time: '7:12 AM', date: 'Nov 28', departure: '4:05 PM' } as const;
/** The preview's moment as a notice in `language` says it (Filipino months: "Nob 28"), for the school `acronym`. */
export const sampleValues = (language: NoticeLanguage, acronym: string) => ({
  ...SAMPLE_VALUES,
  date: language === 'fil' ? 'Nob 28' : SAMPLE_VALUES.date,
  school: acronym,
});
/**
 * The longest ordinary case a school should plan for: a long name, a 10-letter acronym (the longest allowed) and
 * the longest times and day. A template fits one part when this does.
 */
export const LONG_LEARNER: NoticeLearner = { firstName: 'Maria Clara Josefina', lastName: 'Dela Cruz-Villanueva' };
export const LONG_VALUES = { school: 'SSHSMAYNLA', time: '12:45 PM', date: 'Sep 30', departure: '12:50 PM' } as const;

/**
 * What the editor says of a template that costs more than one GSM-7 part: UCS-2 (each part 70 characters), or
 * the parts a long name needs (and whether shortening the name saves them). Empty when a long name fits one part.
 */
export function templateWarnings(kind: NoticeKind, language: NoticeLanguage, template: string): string[] {
  if (templateProblem(kind, template)) return [];
  const fill = (name: string) => fillTemplate(kind, language, template, { ...LONG_VALUES, name });
  const full = sentParts(fill(`${LONG_LEARNER.firstName} ${LONG_LEARNER.lastName}`));
  const sent = sentParts(renderNotice(kind, language, template, LONG_LEARNER, LONG_VALUES));
  const warnings: string[] = [];
  if (full.encoding === 'UCS-2') {
    const odd = Array.from(new Set(Array.from(normalizeSmsText(template)).filter((c) => smsParts(c).encoding === 'UCS-2')));
    warnings.push(
      `Sent as UCS-2 (70 characters a part, not 160) because of ${odd.map((c) => `"${c}"`).join(' ')}: use plain letters to keep it GSM-7`,
    );
  }
  if (sent.parts > 1) warnings.push(`With a long name this notice needs ${sent.parts} SMS parts, each charged`);
  else if (full.parts > 1)
    warnings.push('A long name is shortened (e.g. "Maria Clara Josefina D.") to keep this notice in one part');
  return warnings;
}

/**
 * A school's stored texts: `{ en: { CHECK_IN: '…' }, fil: { … } }`, only the ones it changed. Anything that is not
 * such an object counts as none changed.
 */
export type StoredTemplates = Partial<Record<NoticeLanguage, Partial<Record<NoticeKind, string>>>>;

export function parseStoredTemplates(json: string | null | undefined): StoredTemplates {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredTemplates) : {};
  } catch {
    return {};
  }
}

/** The language a stored value names, English when it names none. */
export const noticeLanguageOf = (value: string | null | undefined): NoticeLanguage => (value === 'fil' ? 'fil' : 'en');

/** The text a school's notice of `kind` goes out with in `language`: its own, else the default. */
export function templateFor(stored: StoredTemplates, language: NoticeLanguage, kind: NoticeKind): string {
  const own = stored[language]?.[kind];
  return typeof own === 'string' && own.trim() ? own : DEFAULT_TEMPLATES[language][kind];
}
