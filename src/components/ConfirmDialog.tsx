import { useId, useRef } from 'react';
import Dialog from './Dialog';
import { t } from '../../rules/i18n';

/** Props of a confirm dialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Confirm dialog with Cancel and Confirm (player-shell §4 Logout, accounts §4 "a confirm dialog (cancel,
 * submit)"): labelled by its title, described by its message; focus starts on Cancel, Escape cancels.
 */
export default function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      onDismiss={onCancel}
      initialFocus={cancelRef}
      className="dialog-confirm"
    >
      <h2 id={`${id}-title`} className="dialog-title">
        {title}
      </h2>
      <p id={`${id}-message`}>{message}</p>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
