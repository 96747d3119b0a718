import { smsPartsAsSent } from '@shared/sms-text';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Under a field where staff type an SMS: its length, parts and encoding as it will be sent (trimmed, phone
 * punctuation in its GSM-7 form), e.g. '120 characters · 1 part · GSM-7'. A text that still needs UCS-2 says why
 * each part is short; past `maxParts` the line turns red and names the limit. Use it as the field's `hint`.
 */
export function SmsCounter({ text, maxParts }: { text: string; maxParts?: number }) {
  const sms = smsPartsAsSent(text);
  const over = maxParts != null && sms.parts > maxParts;
  const encoding =
    sms.encoding === 'GSM-7' ? 'GSM-7' : `UCS-2: emoji or special characters make each part ${sms.perPart} characters`;
  return (
    <span data-sms-encoding={sms.encoding} className={over ? 'text-red-600' : undefined}>
      {`${plural(sms.characters, 'character')} · ${plural(sms.parts, 'part')} · ${encoding}`}
      {over ? ` · at most ${plural(maxParts, 'part')}` : null}
    </span>
  );
}
