import { normalizeSmsText, smsParts } from '@shared/sms-text';
import type { NotificationType } from './intents';

/**
 * One message per notification type. Short enough for one SMS part (160 GSM-7 characters, counted as sent) for
 * any ordinary name: the school goes by its acronym and a long name is shortened, never the facts (who, what, when).
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
}

/**
 * The two formatters of a time zone, made once: building an Intl.DateTimeFormat costs far more than using one,
 * and a backlog drain formats every message.
 */
const formatters = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

function zoneFormatters(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = {
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
      date: new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }),
    };
    formatters.set(timeZone, f);
  }
  return f;
}

export function formatLocalTime(iso: string, timeZone: string): { time: string; date: string } {
  const d = new Date(iso);
  const f = zoneFormatters(timeZone);
  return { time: f.time.format(d), date: f.date.format(d) };
}

const BODIES: Record<Exclude<NotificationType, 'CUSTOM'>, (name: string, t: { time: string; date: string }) => string> = {
  CHECK_IN: (name, t) => `${name} arrived at school at ${t.time}, ${t.date}.`,
  CHECK_OUT: (name, t) => `${name} left school at ${t.time}, ${t.date}.`,
  LATE_ARRIVAL: (name, t) => `${name} arrived LATE at school at ${t.time}, ${t.date}.`,
  CORRECTION: (name, t) => `Correction: ${name} was recorded at school at ${t.time}, ${t.date} (a reader sent it late).`,
  ABSENCE: (name, t) => `${name} was marked ABSENT today, ${t.date}. Please contact the school if this is unexpected.`,
};

/**
 * The text a channel sends: an SMS in its GSM-7 form (curly quotes, dashes, ellipses and odd spaces typed on
 * phones would make it UCS-2, 70 characters a part); Messenger takes the text as written.
 */
export const channelText = (channel: 'SMS' | 'MESSENGER', text: string): string =>
  channel === 'SMS' ? normalizeSmsText(text) : text;

/** A notice's SMS parts as the outbox sends it (normalised). */
const partsOf = (text: string) => smsParts(normalizeSmsText(text));

export function renderMessage(type: NotificationType, ctx: TemplateContext): string {
  if (type === 'CUSTOM') return (ctx.text ?? '').trim();
  const when = formatLocalTime(ctx.occurredAt, ctx.timeZone);
  return inOneSegment(ctx, (name) => BODIES[type](name, when));
}

/**
 * A learner's arrival (`ctx.occurredAt`) and departure (`leftAt`) of the same day in one message: the arrival notice
 * was still waiting when the departure came, so the parent gets one SMS instead of two.
 */
export function renderArrivalAndDeparture(ctx: TemplateContext, leftAt: string): string {
  const arrived = formatLocalTime(ctx.occurredAt, ctx.timeZone);
  const left = formatLocalTime(leftAt, ctx.timeZone);
  return inOneSegment(ctx, (name) => `${name} arrived at school at ${arrived.time} and left at ${left.time}, ${left.date}.`);
}

/** The school's acronym and `body(name)`, the name shortened (first name + last initial, then cut) until one segment holds it. */
function inOneSegment(ctx: TemplateContext, body: (name: string) => string): string {
  const prefix = ctx.schoolAcronym ? `${ctx.schoolAcronym}: ` : '';
  const withName = (name: string) => prefix + body(name);
  const text = withName(`${ctx.firstName} ${ctx.lastName}`.trim());
  const full = partsOf(text).parts;
  if (full <= 1) return text;
  // First name + last initial; when that is still too long for one GSM-7 part, the first name cut.
  const shortText = withName(`${ctx.firstName} ${Array.from(ctx.lastName)[0] ?? ''}.`);
  const short = partsOf(shortText);
  if (short.parts <= 1) return shortText;
  if (short.encoding === 'GSM-7') {
    const first = Array.from(ctx.firstName);
    const over = short.characters - short.perPart;
    for (let keep = Math.max(1, first.length - over); keep >= 1; keep -= 1) {
      const cut = withName(`${first.slice(0, keep).join('')}.`);
      if (partsOf(cut).parts <= 1) return cut;
    }
  }
  // A first name with letters outside GSM-7 makes the notice UCS-2 (70 per part): it is not cut to letters
  // nobody would recognise; the shorter form goes only when it saves a part.
  return short.parts < full ? shortText : text;
}
