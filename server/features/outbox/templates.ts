import { normalizeSmsText } from '@shared/sms-text';
import {
  parseStoredTemplates,
  renderNotice,
  templateFor,
  type NoticeKind,
  type NoticeLanguage,
  type StoredTemplates,
} from '@shared/notice-templates';
import type { NotificationType } from './intents';

/** A school's notice language and the texts it changed (src/shared/notice-templates.ts). */
export interface SchoolNotices {
  language: NoticeLanguage;
  stored: StoredTemplates;
}

const ENGLISH_DEFAULTS: SchoolNotices = { language: 'en', stored: {} };

/**
 * The notices of a school's stored columns. Parsed once per distinct JSON text (a backlog drain renders every
 * message of a school with the same one); the few texts schools have are kept, a bounded number of them.
 */
const parsed = new Map<string, StoredTemplates>();
export function schoolNotices(language: string | null | undefined, json: string | null | undefined): SchoolNotices {
  const lang: NoticeLanguage = language === 'fil' ? 'fil' : 'en';
  if (!json) return lang === 'en' ? ENGLISH_DEFAULTS : { language: lang, stored: {} };
  let stored = parsed.get(json);
  if (!stored) {
    if (parsed.size >= 500) parsed.clear();
    stored = parseStoredTemplates(json);
    parsed.set(json, stored);
  }
  return { language: lang, stored };
}

/**
 * One message per notification type, in the school's language and words (its template, or the default).
 * The defaults fit one SMS part (160 GSM-7 characters, counted as sent) for any ordinary name: the school goes by
 * its acronym and a long name is shortened, never the facts (who, what, when).
 */
export interface TemplateContext {
  firstName: string;
  lastName: string;
  schoolAcronym: string | null;
  /** ISO instant of the event */
  occurredAt: string;
  timeZone: string;
  /** CUSTOM only */
  text?: string;
  /** The school's language and texts; English defaults when absent. */
  notices?: SchoolNotices;
}

/**
 * The two formatters of a time zone and language, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and a backlog drain formats every message.
 */
const formatters = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

/** The date's locale per notice language: Filipino months ("Nob 28", "Set 30"), as short as English ones. */
const DATE_LOCALES: Record<NoticeLanguage, string> = { en: 'en-US', fil: 'fil-PH' };

function zoneFormatters(timeZone: string, language: NoticeLanguage) {
  const key = `${language}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = {
      // "7:12 AM" in both languages: Filipino texts say the time as English does.
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
      date: new Intl.DateTimeFormat(DATE_LOCALES[language], { timeZone, month: 'short', day: 'numeric' }),
    };
    formatters.set(key, f);
  }
  return f;
}

export function formatLocalTime(iso: string, timeZone: string, language: NoticeLanguage = 'en'): { time: string; date: string } {
  const d = new Date(iso);
  const f = zoneFormatters(timeZone, language);
  return { time: f.time.format(d), date: f.date.format(d) };
}

/**
 * The text a channel sends: an SMS in its GSM-7 form (curly quotes, dashes, ellipses and odd spaces typed on
 * phones would make it UCS-2, 70 characters a part); Messenger takes the text as written.
 */
export const channelText = (channel: 'SMS' | 'MESSENGER', text: string): string =>
  channel === 'SMS' ? normalizeSmsText(text) : text;

/** The notice of `kind` for `ctx`'s learner, in the school's language and text, the name shortened to keep one part. */
function notice(kind: NoticeKind, ctx: TemplateContext, values: { time: string; date: string; departure?: string }): string {
  const { language, stored } = ctx.notices ?? ENGLISH_DEFAULTS;
  const template = templateFor(stored, language, kind);
  return renderNotice(kind, language, template, ctx, { school: ctx.schoolAcronym ?? '', ...values });
}

export function renderMessage(type: NotificationType, ctx: TemplateContext): string {
  if (type === 'CUSTOM') return (ctx.text ?? '').trim();
  return notice(type, ctx, formatLocalTime(ctx.occurredAt, ctx.timeZone, ctx.notices?.language));
}

/**
 * A learner's arrival (`ctx.occurredAt`) and departure (`leftAt`) of the same day in one message: the arrival notice
 * was still waiting when the departure came, so the parent gets one SMS instead of two.
 */
export function renderArrivalAndDeparture(ctx: TemplateContext, leftAt: string): string {
  const arrived = formatLocalTime(ctx.occurredAt, ctx.timeZone, ctx.notices?.language);
  const left = formatLocalTime(leftAt, ctx.timeZone, ctx.notices?.language);
  return notice('ARRIVAL_AND_DEPARTURE', ctx, { time: arrived.time, date: left.date, departure: left.time });
}
