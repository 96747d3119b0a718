import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  fillTemplate,
  LONG_LEARNER,
  LONG_VALUES,
  NOTICE_KINDS,
  NOTICE_LANGUAGES,
  renderNotice,
  SAMPLE_LEARNER,
  SAMPLE_VALUES,
  sentParts,
  templateFor,
  templateProblem,
  templateWarnings,
} from '@shared/notice-templates';
import { noticeTemplatesPatchSchema } from '@domain/notice-templates';
import { validate } from '@domain/validation';
import { renderArrivalAndDeparture, renderMessage, schoolNotices } from '../../../server/features/outbox/templates';

const ctx = {
  firstName: 'Maria',
  lastName: 'Santos',
  schoolAcronym: 'SJHS',
  occurredAt: '2026-11-23T23:12:00Z',
  timeZone: 'Asia/Manila',
};
/** ICU writes a narrow no-break space before AM/PM; the SMS form is a plain space. */
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('notice template placeholders', () => {
  it('refuse an unknown placeholder, naming it and the ones the notice takes', () => {
    expect(templateProblem('CHECK_IN', '{nme} arrived at {time}.')).toBe(
      'Unknown placeholder {nme}: use {name}, {school}, {time} or {date}',
    );
    expect(templateProblem('CHECK_IN', '{name} arrived at {}.')).toBe(
      'Unknown placeholder {}: use {name}, {school}, {time} or {date}',
    );
    // {departure} belongs to the arrival-and-departure notice only.
    expect(templateProblem('CHECK_OUT', '{name} left at {departure}.')).toBe(
      'Unknown placeholder {departure}: use {name}, {school}, {time} or {date}',
    );
    expect(templateProblem('ARRIVAL_AND_DEPARTURE', '{name}: {time} to {departure}, {date}.')).toBeNull();
    expect(templateProblem('ARRIVAL_AND_DEPARTURE', '{name} {leftAt}')).toBe(
      'Unknown placeholder {leftAt}: use {name}, {school}, {time}, {date} or {departure}',
    );
    // Case matters: {Name} is not {name}.
    expect(templateProblem('ABSENCE', '{Name} was absent.')).toBe(
      'Unknown placeholder {Name}: use {name}, {school}, {time} or {date}',
    );
  });

  it('refuse an unclosed or a stray brace, showing where', () => {
    expect(templateProblem('CHECK_IN', '{name} arrived at {time, {date}.')).toBe(
      'Unclosed brace: "{time, {date" needs a closing }',
    );
    expect(templateProblem('CHECK_IN', '{name} arrived at {time')).toBe('Unclosed brace: "{time" needs a closing }');
    expect(templateProblem('CHECK_IN', '{name} arrived :-} at {time}')).toBe(
      'A closing brace without an opening one: "} at {time}"',
    );
    expect(templateProblem('CHECK_IN', 'Plain text with no placeholder at all.')).toBeNull();
  });

  it('the API payload carries the same message on the text it is about', () => {
    const result = validate(noticeTemplatesPatchSchema, {
      templates: [{ language: 'fil', kind: 'CHECK_IN', text: 'Dumating si {pangalan}.' }],
    });
    expect(result).toEqual({
      ok: false,
      errors: { 'templates.0.text': 'Unknown placeholder {pangalan}: use {name}, {school}, {time} or {date}' },
    });
    expect(validate(noticeTemplatesPatchSchema, { language: 'es' })).toEqual({
      ok: false,
      errors: { language: 'Language must be en (English) or fil (Filipino)' },
    });
  });
});

describe('notice template rendering', () => {
  it('fills the placeholders; a school without an acronym gets no empty prefix', () => {
    const values = { ...SAMPLE_VALUES, name: 'Juan Dela Cruz' };
    expect(fillTemplate('CHECK_IN', 'fil', DEFAULT_TEMPLATES.fil.CHECK_IN, values)).toBe(
      'SJHS: Dumating si Juan Dela Cruz sa paaralan nang 7:12 AM, Nov 28.',
    );
    expect(fillTemplate('CHECK_IN', 'en', DEFAULT_TEMPLATES.en.CHECK_IN, { ...values, school: '' })).toBe(
      'Juan Dela Cruz arrived at school at 7:12 AM, Nov 28.',
    );
  });

  it('a stored text the rule refuses falls back to the default rather than send braces', () => {
    expect(fillTemplate('ABSENCE', 'en', '{nme} absent', { ...SAMPLE_VALUES, name: 'Juan' })).toBe(
      'SJHS: Juan was marked ABSENT today, Nov 28. Please contact the school if this is unexpected.',
    );
  });

  it('every default, in both languages, is one GSM-7 part with a long name and the longest acronym', () => {
    for (const language of NOTICE_LANGUAGES)
      for (const kind of NOTICE_KINDS) {
        const template = DEFAULT_TEMPLATES[language][kind];
        const full = fillTemplate(kind, language, template, {
          ...LONG_VALUES,
          name: `${LONG_LEARNER.firstName} ${LONG_LEARNER.lastName}`,
        });
        expect(sentParts(full), `${language} ${kind}: ${full}`).toMatchObject({ encoding: 'GSM-7', parts: 1 });
        expect(templateWarnings(kind, language, template)).toEqual([]);
      }
  });

  it('the outbox words a notice in the school language and its own text, its dates with Filipino months', () => {
    const filipino = { ...ctx, notices: schoolNotices('fil', null) };
    expect(plain(renderMessage('ABSENCE', filipino))).toBe(
      'SJHS: Naitalang LIBAN si Maria Santos ngayong araw, Nob 24. Makipag-ugnayan po sa paaralan kung hindi ninyo ito inaasahan.',
    );
    expect(plain(renderArrivalAndDeparture(filipino, '2026-11-24T08:05:00Z'))).toBe(
      'SJHS: Dumating si Maria Santos sa paaralan nang 7:12 AM at umalis nang 4:05 PM, Nob 24.',
    );
    const own = schoolNotices('fil', JSON.stringify({ fil: { CHECK_IN: 'Nakarating na po si {name} ({time}).' } }));
    expect(plain(renderMessage('CHECK_IN', { ...ctx, notices: own }))).toBe('Nakarating na po si Maria Santos (7:12 AM).');
    // The other notices keep their default; English texts are not used for a Filipino school.
    expect(plain(renderMessage('CHECK_OUT', { ...ctx, notices: own }))).toBe(
      'SJHS: Umalis si Maria Santos sa paaralan nang 7:12 AM, Nob 24.',
    );
    // No language, or stored JSON that is no object: the English defaults.
    expect(plain(renderMessage('CHECK_IN', { ...ctx, notices: schoolNotices(null, '[1,2]') }))).toBe(
      'SJHS: Maria Santos arrived at school at 7:12 AM, Nov 24.',
    );
    expect(templateFor({ en: { CHECK_IN: '   ' } }, 'en', 'CHECK_IN')).toBe(DEFAULT_TEMPLATES.en.CHECK_IN);
  });
});

describe('notice template parts (GSM-7 / UCS-2 vectors)', () => {
  it('phone punctuation in a template becomes GSM-7; an extension character counts twice', () => {
    // Curly quotes, an en dash and an ellipsis as a phone types them: GSM-7 once sent,
    // 'SJHS: "Juan Dela Cruz" arrived - 7:12 AM...' (43).
    const typed = '{school}: \u201c{name}\u201d arrived \u2013 {time}\u2026';
    const text = renderNotice('CHECK_IN', 'en', typed, SAMPLE_LEARNER, SAMPLE_VALUES);
    expect(sentParts(text)).toEqual({
      encoding: 'GSM-7',
      characters: 43,
      parts: 1,
      perPart: 160,
      remainingInPart: 117,
    });
    // '€' and '[' ']' are in the extension table: 2 septets each.
    expect(sentParts(renderNotice('CHECK_IN', 'en', '[{name}] €', SAMPLE_LEARNER, SAMPLE_VALUES)).characters).toBe(
      '[Juan Dela Cruz] €'.length + 3,
    );
  });

  it('a letter outside GSM-7 makes the notice UCS-2, and the editor says why', () => {
    const template = '{school}: Llegó {name} a la escuela a las {time}, {date}.';
    const text = renderNotice('CHECK_IN', 'en', template, SAMPLE_LEARNER, SAMPLE_VALUES);
    expect(sentParts(text)).toMatchObject({ encoding: 'UCS-2', characters: text.length, parts: 1, perPart: 70 });
    expect(templateWarnings('CHECK_IN', 'en', template)).toEqual([
      'Sent as UCS-2 (70 characters a part, not 160) because of "ó": use plain letters to keep it GSM-7',
      'With a long name this notice needs 2 SMS parts, each charged',
    ]);
  });

  it('a long template: the name is shortened to keep one part, or the notice needs more parts', () => {
    const padded = `{school}: {name} arrived at school at {time}, {date}. ${'Thank you for trusting our school. '.repeat(2)}`;
    expect(templateWarnings('CHECK_IN', 'en', padded)).toEqual([
      'A long name is shortened (e.g. "Maria Clara Josefina D.") to keep this notice in one part',
    ]);
    expect(renderNotice('CHECK_IN', 'en', padded, LONG_LEARNER, LONG_VALUES)).toContain('Maria Clara Josefina D. arrived');
    const long = `{name}: ${'x'.repeat(200)}`;
    expect(templateWarnings('ABSENCE', 'en', long)).toEqual(['With a long name this notice needs 2 SMS parts, each charged']);
    // A template the rule refuses has no parts to speak of: its problem is the message.
    expect(templateWarnings('ABSENCE', 'en', '{nme}')).toEqual([]);
  });
});
