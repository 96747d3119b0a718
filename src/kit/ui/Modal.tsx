import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { CloseButton, Dialog, useDialogDismiss } from './Dialog';

const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', '2xl': 'max-w-6xl' } as const;

export interface ModalProps {
  open: boolean;
  /** Escape, a click outside and the close button call this. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom (right-aligned). */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
}

/**
 * A form or message dialog: titled header, scrolling body, footer buttons, ✕ top-right; built on the one
 * Dialog (focus trap, Escape, labelled). Put `data-autofocus` on the first field. The panel is `relative`,
 * so a SuccessOverlay inside covers it.
 */
export function Modal({ open, onClose, title, description, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      panelClassName={`relative flex max-h-[calc(100vh-2rem)] w-full flex-col rounded-lg bg-white shadow-xl ${WIDTHS[size]}`}
      header={(heading) => <div className="border-b border-gray-200 py-4 pl-6 pr-14">{heading}</div>}
    >
      <div className="overflow-y-auto px-6 py-4">{children}</div>
      {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-6 py-4">{footer}</div> : null}
      {/* Last in the DOM (shown top-right) so that opening focuses the first field, not this button. */}
      <ModalCloseButton />
    </Dialog>
  );
}

/** The ✕: the dialog's guarded close (asks first when something was typed). */
function ModalCloseButton() {
  const dismiss = useDialogDismiss();
  return (
    <CloseButton
      onClick={() => dismiss?.()}
      className="absolute right-4 top-4 rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
    />
  );
}

/** A form dialog's Cancel: closes through the dialog's guard (asks before discarding what was typed). */
export function CancelButton({ children = 'Cancel', ...props }: Omit<ButtonProps, 'onClick' | 'variant'>) {
  const dismiss = useDialogDismiss();
  return (
    <Button variant="secondary" {...props} onClick={() => dismiss?.()}>
      {children}
    </Button>
  );
}
