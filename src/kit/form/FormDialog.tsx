import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { ErrorBanner } from '../ui/ErrorBanner';
import { CancelButton, Modal, type ModalProps } from '../ui/Modal';
import { SuccessOverlay } from './SuccessOverlay';

export interface FormDialogProps extends Pick<ModalProps, 'open' | 'onClose' | 'title' | 'description' | 'size'> {
  /** The form's id (the footer's submit button is outside the form). */
  formId: string;
  /** Called on submit (the page does not reload: the frame prevents the browser's own submit). */
  onSubmit: () => unknown;
  /** The submit button's text, and its text while saving ('Create Admin' / 'Creating...'). */
  submitLabel: string;
  savingLabel?: string;
  saving: boolean;
  /** The form's banner (the first error of the last attempt), above the fields. */
  message: string | null;
  /** Set once saved: the success overlay, then `onDone` (close, refresh…); the submit button stays off meanwhile. */
  success?: { message: string; onDone: () => void; durationMs?: number } | null;
  /** The form's layout classes (fields in one column by default), and the banner's (e.g. a grid's full row). */
  formClassName?: string;
  bannerClassName?: string;
  /** Extra footer buttons before Cancel. */
  footerStart?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every form dialog: the kit's Modal (focus trap, Escape, the unsaved-changes guard on Cancel and
 * ✕), a form with its error banner, Cancel and the submit button in the footer, and the success overlay.
 * Screens give it their fields and their submit.
 */
export function FormDialog({
  formId,
  onSubmit,
  submitLabel,
  savingLabel,
  saving,
  message,
  success,
  formClassName = 'space-y-4',
  bannerClassName,
  footerStart,
  children,
  ...modal
}: FormDialogProps) {
  return (
    <Modal
      {...modal}
      footer={
        <>
          {footerStart}
          <CancelButton disabled={saving} />
          <Button type="submit" form={formId} loading={saving} disabled={!!success}>
            {saving && savingLabel ? savingLabel : submitLabel}
          </Button>
        </>
      }
    >
      {success ? <SuccessOverlay message={success.message} durationMs={success.durationMs} onDone={success.onDone} /> : null}
      <form
        id={formId}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void onSubmit();
        }}
        className={formClassName}
      >
        <ErrorBanner message={message} className={bannerClassName} />
        {children}
      </form>
    </Modal>
  );
}
