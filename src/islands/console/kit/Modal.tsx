import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';

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
 * The console's dialog (ARCHITECTURE.md: dialogs trap focus and close on Escape). Headless UI moves focus into
 * the panel — to the element marked `data-autofocus` (put it on the first field), else the panel itself — and
 * returns it on close.
 * The panel is `relative`, so a SuccessOverlay inside covers it.
 */
export function Modal({ open, onClose, title, description, children, footer, size = 'md' }: ModalProps) {
  // The dialog element itself spans the viewport, so it has a box (assistive tech and tests see it).
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          className={`relative flex max-h-[calc(100vh-2rem)] w-full flex-col rounded-lg bg-white shadow-xl ${WIDTHS[size]}`}
        >
          <div className="border-b border-gray-200 py-4 pl-6 pr-14">
            <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
            {description ? <Description className="mt-1 text-sm text-gray-600">{description}</Description> : null}
          </div>
          <div className="overflow-y-auto px-6 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-6 py-4">{footer}</div> : null}
          {/* Last in the DOM (shown top-right) so that opening focuses the first field, not this button. */}
          <button
            type="button"
            onClick={onClose}
            className="absolute right-4 top-4 rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
            aria-label="Close"
          >
            ✕
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
