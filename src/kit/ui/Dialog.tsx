import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Button } from './Button';

const LAYOUTS = {
  /** A centred panel (forms, confirmations, image viewers). */
  center: 'fixed inset-0 flex items-center justify-center overflow-y-auto p-4',
  /** A panel sliding in from the left edge (the console's phone menu). */
  drawer: 'fixed inset-y-0 left-0 flex',
} as const;

export const DISCARD_TEXTS = {
  title: 'Discard changes?',
  message: 'You have changes that are not saved. Close and lose them?',
  keep: 'Keep Editing',
  discard: 'Discard',
} as const;

/** The guarded close of the dialog around a component (its Cancel/✕ buttons): null outside a dialog. */
const DismissContext = createContext<(() => void) | null>(null);
export const useDialogDismiss = () => useContext(DismissContext);

export interface DialogProps {
  open: boolean;
  /**
   * Escape, a click outside and the content's Cancel/✕ (CancelButton, Modal's ✕) call this — at once while
   * nothing was typed in the dialog, after 'Discard changes?' once something was.
   */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading unless `titleClassName` is 'sr-only'. */
  title: ReactNode;
  titleClassName?: string;
  description?: ReactNode;
  descriptionClassName?: string;
  /** Classes of the panel (size, colour, layout of the content). */
  panelClassName: string;
  backdropClassName?: string;
  layout?: keyof typeof LAYOUTS;
  /** Content before the title (e.g. a header row the title sits in comes from `header`). */
  header?: (title: ReactNode) => ReactNode;
  children: ReactNode;
}

/**
 * THE dialog of the product (console and public site): Headless UI traps focus inside, closes on Escape
 * and outside clicks, returns focus to the opener, and labels the dialog by its title. Focus starts on the
 * element marked `data-autofocus`, else the first focusable one. Modal, ConfirmDialog, the image viewers
 * and the console's phone menu are all built on it; nothing else renders a Headless UI Dialog.
 */
export function Dialog({
  open,
  onClose,
  title,
  titleClassName = 'text-lg font-semibold text-gray-900',
  description,
  descriptionClassName = 'mt-1 text-sm text-gray-600',
  panelClassName,
  backdropClassName = 'bg-black/50',
  layout = 'center',
  header,
  children,
}: DialogProps) {
  // Any edit inside (input, select, checkbox, file) marks the dialog changed; a fresh opening starts clean.
  const [changed, setChanged] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChanged(false);
    setAsking(false);
  }, [open]);
  const dismiss = useCallback(() => (changed ? setAsking(true) : onClose()), [changed, onClose]);
  const markChanged = () => setChanged(true);
  const heading = (
    <>
      <DialogTitle className={titleClassName}>{title}</DialogTitle>
      {description ? <Description className={descriptionClassName}>{description}</Description> : null}
    </>
  );
  // The dialog element itself spans the viewport, so it has a box (assistive tech and tests see it).
  return (
    <HeadlessDialog open={open} onClose={dismiss} className="fixed inset-0 z-50">
      <DialogBackdrop className={`fixed inset-0 ${backdropClassName}`} />
      <div className={LAYOUTS[layout]}>
        <DialogPanel className={panelClassName} onInput={markChanged} onChange={markChanged}>
          <DismissContext.Provider value={dismiss}>
            {header ? header(heading) : heading}
            {children}
          </DismissContext.Provider>
          {asking ? (
            <DiscardDialog
              onKeep={() => setAsking(false)}
              onDiscard={() => {
                setAsking(false);
                onClose();
              }}
            />
          ) : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** 'Discard changes?' over a dialog with edits; focus starts on Keep Editing, so Enter loses nothing. */
function DiscardDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog
      open
      onClose={onKeep}
      title={DISCARD_TEXTS.title}
      description={DISCARD_TEXTS.message}
      panelClassName="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl"
    >
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onKeep} data-autofocus>
          {DISCARD_TEXTS.keep}
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          {DISCARD_TEXTS.discard}
        </Button>
      </div>
    </Dialog>
  );
}

/** The ✕ button of a dialog (give it a name that says what closes). */
export function CloseButton({ onClick, label = 'Close', className }: { onClick: () => void; label?: string; className: string }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={className}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
