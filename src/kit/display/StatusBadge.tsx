import type { ReactNode } from 'react';
import { badgeLabel, badgeTone, TONE_CLASSES, type BadgeKind, type BadgeTone } from './badges';

type Props =
  | { kind: BadgeKind; value: unknown; children?: ReactNode; title?: string }
  | { tone: BadgeTone; children: ReactNode; title?: string };

/**
 * A status pill. `<StatusBadge kind="sms" value="FAILED" />` picks colour and label by the spec's rules;
 * `<StatusBadge tone="blue">Global</StatusBadge>` for anything else. `children` replaces the label.
 */
export function StatusBadge(props: Props) {
  const tone = 'kind' in props ? badgeTone(props.kind, props.value) : props.tone;
  const label = props.children ?? ('kind' in props ? badgeLabel(props.kind, props.value) : null);
  return (
    <span
      title={props.title}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}
    >
      {label}
    </span>
  );
}
