import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/** Modal close fade (accounts §4 "Modals close with a 300 ms fade"; player-shell §9). */
export const DIALOG_FADE_MS = 300;
/** A mask click this soon after opening is ignored (player-shell §9, accounts §9). */
export const DIALOG_MASK_GUARD_MS = 300;

/** Props of a modal dialog controlled by its parent. */
export interface DialogProps {
  open: boolean;
  /** Id of the element naming the dialog (its title). */
  labelledBy: string;
  describedBy?: string | undefined;
  /** Escape, a mask click or a close control asked to close; the parent sets `open` to false. */
  onDismiss: () => void;
  /** Element focused when the dialog opens; else the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A modal built on <dialog> (player-shell §9): focus moves in and stays inside, Escape dismisses, a mask
 * click dismisses unless it comes within 300 ms of opening, and closing fades out over 300 ms.
 */
export default function Dialog({ open, labelledBy, describedBy, onDismiss, initialFocus, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openedAt = useRef(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      dialog.classList.remove('dialog-closing');
      if (!dialog.open) dialog.showModal();
      openedAt.current = performance.now();
      (initialFocus?.current ?? dialog.querySelector<HTMLElement>('button, a[href], input'))?.focus();
      return;
    }
    if (!dialog.open) return;
    // The fade is a class toggled on the element itself: it belongs to the closing, not to React state.
    dialog.classList.add('dialog-closing');
    const timer = setTimeout(() => {
      dialog.close();
      dialog.classList.remove('dialog-closing');
    }, DIALOG_FADE_MS);
    return () => clearTimeout(timer);
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        if (performance.now() - openedAt.current < DIALOG_MASK_GUARD_MS) return;
        onDismiss();
      }}
    >
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
