import { useState, type ReactNode } from 'react';
import { decideUncertain } from './sms-uncertain-actions';
import type { SmsNotification } from '@domain/sms-history';
import { isOpenUncertain } from '@domain/sms-history';
import { Button, useActionNotice, useConfirm } from '@kit';

const QUESTIONS = {
  resend: {
    title: 'Resend Message',
    message:
      'Nobody can tell whether this message reached the parent. If the gateway phone shows it as sent, Dismiss it instead: resending may deliver it twice.',
    confirmLabel: 'Resend',
    tone: 'primary' as const,
  },
  dismiss: {
    title: 'Dismiss Message',
    message: 'The message will not be sent again. Its status stays UNCERTAIN, marked as dismissed.',
    confirmLabel: 'Dismiss',
    tone: 'danger' as const,
  },
};

/**
 * The Resend and Dismiss buttons of an UNCERTAIN row of SMS History, each behind a confirmation, and
 * the outcome notice. `onChanged` gets the row as the server answered it.
 */
export function useUncertainActions(onChanged: (row: SmsNotification) => void): {
  rowActions: (row: SmsNotification) => ReactNode;
  view: ReactNode;
} {
  const { confirm, dialog } = useConfirm();
  const notice = useActionNotice();
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(row: SmsNotification, decision: 'resend' | 'dismiss') {
    if (!(await confirm(QUESTIONS[decision]))) return;
    setBusy(row.id);
    const result = await decideUncertain(row, decision);
    setBusy(null);
    if (result.ok) onChanged(result.data);
    notice.report(result);
  }

  const rowActions = (row: SmsNotification) => {
    if (row.status === 'UNCERTAIN' && row.dismissedAt) return <span className="text-xs text-gray-600">Dismissed</span>;
    if (!isOpenUncertain(row)) return null;
    const who = row.student ? `${row.student.firstName} ${row.student.lastName}` : 'this student';
    return (
      <div className="flex justify-end gap-2">
        {(['resend', 'dismiss'] as const).map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === 'resend' ? 'primary' : 'secondary'}
            onClick={() => void decide(row, decision)}
            disabled={busy === row.id}
            aria-label={`${QUESTIONS[decision].confirmLabel} message to the parent of ${who}`}
          >
            {QUESTIONS[decision].confirmLabel}
          </Button>
        ))}
      </div>
    );
  };
  return {
    rowActions,
    view: (
      <>
        {notice.view}
        {dialog}
      </>
    ),
  };
}
